import { getCart } from "~/domain/orders/cart.server";
import { handleApi, methodNotAllowed } from "~/lib/api.server";
import type { Route } from "./+types/api.cart";
import { requireApiOrderUser } from "./api-support.server";

/** GET /api/cart → the buyer's cart items (orders in status cart). */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiOrderUser(request, ["user"]);
    const cart = await getCart(user.id);
    return Response.json(cart.items);
  });
}

/** Only GET: any other method is answered in Thai (405). */
export function action() {
  return methodNotAllowed(["GET"]);
}
