import { requireApiUser } from "~/auth/guards.server";
import { DELIVERY_MESSAGES } from "~/domain/delivery/carriers";
import { setDelivery } from "~/domain/delivery/delivery.server";
import { deliverySchema } from "~/domain/delivery/delivery-form";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { readJson } from "~/http/input.server";
import { parseId } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.order-delivery";

/** PUT /api/orders/{id}/delivery { method: pickup | carrier, carrier?, trackingNumber? }: the order's tailor. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["merchant"], messages: ORDER_MESSAGES });
    const orderId = parseId(params.id, ORDER_MESSAGES.notFound, ORDER_MESSAGES.badId);
    const delivery = await readJson(request, deliverySchema());
    const saved = await setDelivery({ orderId, tailorId: user.id, delivery });
    return Response.json({ id: orderId, delivery: saved, message: DELIVERY_MESSAGES.saved });
  });
}

/** A GET (or HEAD) is answered in Thai (405): this call changes things. */
export function loader() {
  return methodNotAllowed(["PUT"]);
}
