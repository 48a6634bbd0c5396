import { Link } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { site } from "~/content/site";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { barcodeSvg } from "~/domain/payments/barcode.server";
import { labelFor } from "~/domain/payments/papers.server";
import { parseId } from "~/http/params";
import { orPageError } from "~/http/responses.server";
import { formatBahtExact, formatCount } from "~/lib/format";
import type { Route } from "./+types/merchant-order-label";
import { OrderErrorView } from "./ui/order-error";
import { PrintBar } from "./ui/print-bar";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `ใบปะหน้าพัสดุ #${loaderData.labels[0]!.orderId}` : "ใบปะหน้าพัสดุ"} | ${site.enterpriseName}` },
];

/** At most this many labels on one A4 sheet (2 × 2 of A6). */
const PER_A4 = 4;

/**
 * /merchant/order/{id}/label: the parcel label (ใบปะหน้าพัสดุ, issue 49) the tailor sticks on the
 * parcel: sender, recipient with address and phone, the order number as a barcode (Code 128 SVG drawn
 * on the server), the amount to collect on delivery when it applies. A6 by default; `?paper=a4` lays
 * out up to four labels on an A4 sheet (this order's, and other orders of the same tailor named by
 * `with=`). The order's tailor and admins only; printable without JavaScript.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context, {
    roles: ["merchant", "admin"],
    messages: ORDER_MESSAGES,
    wrongRole: "forbidden",
  });
  const orderId = await orPageError(() => parseId(params.id, ORDER_MESSAGES.notFound));
  const url = new URL(request.url);
  const paper: "a4" | "a6" = url.searchParams.get("paper") === "a4" ? "a4" : "a6";
  const others = paper === "a4" ? url.searchParams.getAll("with").flatMap((value) => value.split(",")) : [];
  const ids = [orderId];
  for (const other of others) {
    const id = await orPageError(() => parseId(other.trim(), ORDER_MESSAGES.notFound));
    if (!ids.includes(id) && ids.length < PER_A4) ids.push(id);
  }
  const labels = [];
  for (const id of ids) {
    const label = await orPageError(() => labelFor(id, user));
    labels.push({ ...label, barcode: barcodeSvg(label.code) });
  }
  return { paper, labels };
}

/** The printer's page: an A6 label alone, or an A4 sheet of four A6 places (no margins: the labels' own). */
function pageCss(paper: "a4" | "a6"): string {
  return paper === "a4"
    ? "@page { size: A4; margin: 0 } @media print { .label-sheet { display: grid; grid-template-columns: 105mm 105mm; grid-auto-rows: 148.5mm; width: 210mm; } }"
    : "@page { size: 105mm 148mm; margin: 0 }"; // A6, in millimetres: the HTML checker knows no "A6"
}

export default function ParcelLabel({ loaderData }: Route.ComponentProps) {
  const { paper, labels } = loaderData;
  const orderId = labels[0]!.orderId;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 text-black print:max-w-none print:p-0">
      <style>{pageCss(paper)}</style>
      <PrintBar backTo={`/merchant/order/${orderId}`} label="พิมพ์ใบปะหน้า" />
      <p className="mb-3 flex flex-wrap gap-3 text-sm print:hidden">
        {paper === "a4" ? (
          <Link
            to={`/merchant/order/${orderId}/label`}
            className="inline-flex min-h-11 items-center text-indigo-ink underline"
          >
            พิมพ์ขนาด A6 (ดวงเดียว)
          </Link>
        ) : (
          <Link
            to={`/merchant/order/${orderId}/label?paper=a4`}
            className="inline-flex min-h-11 items-center text-indigo-ink underline"
          >
            พิมพ์บนกระดาษ A4 (4 ดวงต่อแผ่น)
          </Link>
        )}
      </p>
      <div className="label-sheet grid gap-4 print:gap-0">
        {labels.map((label) => (
          <section
            key={label.orderId}
            aria-label={`ใบปะหน้าพัสดุ คำสั่งซื้อ #${label.orderId}`}
            data-testid="parcel-label"
            className="box-border w-full max-w-[105mm] overflow-hidden border border-dashed border-stone-500 p-3 text-sm break-inside-avoid print:h-[148mm] print:w-[105mm] print:max-w-none print:p-[5mm]"
          >
            <h1 className="border-b-2 border-black pb-1 text-base font-bold">ใบปะหน้าพัสดุ #{label.orderId}</h1>
            <div className="mt-2">
              <h2 className="text-xs font-semibold">ผู้ส่ง</h2>
              <p>{label.sender.name}</p>
              {label.sender.address ? <p className="break-words whitespace-pre-line">{label.sender.address}</p> : null}
              {label.sender.phone ? <p>โทร {label.sender.phone}</p> : null}
            </div>
            <div className="mt-2 border-2 border-black p-2">
              <h2 className="text-xs font-semibold">ผู้รับ</h2>
              <p className="text-base font-bold">{label.recipient.name}</p>
              <p data-testid="label-address" className="break-words whitespace-pre-line">
                {label.recipient.address ?? "ไม่ได้ระบุที่อยู่ กรุณาติดต่อลูกค้า"}
              </p>
              {label.recipient.phone ? <p className="font-semibold">โทร {label.recipient.phone}</p> : null}
            </div>
            {label.cashOnDelivery !== null ? (
              <p data-testid="label-cod" className="mt-2 border-2 border-black p-1 text-center text-base font-bold">
                เก็บเงินปลายทาง {formatBahtExact(label.cashOnDelivery)}
              </p>
            ) : null}
            <p className="mt-2 text-xs">
              {label.item.name} × {formatCount(label.item.quantity)} ตัว
            </p>
            <figure className="mt-2">
              <div
                role="img"
                aria-label={`บาร์โค้ดเลขคำสั่งซื้อ ${label.code}`}
                className="[&_svg]:h-14 [&_svg]:w-full"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: bwip-js's SVG of the order number, drawn on the server
                dangerouslySetInnerHTML={{ __html: label.barcode }}
              />
              <figcaption className="text-center font-mono text-xs">{label.code}</figcaption>
            </figure>
          </section>
        ))}
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <OrderErrorView error={error} backHref="/merchant" backLabel="กลับไปคำสั่งตัดเสื้อ" />;
}
