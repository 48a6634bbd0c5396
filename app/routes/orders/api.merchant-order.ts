import { getOrderFor, parseOrderId } from "~/domain/orders/queries.server";
import { handleApi, methodNotAllowed } from "~/lib/api.server";
import type { Route } from "./+types/api.merchant-order";
import { requireApiOrderUser } from "./api-support.server";

/** GET /api/merchants/order/{id}/details → the tailor's order (403 not theirs, 404 missing, 409 still a cart item). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiOrderUser(request, ["merchant"]);
    return Response.json(await getOrderFor(parseOrderId(params.id), user, "merchant"));
  });
}

/** Only GET: any other method is answered in Thai (405). */
export function action() {
  return methodNotAllowed(["GET"]);
}
