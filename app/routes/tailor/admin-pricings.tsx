import { data, Form } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { formRefusal } from "~/components/form-refusal";
import { site } from "~/content/site";
import { isDomainError } from "~/domain/errors";
import { listMerchantsForPricing, pricingGroups, requireMerchant } from "~/domain/pricing/merchant-pricing.server";
import { idOf } from "~/http/params";
import { orPageError, pageFault } from "~/http/responses.server";
import type { Route } from "./+types/admin-pricings";
import { PricingForm } from "./pricing/pricing-form";
import { PricingIntro } from "./pricing/pricing-intro";
import { savePricesFromForm } from "./pricing/save-prices.server";

export const meta: Route.MetaFunction = () => [{ title: `จัดการราคาลวดลาย | ${site.enterpriseName}` }];

/** The admin's pricing screen: the same price list, for the tailor chosen with ?merchantId=. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, { roles: "admin" });
  const merchants = await orPageError(() => listMerchantsForPricing());
  const wanted = new URL(request.url).searchParams.get("merchantId");
  const selected = wanted ? merchants.find((merchant) => String(merchant.id) === wanted) : undefined;
  return {
    merchants,
    selected: selected ?? null,
    notFound: Boolean(wanted && !selected),
    groups: selected ? await orPageError(() => pricingGroups(selected.id)) : [],
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireUser(context, { roles: "admin" });
  const formData = await request.formData();
  // Anything but a record id names no tailor (0): requireMerchant refuses it as not found.
  const merchantId = idOf(formData.get("merchantId")) ?? 0;
  try {
    await requireMerchant(merchantId);
  } catch (error) {
    if (isDomainError(error)) return data({ result: formRefusal(error.message) }, { status: error.status });
    throw pageFault(error);
  }
  return savePricesFromForm(formData, merchantId, `/admin/manage/pricings?merchantId=${merchantId}`, admin);
}

export default function AdminPricings({ loaderData, actionData }: Route.ComponentProps) {
  const { merchants, selected, notFound, groups } = loaderData;
  return (
    <section className="mx-auto max-w-6xl px-4 pt-8">
      <PricingIntro title="จัดการราคาลวดลาย" shopName={selected ? shopLabel(selected) : undefined} />
      <Form
        method="get"
        className="mt-4 flex flex-wrap items-end gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
      >
        <div className="min-w-0 flex-1">
          <label htmlFor="merchantId" className="block text-sm font-semibold text-stone-700">
            เลือกร้านค้า (ช่างตัด)
          </label>
          <select
            id="merchantId"
            name="merchantId"
            defaultValue={selected ? String(selected.id) : ""}
            key={selected?.id ?? "none"}
            onChange={(event) => event.currentTarget.form?.requestSubmit()}
            className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base"
          >
            <option value="" disabled>
              — เลือกร้านค้า —
            </option>
            {merchants.map((merchant) => (
              <option key={merchant.id} value={merchant.id}>
                {shopLabel(merchant)}
                {merchant.status === "active" ? "" : " (ไม่ได้ใช้งาน)"}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="rounded-lg bg-white px-5 py-2.5 font-semibold text-indigo-ink ring-1 ring-indigo-ink/30 hover:bg-indigo-soft"
        >
          แสดงราคา
        </button>
      </Form>
      {notFound ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-lac ring-1 ring-lac/30">
          ไม่พบร้านค้าที่เลือก
        </p>
      ) : null}
      {selected ? (
        <PricingForm
          key={selected.id}
          groups={groups}
          result={actionData?.result}
          hidden={{ merchantId: String(selected.id) }}
        />
      ) : merchants.length === 0 ? (
        <p className="mt-6 text-stone-600">ยังไม่มีร้านค้าในระบบ</p>
      ) : (
        <p className="mt-6 text-stone-600">เลือกร้านค้าเพื่อดูและแก้ไขราคาลวดลายของร้านนั้น</p>
      )}
    </section>
  );
}

function shopLabel(merchant: { name: string; shopName: string | null }): string {
  return merchant.shopName ? `${merchant.shopName} (${merchant.name})` : merchant.name;
}
