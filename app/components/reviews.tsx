import { Link } from "react-router";
import { formatRating } from "~/domain/reviews/review-limits";
import { formatCount, formatThaiLongDate } from "~/lib/format";

/** Reviews of tailors as every page shows them (issue 22): stars, a tailor's summary, one review. */

/** Five stars, `rating` of them filled; read out as "4 จาก 5 ดาว". */
export function Stars({ rating, size = "text-base" }: { rating: number; size?: string }) {
  const filled = Math.round(rating);
  return (
    <span role="img" aria-label={`${formatRating(rating)} จาก 5 ดาว`} className={`whitespace-nowrap ${size}`}>
      <span aria-hidden="true" className="text-amber-700">
        {"★".repeat(filled)}
      </span>
      <span aria-hidden="true" className="text-stone-300">
        {"★".repeat(5 - filled)}
      </span>
    </span>
  );
}

/** A tailor's average and count, linking to their reviews page when there are any. */
export function RatingSummary({
  rating,
  merchantId,
}: {
  rating: { average: number; count: number };
  merchantId: number;
}) {
  if (rating.count === 0) return <p className="text-sm text-stone-600">ยังไม่มีรีวิว</p>;
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm text-stone-700" data-testid="tailor-rating">
      <Stars rating={rating.average} />
      <span className="font-semibold text-stone-900">{formatRating(rating.average)}</span>
      <Link
        to={`/merchant/info/${merchantId}/reviews`}
        className="inline-flex min-h-11 items-center text-indigo-ink underline md:min-h-6"
      >
        {formatCount(rating.count)} รีวิว
      </Link>
    </p>
  );
}

export interface ReviewData {
  id: number;
  rating: number;
  comment: string | null;
  author: string;
  reply: string | null;
  createdAt: Date | string;
  /** Only its author, the tailor and admins are told (public reviews are never hidden ones). */
  hidden?: { at: Date | string; reason: string | null } | null;
}

/** One review: stars, who and when, the comment (plain text, its line breaks kept), the tailor's answer. */
export function ReviewItem({
  review,
  tailorName,
  replyLabel,
}: {
  review: ReviewData;
  tailorName?: string;
  /** The reply's heading where the default does not fit (the tailor reading their own: "คำตอบของร้านคุณ"). */
  replyLabel?: string;
}) {
  return (
    <article className="space-y-1 text-sm" aria-label={`รีวิวจาก ${review.author}`}>
      <p className="flex flex-wrap items-center gap-x-2">
        <Stars rating={review.rating} />
        <span className="font-semibold text-stone-800">{review.author}</span>
        <span className="text-stone-500">{formatThaiLongDate(review.createdAt)}</span>
      </p>
      {review.comment ? <p className="break-words whitespace-pre-line text-stone-800">{review.comment}</p> : null}
      {review.reply ? (
        <div className="ml-3 border-l-2 border-silk/60 pl-3 text-stone-700">
          <p className="font-semibold text-indigo-ink">
            {replyLabel ?? `คำตอบจาก${tailorName ? ` ${tailorName}` : "ช่างตัด"}`}
          </p>
          <p className="break-words whitespace-pre-line">{review.reply}</p>
        </div>
      ) : null}
    </article>
  );
}
