import { parseOrderQuery } from "~/domain/admin/order-query";
import { listOrders } from "~/domain/admin/orders.server";
import { handleApi } from "~/lib/api.server";
import type { Route } from "./+types/api.orders";
import { requireAdminApi } from "./api-support.server";

/** GET /admin/orders?status=&sort=id|price|status|created&dir=asc|desc&page= → { orders, total, page, pageCount, pageSize } */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdminApi(request);
    const { orders, total, page, pageCount, pageSize } = await listOrders(
      parseOrderQuery(new URL(request.url).searchParams),
    );
    return Response.json({ orders, total, page, pageCount, pageSize });
  });
}
