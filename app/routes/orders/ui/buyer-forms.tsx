import { getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { ErrorList, Field, FormErrors, SubmitButton, useShopForm } from "~/components/forms";
import { Form } from "~/components/post-form";
import { COMMENT_MAX } from "~/domain/reviews/review-limits";
import type { OrderReviewData } from "./review-panel";

/*
 * The buyer's form on an order's page, in the form pattern (components/forms.tsx). Loaded with the
 * form library only when the page shows it (buyer-panels.tsx, components/lazy-part.tsx).
 */

const STAR_WORDS: Record<number, string> = { 5: "ดีมาก", 4: "ดี", 3: "พอใช้", 2: "ควรปรับปรุง", 1: "ไม่พอใจ" };

const reviewSchema = () => import("~/domain/reviews/review-forms").then((module) => module.reviewSchema());

/** The buyer's review: stars and an optional comment, first written or changed. */
export function ReviewForm({
  review,
  result,
}: {
  review: OrderReviewData | null;
  result?: SubmissionResult<string[]>;
}) {
  const { form, fields, formProps, focusFirst } = useShopForm({
    id: "review",
    schema: reviewSchema,
    lastResult: result,
    defaultValue: { rating: review ? String(review.rating) : "", comment: review?.comment ?? "" },
  });
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
