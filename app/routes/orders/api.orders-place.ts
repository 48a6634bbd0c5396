import { z } from "zod";
import { requireApiUser } from "~/auth/guards.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { placeOrder } from "~/domain/orders/place-order.server";
import { readJson } from "~/http/input.server";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.orders-place";

const PlaceSchema = z.object({
  items: z.array(z.object({ id: z.number().int().positive(), version: z.string().min(1) })).optional(),
});

/**
 * PATCH /api/orders/place → { orderIds, message }: every cart item is ordered at once.
 * An optional body { items: [{ id, version }] } refuses the order if the cart changed since.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["user"], messages: ORDER_MESSAGES });
    // The spec's call has no payload (often still with a JSON content type): an empty body is fine.
    const text = await request.clone().text();
    const input = text.trim() ? await readJson(request, PlaceSchema) : {};
    const result = await placeOrder(user.id, input.items);
    return Response.json({ orderIds: result.orderIds, message: ORDER_MESSAGES.placed });
  });
}

/** A GET (or HEAD) is answered in Thai (405): this call changes things. */
export function loader() {
  return methodNotAllowed(["PATCH"]);
}
