import { requireApiUser } from "~/auth/guards.server";
import {
  DESIGN_NOT_FOUND,
  setDesignPrice,
  updateMerchantDesign,
  uploadDesignSample,
} from "~/domain/designs/designs.server";
import { parseMerchantChange } from "~/domain/designs/inputs.server";
import { DESIGN_SAVED, DESIGN_UPDATED } from "~/domain/designs/messages";
import { readJsonObject } from "~/http/input.server";
import { httpPolicy } from "~/http/limits";
import { parseId } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.merchant-design";

/** Its writes carry a picture (app/http/limits.ts). */
export const handle = httpPolicy({ body: "picture" });

/**
 * PUT /api/design/merchant/{id}: the owning tailor changes a design: its price; a sample photo
 * (type upload, status pending); or its parts and picture from the designer.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  return handleApi(async () => {
    const merchant = await requireApiUser(context, { roles: "merchant" });
    const id = parseId(params.id, DESIGN_NOT_FOUND);
    const change = parseMerchantChange(await readJsonObject(request));
    if (change.kind === "upload") await uploadDesignSample(merchant.id, id, change.photo, change.price);
    else if (change.kind === "price") await setDesignPrice(merchant.id, id, change.price);
    else await updateMerchantDesign(merchant.id, id, change.input);
    return Response.json({ id, message: change.kind === "design" ? DESIGN_SAVED : DESIGN_UPDATED });
  });
}

/** A GET (or HEAD) is answered in Thai (405): this call changes things. */
export function loader() {
  return methodNotAllowed(["PUT"]);
}
