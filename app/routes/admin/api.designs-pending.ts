import { requireApiUser } from "~/auth/guards.server";
import { listPendingDesigns } from "~/domain/admin/designs.server";
import { handleApi } from "~/http/responses.server";
import type { Route } from "./+types/api.designs-pending";

/** GET /admin/designs/pending → { designs: [{ id, image, type, price, status, shopName, createdAt }] } */
export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiUser(context, { roles: "admin" });
    const designs = await listPendingDesigns();
    return Response.json({
      designs: designs.map((design) => ({ ...design, userModel: design.shopName ? { name: design.shopName } : null })),
    });
  });
}
