import { hasRole, requireApiUser } from "~/auth/guards.server";
import { addDesignToCart, createMerchantDesign } from "~/domain/designs/designs.server";
import { parseCartDesign, parseMerchantDesign } from "~/domain/designs/inputs.server";
import { ADDED_TO_CART, DESIGN_SAVED } from "~/domain/designs/messages";
import { DomainError } from "~/domain/errors";
import { readJsonObject } from "~/http/input.server";
import { httpPolicy } from "~/http/limits";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.design";

/** Its writes carry a picture (app/http/limits.ts). */
export const handle = httpPolicy({ body: "picture" });

/**
 * POST /api/design: a customer's design goes into the cart (design + cart item); a tailor's
 * (merchant mode: the merchant payload with price, type design) becomes an approved popular design.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const user = await requireApiUser(context);
    // Who may design is known before the body is read: admins only look.
    if (!hasRole(user, ["user", "merchant"])) throw new DomainError("forbidden", "เฉพาะลูกค้าและช่างเท่านั้นที่บันทึกแบบเสื้อได้");
    const body = await readJsonObject(request);
    const merchantPayload = "price" in body || body.type === "design" || body.status === "approved";
    const asMerchant = hasRole(user, "merchant") && (merchantPayload || !hasRole(user, "user"));
    if (asMerchant) {
      const design = await createMerchantDesign(user.id, parseMerchantDesign(body, { imageRequired: true }));
      return Response.json({ id: design.id, message: DESIGN_SAVED }, { status: 201 });
    }
    if (!hasRole(user, "user")) throw new DomainError("forbidden", "เฉพาะลูกค้าเท่านั้นที่เพิ่มสินค้าลงตะกร้าได้");
    const added = await addDesignToCart(user.id, parseCartDesign(body));
    return Response.json({ ...added, message: ADDED_TO_CART }, { status: 201 });
  });
}

/** A GET (or HEAD) is answered in Thai (405): this call changes things. */
export function loader() {
  return methodNotAllowed(["POST"]);
}
