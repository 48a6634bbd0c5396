import { z } from "zod";
import { requireApiUser } from "~/auth/guards.server";
import { statusUpdatedMessage } from "~/domain/admin/messages";
import { adminStatusLabel } from "~/domain/admin/order-query";
import { ORDER_NOT_FOUND, overrideOrderStatus } from "~/domain/admin/orders.server";
import { CANCEL_MESSAGES, CANCEL_REASON_MAX } from "~/domain/orders/cancel-reasons";
import { readJson } from "~/http/input.server";
import { parseId } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.order-status";

const Body = z.object({
  status: z.string({ error: "กรุณาระบุสถานะใหม่" }),
  // Why, for a cancel (issue 46): optional here, kept on the order, its event and the audit log.
  reason: z
    .string({ error: CANCEL_MESSAGES.reasonRequired })
    .trim()
    .max(CANCEL_REASON_MAX, CANCEL_MESSAGES.reasonTooLong)
    .optional(),
});

/**
 * PATCH /admin/orders/{id}/status { status, reason? } → { order, message } (409 when it is already
 * in that status).
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    const admin = await requireApiUser(context, { roles: "admin" });
    if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
    const id = parseId(params.id, ORDER_NOT_FOUND);
    const { status, reason } = await readJson(request, Body);
    const order = await overrideOrderStatus(id, status, admin, reason || undefined);
    return Response.json({ order, message: statusUpdatedMessage(adminStatusLabel(order.status)) });
  });
}

/** A GET (or HEAD) is answered in Thai (405): this call changes things. */
export function loader() {
  return methodNotAllowed(["PATCH"]);
}
