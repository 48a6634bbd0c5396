import { redirect } from "react-router";
import { hasRole, requireUser } from "~/auth/guards.server";
import { site } from "~/content/site";
import { pricingGroups } from "~/domain/pricing/merchant-pricing.server";
import { orPageError } from "~/http/responses.server";
import type { Route } from "./+types/pricing";
import { PricingForm } from "./pricing/pricing-form";
import { PricingIntro } from "./pricing/pricing-intro";
import { savePricesFromForm } from "./pricing/save-prices.server";

export const meta: Route.MetaFunction = () => [{ title: `ราคาลวดลาย | ${site.enterpriseName}` }];

export async function loader({ context }: Route.LoaderArgs) {
  // An admin opens the same price list through the admin screen, choosing the tailor there.
  const user = await requireUser(context, { roles: ["merchant", "admin"] });
  if (!hasRole(user, "merchant")) throw redirect("/admin/manage/pricings");
  return { groups: await orPageError(() => pricingGroups(user.id)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, { roles: "merchant" });
  return savePricesFromForm(await request.formData(), user.id, "/merchant/pricing", user);
}

export default function MerchantPricing({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-6xl px-4 pt-8">
      <PricingIntro title="ราคาลวดลาย" />
      <PricingForm groups={loaderData.groups} result={actionData?.result} />
    </section>
  );
}
