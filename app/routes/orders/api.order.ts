import { requireApiUser } from "~/auth/guards.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { getOrderFor } from "~/domain/orders/queries.server";
import { parseId } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.order";

/** GET /api/orders/{id} → one order with its parts and events, for its buyer (or an admin). */
export async function loader({ params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["user", "admin"], messages: ORDER_MESSAGES });
    return Response.json(
      await getOrderFor(parseId(params.id, ORDER_MESSAGES.notFound, ORDER_MESSAGES.badId), user, "user"),
    );
  });
}

/** Only GET: any other method is answered in Thai (405). */
export function action() {
  return methodNotAllowed(["GET"]);
}
