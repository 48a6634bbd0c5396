import { z } from "zod";
import { requireApiUser } from "~/auth/guards.server";
import { SIZE_MESSAGES } from "~/domain/catalogue/sizes";
import { addShopDesignToCart } from "~/domain/orders/cart.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { readJson } from "~/http/input.server";
import { parseId } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.cart-add";

const AddSchema = z.object({
  designId: z.number({ error: "กรุณาระบุแบบเสื้อ" }).int().positive(),
  quantity: z.number().int({ error: ORDER_MESSAGES.badQuantity }).min(1, ORDER_MESSAGES.badQuantity).default(1),
  /** The buyer's ready size; without it the design's own, and refused when the design has none. */
  sizeId: z.string({ error: SIZE_MESSAGES.unknown }).nullable().optional(),
});

/**
 * POST /api/cart/add { designId, quantity, sizeId } → 201 { id, message }: a tailor's design into
 * the cart, in the buyer's size.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["user"], messages: ORDER_MESSAGES });
    const input = await readJson(request, AddSchema);
    const item = await addShopDesignToCart(
      user.id,
      parseId(input.designId, ORDER_MESSAGES.designNotFound),
      input.quantity,
      input.sizeId,
    );
    return Response.json({ id: item.id, message: ORDER_MESSAGES.addedToCart }, { status: 201 });
  });
}

/** A GET (or HEAD) is answered in Thai (405): this call changes things. */
export function loader() {
  return methodNotAllowed(["POST"]);
}
