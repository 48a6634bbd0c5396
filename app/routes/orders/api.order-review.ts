import { requireApiUser } from "~/auth/guards.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { reviewSchema } from "~/domain/reviews/review-forms";
import { REVIEW_MESSAGES } from "~/domain/reviews/review-rules";
import { editReview, writeReview } from "~/domain/reviews/reviews.server";
import { readJson } from "~/http/input.server";
import { parseId } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.order-review";

/**
 * POST /api/orders/{id}/review { rating, comment }: the buyer of a completed order reviews its
 * tailor (201); PUT the same changes it, within 30 days. A second POST is 409.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST" && request.method !== "PUT") return methodNotAllowed(["POST", "PUT"]);
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["user"], messages: ORDER_MESSAGES });
    const orderId = parseId(params.id, ORDER_MESSAGES.notFound, ORDER_MESSAGES.badId);
    const input = await readJson(request, reviewSchema());
    if (request.method === "POST") {
      const review = await writeReview(orderId, user.id, input);
      return Response.json({ review, message: REVIEW_MESSAGES.saved }, { status: 201 });
    }
    const review = await editReview(orderId, user.id, input);
    return Response.json({ review, message: REVIEW_MESSAGES.updated });
  });
}

/** A GET (or HEAD) is answered in Thai (405): the review is read with the order (GET /api/orders/{id}). */
export function loader() {
  return methodNotAllowed(["POST", "PUT"]);
}
