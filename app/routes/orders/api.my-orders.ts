import { listBuyerOrders } from "~/domain/orders/queries.server";
import { pageFrom } from "~/domain/orders/views.server";
import { handleApi, methodNotAllowed } from "~/lib/api.server";
import type { Route } from "./+types/api.my-orders";
import { requireApiOrderUser } from "./api-support.server";

/** GET /api/user/my_orders?page=N → { items, page, pageCount, total }: the customer's placed orders, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiOrderUser(request, ["user"]);
    return Response.json(await listBuyerOrders(user.id, pageFrom(new URL(request.url))));
  });
}

/** Only GET: any other method is answered in Thai (405). */
export function action() {
  return methodNotAllowed(["GET"]);
}
