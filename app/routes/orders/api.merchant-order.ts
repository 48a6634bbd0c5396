import { requireApiUser } from "~/auth/guards.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { getOrderFor } from "~/domain/orders/queries.server";
import { parseId } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.merchant-order";

/** GET /api/merchants/order/{id}/details → the tailor's order (403 not theirs, 404 missing, 409 still a cart item). */
export async function loader({ params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["merchant"], messages: ORDER_MESSAGES });
    return Response.json(
      await getOrderFor(parseId(params.id, ORDER_MESSAGES.notFound, ORDER_MESSAGES.badId), user, "merchant"),
    );
  });
}

/** Only GET: any other method is answered in Thai (405). */
export function action() {
  return methodNotAllowed(["GET"]);
}
