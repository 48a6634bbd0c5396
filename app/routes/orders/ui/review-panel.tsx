import { getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { ErrorList, Field, FormErrors, SubmitButton, useShopForm } from "~/components/forms";
import { type ReviewData, ReviewItem } from "~/components/reviews";
import { COMMENT_MAX, REPLY_MAX } from "~/domain/reviews/review-rules";
import { formatThaiLongDate } from "~/lib/format";

/** The review of a completed order on its page: the buyer writes or edits it, the tailor answers it. */

export interface OrderReviewData extends ReviewData {
  editableUntil: Date | string;
}

const STAR_WORDS: Record<number, string> = { 5: "ดีมาก", 4: "ดี", 3: "พอใช้", 2: "ควรปรับปรุง", 1: "ไม่พอใจ" };

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <section aria-labelledby="review-heading" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
      <h2 id="review-heading" className="text-lg font-semibold text-indigo-ink">
        รีวิวช่างตัด
      </h2>
      <div className="mt-2 space-y-3 text-sm text-stone-700">{children}</div>
    </section>
  );
}

function HiddenNote({ review }: { review: OrderReviewData }) {
  if (!review.hidden) return null;
  return (
    <p className="rounded-lg bg-stone-100 p-3 text-stone-800 ring-1 ring-stone-300" data-testid="review-hidden">
      รีวิวนี้ถูกซ่อนโดยผู้ดูแลระบบ{review.hidden.reason ? `: ${review.hidden.reason}` : ""} (เห็นเฉพาะคุณและช่างตัด)
    </p>
  );
}

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
    <Frame>
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
    </Frame>
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

const replySchema = () => import("~/domain/reviews/review-forms").then((module) => module.replySchema());

/** The tailor: the review, and one answer. */
export function TailorReviewPanel({
  review,
  result,
}: {
  review: OrderReviewData;
  result?: SubmissionResult<string[]>;
}) {
  const { form, fields, formProps, focusFirst } = useShopForm({ id: "reply", schema: replySchema, lastResult: result });
  return (
    <Frame>
      <ReviewItem review={review} tailorName="คุณ" />
      <HiddenNote review={review} />
      {review.reply === null ? (
        <Form method="post" {...formProps} className="space-y-2 border-t border-stone-100 pt-3">
          <input type="hidden" name="intent" value="review-reply" />
          <FormErrors errors={form.errors} autoFocus={focusFirst("")} />
          <Field
            label="ตอบรีวิวนี้ (ตอบได้ครั้งเดียว)"
            textareaProps={{
              ...getTextareaProps(fields.reply),
              rows: 3,
              maxLength: REPLY_MAX,
              autoFocus: focusFirst("reply"),
            }}
            errors={fields.reply.errors}
          />
          <SubmitButton name="intent" value="review-reply" pendingText="กำลังบันทึก…" className="min-h-11">
            ส่งคำตอบ
          </SubmitButton>
        </Form>
      ) : null}
    </Frame>
  );
}

/** Someone reading only (an admin): the review and whether it is hidden. */
export function ReadOnlyReviewPanel({ review }: { review: OrderReviewData }) {
  return (
    <Frame>
      <ReviewItem review={review} />
      <HiddenNote review={review} />
    </Frame>
  );
}
