import { z } from "zod";
import { requireApiUser } from "~/auth/guards.server";
import { removeCartItem, setCartQuantity } from "~/domain/orders/cart.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { readJson } from "~/http/input.server";
import { parseId } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.cart-item";

const QuantitySchema = z.object({ quantity: z.number({ error: ORDER_MESSAGES.badQuantity }) });

/** DELETE /api/cart/{id} removes a cart item; PATCH /api/cart/{id} { quantity } changes its quantity. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "DELETE" && request.method !== "PATCH") return methodNotAllowed(["DELETE", "PATCH"]);
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["user"], messages: ORDER_MESSAGES });
    const itemId = parseId(params.id, ORDER_MESSAGES.notFound, ORDER_MESSAGES.badId);
    if (request.method === "DELETE") {
      await removeCartItem(user.id, itemId);
      return Response.json({ id: itemId, message: ORDER_MESSAGES.removed });
    }
    const { quantity } = await readJson(request, QuantitySchema);
    await setCartQuantity(user.id, itemId, quantity);
    return Response.json({ id: itemId, quantity, message: ORDER_MESSAGES.quantityUpdated });
  });
}

/** A GET (or HEAD) is answered in Thai (405): this call changes things. */
export function loader() {
  return methodNotAllowed(["DELETE", "PATCH"]);
}
