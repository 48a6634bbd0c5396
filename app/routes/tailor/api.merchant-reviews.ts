import { REVIEW_MESSAGES } from "~/domain/reviews/review-rules";
import { listTailorReviews } from "~/domain/reviews/reviews.server";
import { parseId } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import { pageFrom } from "~/lib/paging";
import type { Route } from "./+types/api.merchant-reviews";

/**
 * GET /api/merchants/{id}/reviews[?page=N] → { rating: { average, count }, items, page, pageCount,
 * total }: a tailor's shown reviews, newest first, ten a page. Public, like the silk shops.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const merchantId = parseId(params.id, REVIEW_MESSAGES.shopNotFound, REVIEW_MESSAGES.shopNotFound);
    // Each item is a PublicReview: no order id, no edit window, never a hidden review.
    const { rating, reviews } = await listTailorReviews(merchantId, pageFrom(new URL(request.url)));
    return Response.json({ rating, ...reviews });
  });
}

/** Only GET: anything else is answered in Thai (405). */
export function action() {
  return methodNotAllowed(["GET"]);
}
