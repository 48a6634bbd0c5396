import { apiError, hasRole } from "~/auth/guards.server";
import { getSessionUser, type SessionUser } from "~/auth/session.server";
import type { Role } from "~/data/generated/enums";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { MERCHANT_ACTIONS, type MerchantAction } from "~/domain/orders/state-machine";
import { transitionOrder } from "~/domain/orders/transitions.server";

/** The order calls' guard: 401 and 403 with the order pages' Thai messages (spec section 8). */
export async function requireApiOrderUser(request: Request, roles: readonly Role[]): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw apiError(401, ORDER_MESSAGES.notSignedIn);
  if (!hasRole(user, roles)) throw apiError(403, ORDER_MESSAGES.forbidden);
  return user;
}

/** A tailor's step on an order through the API: the transition and the success message. */
export async function merchantStep(user: SessionUser, orderId: number, action: MerchantAction): Promise<Response> {
  const step = MERCHANT_ACTIONS[action];
  const result = await transitionOrder({ orderId, to: step.to, from: step.from, actor: user, as: "merchant" });
  return Response.json({ id: result.orderId, status: result.toStatus, message: step.success });
}
