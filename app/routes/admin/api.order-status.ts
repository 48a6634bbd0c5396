import { z } from "zod";
import { statusUpdatedMessage } from "~/domain/admin/messages";
import { adminStatusLabel } from "~/domain/admin/order-query";
import { ORDER_NOT_FOUND, overrideOrderStatus } from "~/domain/admin/orders.server";
import { handleApi, methodNotAllowed, readJson } from "~/lib/api.server";
import type { Route } from "./+types/api.order-status";
import { idParam, requireAdminApi } from "./api-support.server";

const Body = z.object({ status: z.string({ error: "กรุณาระบุสถานะใหม่" }) });

/** PATCH /admin/orders/{id}/status { status } → { order, message } (409 when it is already in that status). */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    const admin = await requireAdminApi(request);
    if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
    const id = idParam(params.id, ORDER_NOT_FOUND);
    const { status } = await readJson(request, Body);
    const order = await overrideOrderStatus(id, status, admin);
    return Response.json({ order, message: statusUpdatedMessage(adminStatusLabel(order.status)) });
  });
}
