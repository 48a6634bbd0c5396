import { listPendingDesigns } from "~/domain/admin/designs.server";
import { handleApi } from "~/lib/api.server";
import type { Route } from "./+types/api.designs-pending";
import { requireAdminApi } from "./api-support.server";

/** GET /admin/designs/pending → { designs: [{ id, image, type, price, status, shopName, createdAt }] } */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdminApi(request);
    const designs = await listPendingDesigns();
    return Response.json({
      designs: designs.map((design) => ({ ...design, userModel: design.shopName ? { name: design.shopName } : null })),
    });
  });
}
