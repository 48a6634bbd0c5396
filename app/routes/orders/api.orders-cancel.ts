import { requireApiUser } from "~/auth/guards.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { MERCHANT_ACTIONS } from "~/domain/orders/state-machine";
import { transitionOrder } from "~/domain/orders/transitions.server";
import { parseId } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.orders-cancel";

/**
 * PATCH /api/orders/{id}/cancel → the tailor declines an ordered order or cancels an accepted
 * one (409 once it is completed or canceled).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["merchant"], messages: ORDER_MESSAGES });
    const orderId = parseId(params.id, ORDER_MESSAGES.notFound, ORDER_MESSAGES.badId);
    const result = await transitionOrder({ orderId, to: "canceled", actor: user, as: "merchant" });
    return Response.json({ id: result.orderId, status: result.toStatus, message: MERCHANT_ACTIONS.cancel.success });
  });
}

/** A GET (or HEAD) is answered in Thai (405): this call changes things. */
export function loader() {
  return methodNotAllowed(["PATCH"]);
}
