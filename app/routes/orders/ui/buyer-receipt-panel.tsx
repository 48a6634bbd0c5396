import { Link } from "react-router";
import { SubmitButton } from "~/components/form-fields";
import { Form } from "~/components/post-form";
import { formatThaiDateTime } from "~/lib/format";

/**
 * The end of an order (issue 46), the buyer's side: "ได้รับสินค้าแล้ว" or "มีปัญหากับคำสั่งซื้อ" once the
 * tailor has recorded the delivery. A plain form and a link: they work without JavaScript. Drawn
 * only until the shirt is received, so the order's page loads it then, as a lazy part
 * (docs/decisions.md, 127).
 */
export function BuyerReceiptPanel({
  orderId,
  receiptDueAt,
  problemReported,
  error,
}: {
  orderId: number;
  receiptDueAt: Date | string | null;
  problemReported: boolean;
  error?: string;
}) {
  return (
    <section
      aria-labelledby="receipt-heading"
      data-testid="receipt-panel"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
    >
      <h2 id="receipt-heading" className="text-lg font-semibold text-indigo-ink">
        ได้รับเสื้อแล้วหรือยัง?
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        เมื่อได้รับเสื้อและตรวจดูแล้ว กด “ได้รับสินค้าแล้ว” เพื่อแจ้งช่างตัด
        {problemReported ? null : " หากมีปัญหา เช่น ยังไม่ได้รับ ชำรุด หรือไม่ตรงกับที่สั่ง ให้แจ้งปัญหาแทน"}
      </p>
      {receiptDueAt && !problemReported ? (
        <p data-testid="receipt-due" className="mt-1 text-sm text-stone-600">
          หากไม่กดหรือแจ้งปัญหาภายใน <strong>{formatThaiDateTime(receiptDueAt)}</strong> ร้านจะยืนยันการรับสินค้าให้อัตโนมัติ
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-lac ring-1 ring-lac/30">
          {error}
        </p>
      ) : null}
      <Form method="post" className="mt-3 flex flex-wrap gap-2">
        <SubmitButton name="intent" value="received" pendingText="กำลังบันทึก…" className="min-h-11">
          ได้รับสินค้าแล้ว
        </SubmitButton>
        {problemReported ? null : (
          <Link
            to={`/user/product/${orderId}/problem`}
            className="inline-flex min-h-11 items-center rounded-xl bg-white px-4 py-2.5 font-semibold text-lac ring-1 ring-lac/50 hover:bg-red-50"
          >
            มีปัญหากับคำสั่งซื้อ
          </Link>
        )}
      </Form>
    </section>
  );
}
