import { requireApiUser } from "~/auth/guards.server";
import { CANCEL_MESSAGES, checkReason } from "~/domain/orders/cancel-reasons";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { orderParties } from "~/domain/orders/queries.server";
import { MERCHANT_STEP_NOTICES } from "~/domain/orders/step-notices.server";
import { transitionOrder } from "~/domain/orders/transitions.server";
import { readOptionalJsonObject } from "~/http/input.server";
import { parseId } from "~/http/params";
import { handleApi, jsonError, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.orders-cancel";

/**
 * PATCH /api/orders/{id}/cancel { reason } → the tailor declines an ordered order or cancels an
 * accepted one; its buyer calls off an order no tailor has accepted yet (issue 46). Either says why
 * (400 without a reason, nothing changed); 409 once the order has moved on (for the buyer: once
 * accepted), 403 for someone else's order, 404 for none.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["merchant", "user"], messages: ORDER_MESSAGES });
    const orderId = parseId(params.id, ORDER_MESSAGES.notFound, ORDER_MESSAGES.badId);
    const body = await readOptionalJsonObject(request);
    // The capacity the caller acts in: the order's tailor, else its buyer (someone with both roles
    // who is neither is refused as whichever they are, by the transition's ownership check).
    const parties = await orderParties(orderId);
    const asTailor = user.roles.includes("merchant") && (parties?.sellerId === user.id || !user.roles.includes("user"));
    const as = asTailor ? "merchant" : "user";
    // A reason given but unusable (too long, not text) is refused as such; a missing one is refused
    // by the transition, once it has checked whose order it is.
    const checked = body.reason === undefined ? null : checkReason(body.reason);
    if (checked && "error" in checked) throw jsonError(400, checked.error);
    const reason = checked?.reason;
    const result = await transitionOrder({ orderId, to: "canceled", actor: user, as, reason });
    return Response.json({
      id: result.orderId,
      status: result.toStatus,
      cancelReason: reason,
      canceledBy: as === "merchant" ? "tailor" : "buyer",
      message: as === "merchant" ? MERCHANT_STEP_NOTICES.cancel.success : CANCEL_MESSAGES.buyerCanceled,
    });
  });
}

/** A GET (or HEAD) is answered in Thai (405): this call changes things. */
export function loader() {
  return methodNotAllowed(["PATCH"]);
}
