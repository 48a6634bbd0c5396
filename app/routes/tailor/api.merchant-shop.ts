import { requireApiUser } from "~/auth/guards.server";
import { getShopProfile, type ShopProfile, saveShopProfile } from "~/domain/merchants/shop-profile.server";
import { shopProfileJsonSchema } from "~/domain/merchants/shop-profile-form";
import { readJson } from "~/http/input.server";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.merchant-shop";

/**
 * GET /api/merchants/me/shop: the signed-in tailor's shop (name, description, photoUrl,
 * showAddress, and the checklist of what it still needs before it is listed).
 * PUT { shopName, description, showAddress }: all three (description may be "" or null); a bad
 * value is a 400 with a Thai `error` and nothing is saved. Tailors only (a customer or an admin:
 * 403; an admin sets a tailor's shop on /admin/manage/shops). The photo goes through /merchant/shop.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const tailor = await requireApiUser(context, { roles: "merchant" });
    return Response.json(asJson(await getShopProfile(tailor.id)));
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  return handleApi(async () => {
    const tailor = await requireApiUser(context, { roles: "merchant" });
    const input = await readJson(request, shopProfileJsonSchema);
    await saveShopProfile(tailor.id, input, { id: tailor.id, name: tailor.name, onBehalf: false });
    return Response.json(asJson(await getShopProfile(tailor.id)));
  });
}

function asJson(profile: ShopProfile) {
  return {
    id: profile.id,
    shopName: profile.shopName,
    description: profile.description,
    showAddress: profile.showAddress,
    photoUrl: profile.photoUrl,
    ready: profile.ready,
    checklist: profile.checklist,
  };
}
