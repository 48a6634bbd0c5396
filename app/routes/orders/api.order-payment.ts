import { z } from "zod";
import { requireApiUser } from "~/auth/guards.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { PAYMENT_ANSWERS, PAYMENT_STEP_NOTICES } from "~/domain/payments/payment-answers.server";
import { decidePayment, paymentForViewer } from "~/domain/payments/payments.server";
import { readJson } from "~/http/input.server";
import { parseId } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.order-payment";

/**
 * GET /api/orders/{id}/payment → { status, amount, promptpay: { name, payload, qrUrl }, ... } for
 * the order's buyer, its tailor or an admin (409 before the tailor has taken the order).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["user", "merchant", "admin"], messages: ORDER_MESSAGES });
    const orderId = parseId(params.id, ORDER_MESSAGES.notFound, ORDER_MESSAGES.badId);
    return Response.json(await paymentForViewer(orderId, user));
  });
}

const StepSchema = z.object({
  action: z.enum(["confirm", "reject", "cash", "refunded"], { error: PAYMENT_ANSWERS.unknownAction }),
  reason: z.unknown().optional(),
});

/** PATCH /api/orders/{id}/payment { action: confirm | reject | cash | refunded, reason? }: the order's tailor. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["merchant"], messages: ORDER_MESSAGES });
    const orderId = parseId(params.id, ORDER_MESSAGES.notFound, ORDER_MESSAGES.badId);
    const { action, reason } = await readJson(request, StepSchema);
    const status = await decidePayment({ orderId, tailorId: user.id, action, reason });
    return Response.json({ id: orderId, status, message: PAYMENT_STEP_NOTICES[action].success });
  });
}
