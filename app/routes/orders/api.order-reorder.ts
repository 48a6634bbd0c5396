import { requireApiUser } from "~/auth/guards.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { REORDER_MESSAGES, reorder } from "~/domain/orders/reorder.server";
import { parseId } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.order-reorder";

/**
 * POST /api/orders/{id}/reorder → 201 { cartItemId, needsTailorChoice, message }: the buyer's
 * canceled or completed order again, as a new cart item (issue 46). Someone else's order 403, none
 * 404; a cart item, an order still running, or a shop design no longer on sale 409.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["user"], messages: ORDER_MESSAGES });
    const orderId = parseId(params.id, ORDER_MESSAGES.notFound, ORDER_MESSAGES.badId);
    const made = await reorder(orderId, user.id);
    const message = made.needsTailorChoice ? REORDER_MESSAGES.chooseTailor : REORDER_MESSAGES.added;
    return Response.json({ ...made, message }, { status: 201 });
  });
}

/** A GET (or HEAD) is answered in Thai (405): this call changes things. */
export function loader() {
  return methodNotAllowed(["POST"]);
}
