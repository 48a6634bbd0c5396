import { requireApiUser } from "~/auth/guards.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { listBuyerOrders } from "~/domain/orders/queries.server";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import { pageFrom } from "~/lib/paging";
import type { Route } from "./+types/api.my-orders";

/** GET /api/user/my_orders?page=N → { items, page, pageCount, total }: the customer's placed orders, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["user"], messages: ORDER_MESSAGES });
    return Response.json(await listBuyerOrders(user.id, pageFrom(new URL(request.url))));
  });
}

/** Only GET: any other method is answered in Thai (405). */
export function action() {
  return methodNotAllowed(["GET"]);
}
