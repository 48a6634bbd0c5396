import { requireApiUser } from "~/auth/guards.server";
import { listMerchantDesigns } from "~/domain/designs/designs.server";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.popular-designs";

/** GET /api/design/merchant/popular_designs: the signed-in tailor's own designs. */
export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const merchant = await requireApiUser(context, { roles: "merchant" });
    return Response.json(await listMerchantDesigns(merchant.id), { headers: { "Cache-Control": "private, no-store" } });
  });
}

/** Only GET: anything else gets a Thai 405. */
export function action() {
  return methodNotAllowed(["GET"]);
}
