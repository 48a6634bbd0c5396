import { requireApiUser } from "~/auth/guards.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { parseId } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.orders-complete";
import { merchantStep } from "./api-support.server";

/** PATCH /api/orders/{id}/complete → the tailor marks an accepted order as sewn. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["merchant"], messages: ORDER_MESSAGES });
    return merchantStep(user, parseId(params.id, ORDER_MESSAGES.notFound, ORDER_MESSAGES.badId), "complete");
  });
}

/** A GET (or HEAD) is answered in Thai (405): this call changes things. */
export function loader() {
  return methodNotAllowed(["PATCH"]);
}
