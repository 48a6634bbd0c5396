import { requireApiRole } from "~/auth/guards.server";
import { setDesignPrice, updateMerchantDesign, uploadDesignSample } from "~/domain/designs/designs.server";
import { parseMerchantChange } from "~/domain/designs/inputs.server";
import { DESIGN_SAVED, DESIGN_UPDATED } from "~/domain/designs/messages";
import { handleApi, jsonError, methodNotAllowed } from "~/lib/api.server";
import type { Route } from "./+types/api.merchant-design";
import { readBody } from "./design-requests.server";

/**
 * PUT /api/design/merchant/{id}: the owning tailor changes a design: its price; a sample photo
 * (type upload, status pending); or its parts and picture from the designer.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  return handleApi(async () => {
    const merchant = await requireApiRole(request, "merchant");
    const id = Number(params.id);
    const change = parseMerchantChange(await readBody(request));
    if (change.kind === "upload") await uploadDesignSample(merchant.id, id, change.photo, change.price);
    else if (change.kind === "price") await setDesignPrice(merchant.id, id, change.price);
    else await updateMerchantDesign(merchant.id, id, change.input);
    return Response.json({ id, message: change.kind === "design" ? DESIGN_SAVED : DESIGN_UPDATED });
  });
}

export function loader() {
  return jsonError(405, "ไม่รองรับวิธีเรียกนี้");
}
