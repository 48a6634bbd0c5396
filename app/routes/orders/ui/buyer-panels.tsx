import type { SubmissionResult } from "@conform-to/react";
import { Link, useSearchParams } from "react-router";
import { lazyPart } from "~/components/lazy-part";
import { ReviewItem } from "~/components/reviews";
import { canSendSlip, PAYMENT_MESSAGES } from "~/domain/payments/payment-states";
import { formatThaiLongDate } from "~/lib/format";
import type { OrderDetailData } from "./order-detail-view";
import { PaperLink, type PaymentData, PaymentFrame, Settled, SlipLink } from "./payment-panel";
import { PromptPayQr } from "./promptpay-qr";
import { HiddenNote, type OrderReviewData, ReviewFrame } from "./review-panel";
import { SlipForm } from "./slip-form";

/*
 * What the buyer does on their order's page: pay (the QR code and the slip) and review the tailor.
 * The tailor's side is tailor-panels.tsx; what every side reads, the panels beside them. Each
 * order page loads only its own side's code, and the review form comes with the form library
 * (buyer-forms.tsx) only when the page shows it.
 */

/**
 * The buyer's side: the Thai QR code for exactly the amount (promptpay-qr.tsx; folded away once a
 * slip is sent), the account it pays, and the slip upload.
 */
export function BuyerPaymentPanel({
  order,
  payment,
  slipError,
}: {
  order: Pick<OrderDetailData, "id" | "status">;
  payment: PaymentData;
  /** Why the last slip sent was refused (slip-form.tsx shows it beside the field). */
  slipError?: string;
}) {
  const open = canSendSlip(order.status, payment.status);
  return (
    <PaymentFrame payment={payment}>
      <Settled payment={payment} />
      {open && payment.promptpay ? (
        payment.status === "slip_sent" ? (
          // A slip is sent: the code is folded away (paying twice is the risk), one tap brings it back.
          <>
            <p className="rounded-lg bg-blue-50 p-3 text-blue-950 ring-1 ring-blue-200">
              ส่งสลิปแล้ว รอร้านตรวจสอบ ไม่ต้องโอนเงินซ้ำ
            </p>
            <details>
              <summary className="min-h-11 cursor-pointer py-2 font-semibold text-indigo-ink">
                แสดงคิวอาร์โค้ดอีกครั้ง
              </summary>
              <PromptPayQr
                orderId={order.id}
                amount={payment.due || payment.amount}
                promptpay={payment.promptpay}
                lazy
              />
            </details>
          </>
        ) : (
          <PromptPayQr orderId={order.id} amount={payment.due || payment.amount} promptpay={payment.promptpay} />
        )
      ) : null}
      {open && !payment.promptpay ? <p>{PAYMENT_MESSAGES.noPromptPay}</p> : null}
      {payment.status === "deposit_paid" ? (
        <p className="rounded-lg bg-blue-50 p-3 text-blue-950 ring-1 ring-blue-200">
          ร้านได้รับเงินมัดจำแล้ว ชำระส่วนที่เหลือก่อนจัดส่ง
          {payment.balance?.status === "cash_on_delivery" ? " หรือชำระเงินปลายทางเมื่อได้รับสินค้า" : ""}
        </p>
      ) : null}
      <SlipLink payment={payment} />
      {open ? <SlipForm replacing={payment.status === "slip_sent"} error={slipError} /> : null}
      {payment.status === "paid" ? (
        <PaperLink to={`/user/product/${order.id}/receipt`}>ใบเสร็จรับเงิน (พิมพ์ได้)</PaperLink>
      ) : null}
    </PaymentFrame>
  );
}

const ReviewForm = lazyPart(() => import("./buyer-forms").then((module) => module.ReviewForm));

/**
 * The buyer: a form for the first review; then the review, with a link to change it for 30 days
 * (`?edit=review`, the rarer step; open again when a change came back refused).
 */
export function BuyerReviewPanel({
  review,
  canEdit,
  result,
}: {
  review: OrderReviewData | null;
  canEdit: boolean;
  result?: SubmissionResult<string[]>;
}) {
  const [searchParams] = useSearchParams();
  const asked = searchParams.get("edit") === "review";
  const editing = review !== null && canEdit && (asked || result !== undefined);
  // A refusal the form would show at its top, when the form is no longer offered (past 30 days).
  const refusal = result?.error?.[""]?.[0] ?? null;
  return (
    <ReviewFrame>
      {review ? <ReviewItem review={review} /> : <p>ช่างตัดเย็บเสร็จแล้ว บอกคนอื่น ๆ ว่างานของช่างเป็นอย่างไร</p>}
      {review ? <HiddenNote review={review} /> : null}
      {review === null || editing ? <ReviewForm review={review} result={result} /> : null}
      {refusal && !(review === null || editing) ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-lac ring-1 ring-lac/30">
          {refusal}
        </p>
      ) : null}
      {review && canEdit && !editing ? (
        <Link
          to="?edit=review"
          preventScrollReset
          className="inline-flex min-h-11 items-center border-t border-stone-100 pt-2 font-semibold text-indigo-ink underline"
        >
          แก้ไขรีวิว (ได้ถึง {formatThaiLongDate(review.editableUntil)})
        </Link>
      ) : null}
      {editing && asked ? (
        <Link to="." preventScrollReset className="inline-flex min-h-11 items-center text-stone-600 underline">
          ยกเลิก
        </Link>
      ) : null}
    </ReviewFrame>
  );
}
