import { requireApiUser } from "~/auth/guards.server";
import { SLIP_FILTER, TAB_MESSAGES } from "~/domain/orders/buyer-tabs";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { listMerchantOrders } from "~/domain/orders/queries.server";
import { isOrderStatus } from "~/domain/orders/state-machine";
import { handleApi, jsonError, methodNotAllowed } from "~/http/responses.server";
import { pageFrom } from "~/lib/paging";
import type { Route } from "./+types/api.merchant-orders";

/**
 * GET /api/merchants/orders/me?status=&slip=waiting&page= → { items, page, pageCount, total }: the
 * tailor's incoming orders, of one status, and with `slip=waiting` only those whose transfer slip
 * waits for the tailor to check. Rows carry `payment: { status }` and `delivery` (or null).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["merchant"], messages: ORDER_MESSAGES });
    const url = new URL(request.url);
    const status = url.searchParams.get("status");
    if (status && (!isOrderStatus(status) || status === "cart")) return jsonError(400, "สถานะที่ใช้กรองไม่ถูกต้อง");
    const slip = url.searchParams.get("slip");
    if (slip !== null && slip !== SLIP_FILTER) return jsonError(400, TAB_MESSAGES.badSlip);
    return Response.json(
      await listMerchantOrders(user.id, {
        status: status && isOrderStatus(status) ? status : null,
        slipWaiting: slip === SLIP_FILTER,
        page: pageFrom(url),
      }),
    );
  });
}

/** Only GET: any other method is answered in Thai (405). */
export function action() {
  return methodNotAllowed(["GET"]);
}
