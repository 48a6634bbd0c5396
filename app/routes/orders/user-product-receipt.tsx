import { requireUser } from "~/auth/guards.server";
import { site } from "~/content/site";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { receiptFor } from "~/domain/payments/papers.server";
import { parseId } from "~/http/params";
import { orPageError } from "~/http/responses.server";
import { formatBahtExact, formatCount, formatThaiLongDate } from "~/lib/format";
import type { Route } from "./+types/user-product-receipt";
import { OrderErrorView } from "./ui/order-error";
import { PrintBar } from "./ui/print-bar";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `ใบเสร็จรับเงิน #${loaderData.receipt.orderId}` : "ใบเสร็จรับเงิน"} | ${site.enterpriseName}` },
];

/**
 * /user/product/{id}/receipt: the buyer's receipt (ใบเสร็จรับเงิน, issue 49) of a paid order, to
 * print or keep as a PDF: who was paid (the shop's name and address, or its PromptPay name), who
 * paid, the item, the shipping, the total in figures and in Thai words, the payment date and the
 * order number. The order's buyer and admins only; 409 until the tailor has confirmed the payment.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await requireUser(context, {
    roles: ["user", "admin"],
    messages: ORDER_MESSAGES,
    wrongRole: "forbidden",
  });
  const orderId = await orPageError(() => parseId(params.id, ORDER_MESSAGES.notFound));
  const receipt = await orPageError(() => receiptFor(orderId, user));
  return { receipt };
}

export default function OrderReceipt({ loaderData }: Route.ComponentProps) {
  const { receipt } = loaderData;
  return (
    <article className="mx-auto max-w-2xl px-4 py-6 text-stone-900 print:max-w-none print:p-0 print:text-[12px]">
      <PrintBar backTo={`/user/product/${receipt.orderId}`} label="พิมพ์ใบเสร็จ" />
      <header className="border-b-2 border-stone-800 pb-2">
        <h1 className="text-xl font-bold">ใบเสร็จรับเงิน</h1>
        <p className="text-sm">
          เลขที่คำสั่งซื้อ <span data-testid="receipt-order">#{receipt.orderId}</span> · วันที่ชำระเงิน{" "}
          {formatThaiLongDate(receipt.paidAt)}
        </p>
      </header>
      <div className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
        <section aria-labelledby="receipt-seller">
          <h2 id="receipt-seller" className="font-semibold">
            ผู้รับเงิน
          </h2>
          <p>{receipt.seller.name}</p>
          {receipt.seller.address ? (
            <p className="break-words whitespace-pre-line">{receipt.seller.address}</p>
          ) : receipt.seller.promptpayName ? (
            <p>บัญชีพร้อมเพย์: {receipt.seller.promptpayName}</p>
          ) : null}
          {receipt.seller.phone ? <p>โทร {receipt.seller.phone}</p> : null}
        </section>
        <section aria-labelledby="receipt-buyer">
          <h2 id="receipt-buyer" className="font-semibold">
            ผู้ชำระเงิน
          </h2>
          <p>{receipt.buyer.name}</p>
          {receipt.buyer.address ? <p className="break-words whitespace-pre-line">{receipt.buyer.address}</p> : null}
          {receipt.buyer.phone ? <p>โทร {receipt.buyer.phone}</p> : null}
        </section>
      </div>
      <table className="mt-4 w-full text-sm">
        <caption className="sr-only">รายการที่ชำระ</caption>
        <thead>
          <tr className="border-b border-stone-500 text-left">
            <th scope="col" className="py-1">
              รายการ
            </th>
            <th scope="col" className="py-1 text-right">
              จำนวนเงิน
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-stone-200">
            <td className="py-1">
              {receipt.item.name} × {formatCount(receipt.item.quantity)} ตัว
              {receipt.item.unitPrice !== null ? ` (ตัวละ ${formatBahtExact(receipt.item.unitPrice)})` : ""}
            </td>
            <td className="py-1 text-right">{formatBahtExact(receipt.item.amount)}</td>
          </tr>
          <tr className="border-b border-stone-200">
            <td className="py-1">ค่าจัดส่ง</td>
            <td className="py-1 text-right">{formatBahtExact(receipt.shippingFee)}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr className="font-bold">
            <th scope="row" className="py-1 text-left">
              รวมทั้งสิ้น
            </th>
            <td className="py-1 text-right" data-testid="receipt-total">
              {formatBahtExact(receipt.total)}
            </td>
          </tr>
        </tfoot>
      </table>
      <p className="mt-2 text-sm">
        ตัวอักษร: <span data-testid="receipt-words">({receipt.totalWords})</span>
      </p>
      <p className="mt-1 text-sm">ชำระโดย{receipt.method === "cash" ? "เงินสดหรือช่องทางอื่น" : "โอนพร้อมเพย์"}</p>
      <p className="mt-8 text-right text-sm">
        ผู้รับเงิน ......................................
        <br />({receipt.seller.name})
      </p>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <OrderErrorView error={error} backHref="/user/orders" backLabel="กลับไปคำสั่งซื้อของฉัน" />;
}
