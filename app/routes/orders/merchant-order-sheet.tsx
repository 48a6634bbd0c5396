import { Fragment } from "react";
import { requireUser } from "~/auth/guards.server";
import { lazyPart } from "~/components/lazy-part";
import { site } from "~/content/site";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { ORDER_SIZE_WORDS } from "~/domain/orders/order-size-words";
import { getOrderFor } from "~/domain/orders/queries.server";
import { statusLabel } from "~/domain/orders/state-machine";
import { parseId } from "~/http/params";
import { orPageError } from "~/http/responses.server";
import { formatCount, formatThaiLongDate } from "~/lib/format";
import type { Route } from "./+types/merchant-order-sheet";
import { OrderErrorView } from "./ui/order-error";
import { priceRows } from "./ui/price-rows";
import { PrintBar } from "./ui/print-bar";

/** Most orders are a ready size: the measurements' words and list load only with an order cut to measure. */
const SheetMeasurements = lazyPart(() =>
  import("~/components/measurements").then((module) => module.SheetMeasurements),
);

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `ใบงาน #${loaderData.order.id}` : "ใบงาน"} | ${site.enterpriseName}` },
];

/**
 * /merchant/order/{id}/sheet: the tailor's work sheet of one order, to print on one page and keep
 * at the sewing table: the design's picture and parts, the size, the quantity, who it is for and
 * where it goes, and the measurements frozen on the order. The order's tailor and admins only.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await requireUser(context, {
    roles: ["merchant", "admin"],
    messages: ORDER_MESSAGES,
    wrongRole: "forbidden",
  });
  const orderId = await orPageError(() => parseId(params.id, ORDER_MESSAGES.notFound));
  const order = await orPageError(() => getOrderFor(orderId, user, "merchant"));
  return { order };
}

export default function MerchantOrderSheet({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-6 text-stone-900 print:max-w-none print:p-0 print:text-[12px]">
      <PrintBar backTo={`/merchant/order/${order.id}`} label="พิมพ์ใบงาน" />
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b-2 border-stone-800 pb-2">
        <h1 className="text-xl font-bold">ใบงานตัดเสื้อ คำสั่งซื้อ #{order.id}</h1>
        <p className="text-sm">
          {order.sellerUser?.shopName ?? order.sellerUser?.name} · สถานะ: {statusLabel(order.status)}
        </p>
      </header>
      <div className="mt-4 grid gap-4 sm:grid-cols-[12rem_1fr] print:grid-cols-[11rem_1fr]">
        <img
          src={order.image}
          alt={`ภาพ${order.name}`}
          width={192}
          height={192}
          className="aspect-square w-48 max-w-full rounded-lg bg-cream object-contain ring-1 ring-stone-300 print:w-44"
        />
        <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold">แบบ</dt>
          <dd>{order.name}</dd>
          <dt className="font-semibold">ขนาด</dt>
          <dd
            data-testid="sheet-size"
            className={sizeText(order) === ORDER_SIZE_WORDS.notGiven ? "font-bold" : undefined}
          >
            {sizeText(order)}
          </dd>
          <dt className="font-semibold">จำนวน</dt>
          <dd>{formatCount(order.quantity)} ตัว</dd>
          <dt className="font-semibold">วันที่สั่ง</dt>
          <dd>{order.orderedAt ? formatThaiLongDate(order.orderedAt) : "-"}</dd>
          <dt className="font-semibold">ลูกค้า</dt>
          <dd>
            {order.buyerUser.name}
            {order.buyerUser.phone ? ` โทร ${order.buyerUser.phone}` : ""}
          </dd>
          <dt className="font-semibold">จัดส่งถึง</dt>
          <dd className="break-words">{order.deliveryAddress ?? "-"}</dd>
          {priceRows(order, order.orderedAt !== null).map((row) => (
            <Fragment key={row.label}>
              <dt className="font-semibold">{row.label}</dt>
              <dd>{row.value}</dd>
            </Fragment>
          ))}
        </dl>
      </div>
      <section aria-labelledby="sheet-parts" className="mt-4">
        <h2 id="sheet-parts" className="border-b border-stone-400 font-bold">
          ชิ้นส่วน
        </h2>
        <dl className="mt-1 grid grid-cols-2 gap-x-6 gap-y-0.5 text-sm sm:grid-cols-3">
          {order.parts.map((part) => (
            <div key={part.category} className="flex gap-2">
              <dt className="text-stone-600">{part.categoryLabel}:</dt>
              <dd className="font-semibold">{part.label}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="sheet-measurements" className="mt-4">
        <h2 id="sheet-measurements" className="border-b border-stone-400 font-bold">
          สัดส่วน
        </h2>
        {order.measurements ? (
          <SheetMeasurements measurements={order.measurements} />
        ) : (
          <p className="mt-1 text-sm">
            {order.size ? `ขนาดมาตรฐาน ${order.size.name} (ไม่ได้ตัดตามสัดส่วน)` : sizeText(order)}
          </p>
        )}
      </section>
      <section aria-labelledby="sheet-notes" className="mt-4">
        <h2 id="sheet-notes" className="border-b border-stone-400 font-bold">
          บันทึกของช่าง
        </h2>
        <div aria-hidden="true" className="mt-6 space-y-6">
          <div className="border-b border-dotted border-stone-400" />
          <div className="border-b border-dotted border-stone-400" />
          <div className="border-b border-dotted border-stone-400" />
        </div>
      </section>
    </article>
  );
}

/** The size the shirt is cut to, in words; an order placed before sizes were asked for says to ask. */
function sizeText(order: { size: { name: string } | null; customSize: boolean }): string {
  if (order.customSize) return "ตัดตามสัดส่วนของลูกค้า (ดูสัดส่วนข้างล่าง)";
  return order.size?.name ?? ORDER_SIZE_WORDS.notGiven;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <OrderErrorView error={error} backHref="/merchant" backLabel="กลับไปคำสั่งตัดเสื้อ" />;
}
