import { parseOrderId } from "~/domain/orders/queries.server";
import { handleApi, methodNotAllowed } from "~/lib/api.server";
import type { Route } from "./+types/api.orders-complete";
import { merchantStep, requireApiOrderUser } from "./api-support.server";

/** PATCH /api/orders/{id}/complete → the tailor marks an accepted order as sewn. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  return handleApi(async () => {
    const user = await requireApiOrderUser(request, ["merchant"]);
    return merchantStep(user, parseOrderId(params.id), "complete");
  });
}

/** A GET (or HEAD) is answered in Thai (405): this call changes things. */
export function loader() {
  return methodNotAllowed(["PATCH"]);
}
