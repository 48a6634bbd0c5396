import { MERCHANT_ACTIONS, type MerchantAction } from "~/domain/orders/state-machine";
import { MERCHANT_STEP_NOTICES } from "~/domain/orders/step-notices.server";
import { transitionOrder } from "~/domain/orders/transitions.server";
import type { SessionUser } from "~/domain/users/sessions.server";

/** A tailor's step on an order through the API: the transition and the success message. */
export async function merchantStep(user: SessionUser, orderId: number, action: MerchantAction): Promise<Response> {
  const step = MERCHANT_ACTIONS[action];
  const result = await transitionOrder({ orderId, to: step.to, from: step.from, actor: user, as: "merchant" });
  return Response.json({ id: result.orderId, status: result.toStatus, message: MERCHANT_STEP_NOTICES[action].success });
}
