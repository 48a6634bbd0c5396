import { z } from "zod";
import { requireApiUser } from "~/auth/guards.server";
import { SIZE_MESSAGES, sizeView } from "~/domain/catalogue/sizes";
import { MEASUREMENTS_MESSAGES } from "~/domain/designs/messages";
import { profileIdSchema } from "~/domain/designs/payloads";
import { chooseMeasurements, removeCartItem, setCartQuantity } from "~/domain/orders/cart.server";
import { chooseCartSize } from "~/domain/orders/cart-size.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { readJson } from "~/http/input.server";
import { parseId } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.cart-item";

/**
 * PATCH: a new quantity, another ready size, or (an item cut to measure) another of the buyer's
 * measurement profiles.
 */
const ChangeSchema = z
  .object({
    quantity: z.number({ error: ORDER_MESSAGES.badQuantity }).optional(),
    sizeId: z.string({ error: SIZE_MESSAGES.unknown }).optional(),
    measurementProfileId: profileIdSchema,
  })
  .transform((body, context): { quantity: number } | { measurementProfileId: number } | { sizeId: string } => {
    if (body.measurementProfileId !== null) return { measurementProfileId: body.measurementProfileId };
    if (body.sizeId !== undefined) return { sizeId: body.sizeId };
    if (body.quantity !== undefined) return { quantity: body.quantity };
    context.addIssue({ code: "custom", message: ORDER_MESSAGES.badQuantity });
    return z.NEVER;
  });

/**
 * DELETE /api/cart/{id} removes a cart item; PATCH /api/cart/{id} { quantity } changes its
 * quantity, { sizeId } its ready size, or { measurementProfileId } the profile an item sized to
 * measure is cut to.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "DELETE" && request.method !== "PATCH") return methodNotAllowed(["DELETE", "PATCH"]);
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["user"], messages: ORDER_MESSAGES });
    const itemId = parseId(params.id, ORDER_MESSAGES.notFound, ORDER_MESSAGES.badId);
    if (request.method === "DELETE") {
      await removeCartItem(user.id, itemId);
      return Response.json({ id: itemId, message: ORDER_MESSAGES.removed });
    }
    const change = await readJson(request, ChangeSchema);
    if ("measurementProfileId" in change) {
      await chooseMeasurements(user.id, itemId, change.measurementProfileId);
      return Response.json({
        id: itemId,
        measurementProfileId: change.measurementProfileId,
        message: MEASUREMENTS_MESSAGES.changed,
      });
    }
    if ("sizeId" in change) {
      await chooseCartSize(user.id, itemId, change.sizeId);
      return Response.json({ id: itemId, size: sizeView(change.sizeId), message: SIZE_MESSAGES.changed });
    }
    await setCartQuantity(user.id, itemId, change.quantity);
    return Response.json({ id: itemId, quantity: change.quantity, message: ORDER_MESSAGES.quantityUpdated });
  });
}

/** A GET (or HEAD) is answered in Thai (405): this call changes things. */
export function loader() {
  return methodNotAllowed(["DELETE", "PATCH"]);
}
