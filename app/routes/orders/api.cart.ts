import { requireApiUser } from "~/auth/guards.server";
import { getCart } from "~/domain/orders/cart.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.cart";

/** GET /api/cart → the buyer's cart items (orders in status cart). */
export async function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["user"], messages: ORDER_MESSAGES });
    const cart = await getCart(user.id);
    return Response.json(cart.items);
  });
}

/** Only GET: any other method is answered in Thai (405). */
export function action() {
  return methodNotAllowed(["GET"]);
}
