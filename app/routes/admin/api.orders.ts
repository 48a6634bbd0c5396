import { requireApiUser } from "~/auth/guards.server";
import { parseOrderQuery } from "~/domain/admin/order-query";
import { listOrders } from "~/domain/admin/orders.server";
import { handleApi } from "~/http/responses.server";
import type { Route } from "./+types/api.orders";

/** GET /admin/orders?status=&sort=id|price|status|created&dir=asc|desc&page= → { orders, total, page, pageCount, pageSize } */
export function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiUser(context, { roles: "admin" });
    const { orders, total, page, pageCount, pageSize } = await listOrders(
      parseOrderQuery(new URL(request.url).searchParams),
    );
    return Response.json({ orders, total, page, pageCount, pageSize });
  });
}
