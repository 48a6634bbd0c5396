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
    const { rating, reviews } = await listTailorReviews(merchantId, pageFrom(new URL(request.url)));
    // Hidden reviews never reach this list; the field would say nothing.
    const items = reviews.items.map(({ hidden: _hidden, ...review }) => review);
    return Response.json({ rating, ...reviews, items });
  });
}

/** Only GET: anything else is answered in Thai (405). */
export function action() {
  return methodNotAllowed(["GET"]);
}
