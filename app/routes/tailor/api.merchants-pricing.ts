import { hasRole, requireApiUser } from "~/auth/guards.server";
import { DomainError } from "~/domain/errors";
import { getDepositTerms } from "~/domain/payments/tailor-promptpay.server";
import {
  getMerchantPricing,
  getShippingTerms,
  requireMerchant,
  savePartPrices,
} from "~/domain/pricing/merchant-pricing.server";
import { patchChanges, patchTerms, pricingPatchSchema } from "~/domain/pricing/pricing-forms";
import type { SessionUser } from "~/domain/users/sessions.server";
import { readJson } from "~/http/input.server";
import { idOf } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.merchants-pricing";

/**
 * GET /api/merchants/pricing: the eight maps (sid → baht) of the signed-in tailor.
 * PATCH: any of the maps; only the named parts change, null stops offering a part; one bad
 * value saves nothing. Beside the maps: shippingFee (whole baht 0 to 1,000) and leadTimeDays
 * (whole days 1 to 90), issue 45, and depositPercent (0, 30 or 50) and cashOnDelivery (true or
 * false), issue 49, checked with the rest and saved in the same transaction. An admin names the tailor with ?merchantId=; a tailor may name only
 * themselves (403 otherwise).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const merchantId = await targetMerchant(request, await requireApiUser(context, { roles: ["merchant", "admin"] }));
    return Response.json(await pricingOf(merchantId));
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["merchant", "admin"] });
    const merchantId = await targetMerchant(request, user);
    const patch = await readJson(request, pricingPatchSchema);
    await savePartPrices(merchantId, patchChanges(patch), user, patchTerms(patch));
    return Response.json(await pricingOf(merchantId));
  });
}

/**
 * Whose prices a call reads or changes (decision 45). Only an admin names a tailor with
 * ?merchantId=; a tailor may name themselves, and naming anyone else (or nothing readable) is a
 * 403 before the body is read, so nothing changes. Other query parameters are ignored.
 */
async function targetMerchant(request: Request, user: SessionUser): Promise<number> {
  const named = new URL(request.url).searchParams.get("merchantId");
  if (named !== null && hasRole(user, "admin")) return (await requireMerchant(idOf(named) ?? 0)).id;
  if (hasRole(user, "merchant")) {
    if (named !== null && idOf(named) !== user.id) {
      throw new DomainError("forbidden", "แก้ไขได้เฉพาะราคาของร้านคุณเอง");
    }
    return user.id;
  }
  throw new DomainError("bad_input", "กรุณาระบุร้านค้า (merchantId)");
}

/** The eight maps and customSizePrice, with the shipping fee, lead time and deposit terms (issue 49) beside them. */
async function pricingOf(merchantId: number) {
  const [pricing, terms, deposit] = await Promise.all([
    getMerchantPricing(merchantId),
    getShippingTerms(merchantId),
    getDepositTerms(merchantId),
  ]);
  return { ...pricing, ...terms, ...deposit };
}
