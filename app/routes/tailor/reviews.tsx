import { Link, useLocation } from "react-router";
import { Pagination } from "~/components/pagination";
import { ReviewItem, Stars } from "~/components/reviews";
import { site } from "~/content/site";
import { formatRating } from "~/domain/reviews/review-limits";
import { REVIEW_MESSAGES } from "~/domain/reviews/review-rules";
import { listTailorReviews } from "~/domain/reviews/reviews.server";
import { parseId } from "~/http/params";
import { orPageError } from "~/http/responses.server";
import { keepForVisitors } from "~/http/visitor-pages.server";
import { formatCount } from "~/lib/format";
import { pageFrom } from "~/lib/paging";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const name = loaderData ? (loaderData.tailor.shopName ?? loaderData.tailor.name) : "ช่างตัด";
  return [
    { title: `รีวิว${name} | ${site.enterpriseName}` },
    { name: "description", content: `รีวิวจากลูกค้าที่สั่งตัดเสื้อกับ${name}` },
  ];
};

/** A shop's reviews, as every visitor sees them, kept while the shops' data is unchanged (app/http/visitor-pages.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [keepForVisitors(["shops"])];

/** Public: a tailor's shown reviews, newest first, ten a page, with the average (404 for a closed or unknown shop). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return orPageError(() => listTailorReviews(parseId(params.id, REVIEW_MESSAGES.shopNotFound), pageFrom(url)));
}

export default function TailorReviews({ loaderData }: Route.ComponentProps) {
  const { tailor, rating, reviews } = loaderData;
  const location = useLocation();
  const name = tailor.shopName ?? tailor.name;
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <p>
        <Link
          to={`/merchant/info/${tailor.id}`}
          className="inline-flex min-h-11 items-center text-indigo-ink underline"
        >
          ← กลับไปหน้าร้าน
        </Link>
      </p>
      <h1 className="text-2xl font-semibold text-indigo-ink">รีวิว{name}</h1>
      {rating.count > 0 ? (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-stone-700">
          <Stars rating={rating.average} size="text-xl" />
          <span className="text-xl font-semibold text-stone-900">{formatRating(rating.average)}</span>
          <span>จาก {formatCount(rating.count)} รีวิว</span>
        </p>
      ) : null}
      {reviews.items.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-white p-8 text-center text-stone-600 shadow-sm ring-1 ring-stone-200">
          ยังไม่มีรีวิวของร้านนี้
        </p>
      ) : (
        <ul className="mt-6 space-y-3" aria-label="รีวิวจากลูกค้า">
          {reviews.items.map((review) => (
            <li key={review.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
              <ReviewItem review={review} tailorName={name} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={reviews.page} pageCount={reviews.pageCount} search={location.search} />
    </section>
  );
}
