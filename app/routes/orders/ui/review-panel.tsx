import { type ReviewData, ReviewItem } from "~/components/reviews";

/**
 * The review of a completed order on its page, as every side reads it. The buyer writes or edits it
 * (buyer-panels.tsx), the tailor answers it (tailor-panels.tsx).
 */

export interface OrderReviewData extends ReviewData {
  editableUntil: Date | string;
}

/** The review panel around each side's content. */
export function ReviewFrame({ children }: { children: React.ReactNode }) {
  return (
    <section aria-labelledby="review-heading" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
      <h2 id="review-heading" className="text-lg font-semibold text-indigo-ink">
        รีวิวช่างตัด
      </h2>
      <div className="mt-2 space-y-3 text-sm text-stone-700">{children}</div>
    </section>
  );
}

export function HiddenNote({ review }: { review: OrderReviewData }) {
  if (!review.hidden) return null;
  return (
    <p className="rounded-lg bg-stone-100 p-3 text-stone-800 ring-1 ring-stone-300" data-testid="review-hidden">
      รีวิวนี้ถูกซ่อนโดยผู้ดูแลระบบ{review.hidden.reason ? `: ${review.hidden.reason}` : ""} (เห็นเฉพาะคุณและช่างตัด)
    </p>
  );
}

/** Someone reading only (an admin): the review and whether it is hidden. */
export function ReadOnlyReviewPanel({ review }: { review: OrderReviewData }) {
  return (
    <ReviewFrame>
      <ReviewItem review={review} />
      <HiddenNote review={review} />
    </ReviewFrame>
  );
}
