import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useSearchParams } from "react-router";
import { SubmitButton } from "~/components/form-fields";
import { lazyPart } from "~/components/lazy-part";
import { ReviewItem } from "~/components/reviews";
import { canSendSlip, PAYMENT_MESSAGES } from "~/domain/payments/payment-states";
import { formatThaiLongDate } from "~/lib/format";
import type { OrderDetailData } from "./order-detail-view";
import { type PaymentData, PaymentFrame, Settled, SlipLink } from "./payment-panel";
import { PromptPayQr } from "./promptpay-qr";
import { HiddenNote, type OrderReviewData, ReviewFrame } from "./review-panel";

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
}: {
  order: Pick<OrderDetailData, "id" | "status">;
  payment: PaymentData;
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
              <PromptPayQr orderId={order.id} amount={payment.amount} promptpay={payment.promptpay} lazy />
            </details>
          </>
        ) : (
          <PromptPayQr orderId={order.id} amount={payment.amount} promptpay={payment.promptpay} />
        )
      ) : null}
      {open && !payment.promptpay ? <p>{PAYMENT_MESSAGES.noPromptPay}</p> : null}
      <SlipLink payment={payment} />
      {open ? (
        <Form method="post" encType="multipart/form-data" className="space-y-2 border-t border-stone-100 pt-3">
          <input type="hidden" name="intent" value="slip" />
          <label className="block font-semibold text-stone-700">
            {payment.status === "slip_sent" ? "ส่งสลิปใหม่แทนใบเดิม" : "แนบสลิปโอนเงิน"}
            <span className="block font-normal text-stone-500">รูปภาพ JPEG, PNG หรือ WebP ไม่เกิน 5 MB</span>
            <input
              name="slip"
              type="file"
              required
              accept="image/jpeg,image/png,image/webp"
              className="mt-1 block w-full text-sm file:mr-2 file:min-h-11 file:rounded-lg file:border-0 file:bg-silk-soft file:px-3 file:py-2 file:text-indigo-ink"
            />
          </label>
          <SubmitButton name="intent" value="slip" pendingText="กำลังส่งสลิป…" className="min-h-11">
            ส่งสลิปโอนเงิน
          </SubmitButton>
        </Form>
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
  return (
    <ReviewFrame>
      {review ? <ReviewItem review={review} /> : <p>ช่างตัดเย็บเสร็จแล้ว บอกคนอื่น ๆ ว่างานของช่างเป็นอย่างไร</p>}
      {review ? <HiddenNote review={review} /> : null}
      {review === null || editing ? <ReviewForm review={review} result={result} /> : null}
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
