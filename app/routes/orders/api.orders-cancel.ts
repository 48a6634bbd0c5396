import { parseOrderId } from "~/domain/orders/queries.server";
import { MERCHANT_ACTIONS } from "~/domain/orders/state-machine";
import { transitionOrder } from "~/domain/orders/transitions.server";
import { handleApi, methodNotAllowed } from "~/lib/api.server";
import type { Route } from "./+types/api.orders-cancel";
import { requireApiOrderUser } from "./api-support.server";

/**
 * PATCH /api/orders/{id}/cancel → the tailor declines an ordered order or cancels an accepted
 * one (409 once it is completed or canceled).
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  return handleApi(async () => {
    const user = await requireApiOrderUser(request, ["merchant"]);
    const orderId = parseOrderId(params.id);
    const result = await transitionOrder({ orderId, to: "canceled", actor: user, as: "merchant" });
    return Response.json({ id: result.orderId, status: result.toStatus, message: MERCHANT_ACTIONS.cancel.success });
  });
}

/** A GET (or HEAD) is answered in Thai (405): this call changes things. */
export function loader() {
  return methodNotAllowed(["PATCH"]);
}
