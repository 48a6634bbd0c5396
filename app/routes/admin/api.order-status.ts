import { z } from "zod";
import { requireApiUser } from "~/auth/guards.server";
import { statusUpdatedMessage } from "~/domain/admin/messages";
import { adminStatusLabel } from "~/domain/admin/order-query";
import { ORDER_NOT_FOUND, overrideOrderStatus } from "~/domain/admin/orders.server";
import { readJson } from "~/http/input.server";
import { parseId } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.order-status";

const Body = z.object({ status: z.string({ error: "กรุณาระบุสถานะใหม่" }) });

/** PATCH /admin/orders/{id}/status { status } → { order, message } (409 when it is already in that status). */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    const admin = await requireApiUser(context, { roles: "admin" });
    if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
    const id = parseId(params.id, ORDER_NOT_FOUND);
    const { status } = await readJson(request, Body);
    const order = await overrideOrderStatus(id, status, admin);
    return Response.json({ order, message: statusUpdatedMessage(adminStatusLabel(order.status)) });
  });
}

/** A GET (or HEAD) is answered in Thai (405): this call changes things. */
export function loader() {
  return methodNotAllowed(["PATCH"]);
}
