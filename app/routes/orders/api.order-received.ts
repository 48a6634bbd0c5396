import { requireApiUser } from "~/auth/guards.server";
import { RECEIPT_MESSAGES } from "~/domain/delivery/receipt";
import { confirmReceipt } from "~/domain/delivery/receipt.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { parseId } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.order-received";

/**
 * PATCH /api/orders/{id}/received → { id, delivery, message }: the buyer confirms "ได้รับสินค้าแล้ว"
 * (issue 46), which sets `delivery.receivedAt`. Its buyer only (someone else's order, or a tailor or
 * an admin: 403; none: 404); before the tailor has recorded the delivery, once received, or on a
 * canceled order: 409.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["user"], messages: ORDER_MESSAGES });
    const orderId = parseId(params.id, ORDER_MESSAGES.notFound, ORDER_MESSAGES.badId);
    const delivery = await confirmReceipt({ orderId, buyerId: user.id });
    return Response.json({ id: orderId, delivery, message: RECEIPT_MESSAGES.confirmed });
  });
}

/** A GET (or HEAD) is answered in Thai (405): this call changes things. */
export function loader() {
  return methodNotAllowed(["PATCH"]);
}
