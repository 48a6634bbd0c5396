import { z } from "zod";
import { requireApiUser } from "~/auth/guards.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { selectTailor } from "~/domain/orders/select-tailor.server";
import { withShipping } from "~/domain/pricing/shipping";
import { readJson } from "~/http/input.server";
import { parseId } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.orders-select-merchant";

const SelectSchema = z.object({
  productId: z.number({ error: "กรุณาระบุสินค้าในตะกร้า" }).int().positive(),
  merchantId: z.number({ error: "กรุณาระบุช่างตัด" }).int().positive(),
});

/**
 * POST /api/orders/select_merchant { productId, merchantId } → the tailor and their quoted price
 * are set; the answer carries the price, the tailor's shipping fee, the total with it, the lead
 * time and whether they take PromptPay.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["user"], messages: ORDER_MESSAGES });
    const input = await readJson(request, SelectSchema);
    const chosen = await selectTailor(
      user.id,
      parseId(input.productId, ORDER_MESSAGES.cartItemNotFound),
      parseId(input.merchantId, ORDER_MESSAGES.tailorNotFound),
    );
    // Beside the spec's fields: the item's price and the tailor's shipping fee, the total with it,
    // the lead time and PromptPay (issue 45); the fee is frozen when the order is placed.
    return Response.json({
      id: input.productId,
      sellerId: input.merchantId,
      message: ORDER_MESSAGES.tailorChosen,
      ...chosen,
      totalWithShipping: withShipping(chosen.totalPrice, chosen.shippingFee).totalPrice,
    });
  });
}

/** A GET (or HEAD) is answered in Thai (405): this call changes things. */
export function loader() {
  return methodNotAllowed(["POST"]);
}
