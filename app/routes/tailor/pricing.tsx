import { redirect } from "react-router";
import { hasRole, requireUser } from "~/auth/guards.server";
import { site } from "~/content/site";
import { tailorPricingPage } from "~/domain/pricing/merchant-pricing.server";
import { orPageError } from "~/http/responses.server";
import type { Route } from "./+types/pricing";
import { DepositForm } from "./pricing/deposit-form";
import { PricingForm } from "./pricing/pricing-form";
import { PricingIntro } from "./pricing/pricing-intro";
import { PromptPayForm } from "./pricing/promptpay-form";
import { DEPOSIT_INTENT, saveDepositFromForm } from "./pricing/save-deposit.server";
import { savePricesFromForm } from "./pricing/save-prices.server";
import { PROMPTPAY_INTENT, savePromptPayFromForm } from "./pricing/save-promptpay.server";
import { SHIPPING_INTENT, saveShippingFromForm } from "./pricing/save-shipping.server";
import { ShippingForm } from "./pricing/shipping-form";
import { ShopChecklist } from "./shop/shop-checklist";

export const meta: Route.MetaFunction = () => [{ title: `ราคาลวดลาย | ${site.enterpriseName}` }];

export async function loader({ context }: Route.LoaderArgs) {
  // An admin opens the same price list through the admin screen, choosing the tailor there.
  const user = await requireUser(context, { roles: ["merchant", "admin"] });
  if (!hasRole(user, "merchant")) throw redirect("/admin/manage/pricings");
  return orPageError(() => tailorPricingPage(user.id));
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, { roles: "merchant" });
  const formData = await request.formData();
  if (formData.get("intent") === SHIPPING_INTENT) return saveShippingFromForm(formData, user.id, "/merchant/pricing");
  if (formData.get("intent") === DEPOSIT_INTENT) return saveDepositFromForm(formData, user.id, "/merchant/pricing");
  if (formData.get("intent") === PROMPTPAY_INTENT) return savePromptPayFromForm(formData, user.id, "/merchant/pricing");
  return savePricesFromForm(formData, user.id, "/merchant/pricing", user);
}

export default function MerchantPricing({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-6xl px-4 pt-8 pb-10">
      <PricingIntro title="ราคาลวดลาย" />
      {/* A new tailor's steps (issue 46), while any is left. */}
      <ShopChecklist checklist={loaderData.shop.checklist} ready={loaderData.shop.ready} hideWhenDone />
      <PricingForm
        groups={loaderData.groups}
        result={actionData && !("form" in actionData) ? actionData.result : undefined}
      />
      <ShippingForm
        terms={loaderData.shipping}
        result={actionData && "form" in actionData && actionData.form === "shipping" ? actionData.result : undefined}
      />
      <DepositForm
        terms={loaderData.deposit}
        result={actionData && "form" in actionData && actionData.form === "deposit" ? actionData.result : undefined}
      />
      <PromptPayForm
        {...loaderData.promptPay}
        result={actionData && "form" in actionData && actionData.form === "promptpay" ? actionData.result : undefined}
      />
    </section>
  );
}
