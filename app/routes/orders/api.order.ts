import { getOrderFor, parseOrderId } from "~/domain/orders/queries.server";
import { handleApi, methodNotAllowed } from "~/lib/api.server";
import type { Route } from "./+types/api.order";
import { requireApiOrderUser } from "./api-support.server";

/** GET /api/orders/{id} → one order with its parts and events, for its buyer (or an admin). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiOrderUser(request, ["user", "admin"]);
    return Response.json(await getOrderFor(parseOrderId(params.id), user, "user"));
  });
}

/** Only GET: any other method is answered in Thai (405). */
export function action() {
  return methodNotAllowed(["GET"]);
}
