import { requireApiUser } from "~/auth/guards.server";
import { isBuyerTab, TAB_MESSAGES } from "~/domain/orders/buyer-tabs";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { listBuyerOrders } from "~/domain/orders/queries.server";
import { handleApi, jsonError, methodNotAllowed } from "~/http/responses.server";
import { pageFrom } from "~/lib/paging";
import type { Route } from "./+types/api.my-orders";

/**
 * GET /api/user/my_orders?tab=&page=N → { items, page, pageCount, total }: the customer's placed
 * orders, newest first; all of them without `tab`, or one tab's (to_pay, to_confirm, to_receive,
 * done, canceled: app/domain/orders/buyer-tabs.ts). Each row carries `payment: { status }`,
 * `delivery` (null until there is one) and `stage` (the words the orders page shows).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["user"], messages: ORDER_MESSAGES });
    const url = new URL(request.url);
    const tab = url.searchParams.get("tab");
    if (tab !== null && !isBuyerTab(tab)) return jsonError(400, TAB_MESSAGES.badTab);
    return Response.json(await listBuyerOrders(user.id, pageFrom(url), { tab }));
  });
}

/** Only GET: any other method is answered in Thai (405). */
export function action() {
  return methodNotAllowed(["GET"]);
}
