import type { SubmissionResult } from "@conform-to/react";
import { getTextareaProps } from "@conform-to/react";
import { Form } from "react-router";
import { ErrorList, Field, FormErrors, SubmitButton, useShopForm } from "~/components/forms";
import { ReviewItem } from "~/components/reviews";
import { canSendSlip, PAYMENT_MESSAGES } from "~/domain/payments/payment-states";
import { COMMENT_MAX } from "~/domain/reviews/review-rules";
import { formatBahtExact, formatThaiLongDate } from "~/lib/format";
import type { OrderDetailData } from "./order-detail-view";
import { type PaymentData, PaymentFrame, Settled, SlipLink } from "./payment-panel";
import { HiddenNote, type OrderReviewData, ReviewFrame } from "./review-panel";

/*
 * What the buyer does on their order's page: pay (the QR code and the slip) and review the tailor.
 * The tailor's side is tailor-panels.tsx; what every side reads, the panels beside them. Each
 * order page loads only its own side's code.
 */

/**
 * The buyer's side: the Thai QR code for exactly the amount (drawn on the server: it shows without
 * JavaScript), the account it pays, the payload as text and a download, and the slip upload.
 */
export function BuyerPaymentPanel({
  order,
  payment,
  qrSvg,
}: {
  order: Pick<OrderDetailData, "id" | "status">;
  payment: PaymentData;
  qrSvg: string | null;
}) {
  const open = canSendSlip(order.status, payment.status);
  return (
    <PaymentFrame payment={payment}>
      <Settled payment={payment} />
      {open && payment.promptpay && qrSvg ? (
        <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
          <div
            role="img"
            aria-label={`คิวอาร์โค้ดพร้อมเพย์ ยอด ${formatBahtExact(payment.amount)} ชำระให้ ${payment.promptpay.name}`}
            className="mx-auto w-48 max-w-full rounded-lg bg-white ring-1 ring-stone-200 [&>svg]:h-auto [&>svg]:w-full"
            // Drawn by the server from the payload (qrcode's SVG: paths only, nothing the buyer typed).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own QR drawing, no user text inside
            dangerouslySetInnerHTML={{ __html: qrSvg }}
          />
          <div className="min-w-0 space-y-2">
            <p>
              สแกนด้วยแอปธนาคารใดก็ได้ ยอดเงินจะขึ้นให้ตรงกับคำสั่งซื้อนี้
              <br />
              ชื่อบัญชี <span className="font-semibold text-stone-900">{payment.promptpay.name}</span>
              <br />
              พร้อมเพย์ <span className="font-semibold text-stone-900">{payment.promptpay.id}</span>
            </p>
            <a
              href={`${payment.promptpay.qrUrl}?download=1`}
              download={`promptpay-order-${order.id}.svg`}
              className="inline-flex min-h-11 items-center rounded-lg px-3 py-2 font-semibold text-indigo-ink ring-1 ring-indigo-ink/30 hover:bg-indigo-soft"
            >
              ดาวน์โหลดคิวอาร์โค้ด
            </a>
            <details>
              <summary className="min-h-11 cursor-pointer py-2 text-indigo-ink">ข้อมูลคิวอาร์โค้ดแบบข้อความ</summary>
              <p data-testid="promptpay-payload" className="break-all rounded bg-stone-50 p-2 font-mono text-xs">
                {payment.promptpay.payload}
              </p>
            </details>
          </div>
        </div>
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

const STAR_WORDS: Record<number, string> = { 5: "ดีมาก", 4: "ดี", 3: "พอใช้", 2: "ควรปรับปรุง", 1: "ไม่พอใจ" };

const reviewSchema = () => import("~/domain/reviews/review-forms").then((module) => module.reviewSchema());

function useReviewForm(review: OrderReviewData | null, result?: SubmissionResult<string[]>) {
  return useShopForm({
    id: "review",
    schema: reviewSchema,
    lastResult: result,
    defaultValue: { rating: review ? String(review.rating) : "", comment: review?.comment ?? "" },
  });
}

/** The buyer: a form for the first review, then the review with an edit form for 30 days. */
export function BuyerReviewPanel({
  review,
  canEdit,
  result,
}: {
  review: OrderReviewData | null;
  canEdit: boolean;
  result?: SubmissionResult<string[]>;
}) {
  const { form, fields, formProps, focusFirst } = useReviewForm(review, result);
  const open = review === null || canEdit;
  return (
    <ReviewFrame>
      {review ? <ReviewItem review={review} /> : <p>ช่างตัดเย็บเสร็จแล้ว บอกคนอื่น ๆ ว่างานของช่างเป็นอย่างไร</p>}
      {review ? <HiddenNote review={review} /> : null}
      {open && review ? (
        // Changing a review is the rarer step: folded away until asked for (open when it came back refused).
        <details open={result?.status === "error"} className="border-t border-stone-100 pt-2">
          <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-indigo-ink">
            แก้ไขรีวิว (ได้ถึง {formatThaiLongDate(review.editableUntil)})
          </summary>
          <ReviewForm review={review} formProps={formProps} form={form} fields={fields} focusFirst={focusFirst} />
        </details>
      ) : open ? (
        <ReviewForm review={review} formProps={formProps} form={form} fields={fields} focusFirst={focusFirst} />
      ) : null}
    </ReviewFrame>
  );
}

function ReviewForm({
  review,
  formProps,
  form,
  fields,
  focusFirst,
}: {
  review: OrderReviewData | null;
} & Pick<ReturnType<typeof useReviewForm>, "formProps" | "form" | "fields" | "focusFirst">) {
  return (
    <Form method="post" {...formProps} className="space-y-3 border-t border-stone-100 pt-3">
      <input type="hidden" name="intent" value="review" />
      <FormErrors errors={form.errors} autoFocus={focusFirst("")} />
      <fieldset aria-describedby={fields.rating.errors?.length ? "review-rating-error" : undefined}>
        <legend className="font-semibold text-stone-700">{review ? "แก้ไขคะแนน" : "ให้คะแนน"}</legend>
        <div className="mt-1 flex flex-wrap gap-x-3">
          {[5, 4, 3, 2, 1].map((stars) => (
            <label key={stars} className="flex min-h-11 items-center gap-1.5">
              <input
                type="radio"
                name={fields.rating.name}
                value={stars}
                defaultChecked={review?.rating === stars}
                required
                // biome-ignore lint/a11y/noAutofocus: only on the page answering a refused form without JavaScript (the form pattern)
                autoFocus={stars === 5 && focusFirst("rating")}
                className="size-5 accent-indigo-ink"
              />
              <span aria-hidden="true" className="text-amber-700">
                {"★".repeat(stars)}
              </span>
              <span>
                {stars} ดาว ({STAR_WORDS[stars]})
              </span>
            </label>
          ))}
        </div>
        <ErrorList id="review-rating-error" errors={fields.rating.errors} />
      </fieldset>
      <Field
        label="ความคิดเห็น (ไม่บังคับ)"
        hint={`ไม่เกิน ${COMMENT_MAX.toLocaleString("th-TH")} ตัวอักษร`}
        textareaProps={{
          ...getTextareaProps(fields.comment),
          rows: 3,
          maxLength: COMMENT_MAX,
          autoFocus: focusFirst("comment"),
        }}
        errors={fields.comment.errors}
      />
      <SubmitButton name="intent" value="review" pendingText="กำลังบันทึก…" className="min-h-11">
        {review ? "บันทึกการแก้ไขรีวิว" : "ส่งรีวิว"}
      </SubmitButton>
    </Form>
  );
}
