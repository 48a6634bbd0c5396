import { data, Link, useLocation } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { Pagination } from "~/components/pagination";
import { Form } from "~/components/post-form";
import { site } from "~/content/site";
import { isDomainError } from "~/domain/errors";
import {
  findMerchantsForPricing,
  type MerchantChoice,
  pricingGroups,
  requireMerchant,
} from "~/domain/pricing/merchant-pricing.server";
import { idOf, pageOf } from "~/http/params";
import { orPageError, pageFault, recordFromParam } from "~/http/responses.server";
import { formRefusal } from "~/lib/form-refusal";
import { formatCount } from "~/lib/format";
import { type Page, SEARCH_TERM_MAX, searchTerm } from "~/lib/paging";
import type { Route } from "./+types/admin-pricings";
import { PricingForm } from "./pricing/pricing-form";
import { PricingIntro } from "./pricing/pricing-intro";
import { savePricesFromForm } from "./pricing/save-prices.server";

export const meta: Route.MetaFunction = () => [{ title: `จัดการราคาลวดลาย | ${site.enterpriseName}` }];

/**
 * The admin's pricing screen: the same price list, for the tailor chosen with ?merchantId=. The
 * tailors to choose from are searched (?q=) and paged: a shop of 500 tailors is not one select.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, { roles: "admin" });
  const params = new URL(request.url).searchParams;
  const wanted = params.get("merchantId");
  const selected = await recordFromParam(wanted, requireMerchant);
  const q = searchTerm(params.get("q"));
  // With a tailor chosen the list stays closed until the admin searches or turns a page.
  const listed = !selected || q !== "" || params.has("page");
  const merchants = listed ? await orPageError(() => findMerchantsForPricing({ q, page: pageOf(params) })) : null;
  return {
    q,
    merchants,
    selected,
    notFound: wanted !== null && !selected,
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
  const { q, merchants, selected, notFound, groups } = loaderData;
  const location = useLocation();
  return (
    <section className="mx-auto max-w-6xl px-4 pt-8">
      <PricingIntro title="จัดการราคาลวดลาย" shopName={selected ? shopLabel(selected) : undefined} />
      <div className="mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
        <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1 sm:max-w-sm">
            <label htmlFor="merchant-search" className="block text-sm font-semibold text-stone-700">
              ค้นหาร้านค้า (ช่างตัด)
            </label>
            <input
              id="merchant-search"
              type="search"
              name="q"
              defaultValue={q}
              maxLength={SEARCH_TERM_MAX}
              placeholder="ชื่อร้านหรือชื่อช่าง"
              className="mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base"
            />
          </div>
          <button
            type="submit"
            className="min-h-11 rounded-lg bg-white px-5 font-semibold text-indigo-ink ring-1 ring-indigo-ink/30 hover:bg-indigo-soft"
          >
            ค้นหา
          </button>
          {selected && !merchants ? (
            <Link
              to="/admin/manage/pricings?page=1"
              className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-indigo-ink underline"
            >
              เลือกร้านอื่น
            </Link>
          ) : null}
        </Form>
        {merchants ? (
          <MerchantList merchants={merchants} q={q} selectedId={selected?.id} search={location.search} />
        ) : null}
      </div>
      {notFound ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-lac ring-1 ring-lac/30">
          ไม่พบร้านค้าที่เลือก
        </p>
      ) : null}
      {selected ? (
        <p className="mt-4">
          <Link
            to={`/admin/manage/shops?merchantId=${selected.id}`}
            className="inline-flex min-h-11 items-center font-semibold text-indigo-ink underline"
          >
            แก้ข้อมูลร้าน (ชื่อร้าน คำอธิบาย รูปร้าน)
          </Link>
        </p>
      ) : null}
      {selected ? (
        <PricingForm
          key={selected.id}
          groups={groups}
          result={actionData?.result}
          hidden={{ merchantId: String(selected.id) }}
        />
      ) : merchants?.total ? (
        <p className="mt-6 text-stone-600">เลือกร้านค้าเพื่อดูและแก้ไขราคาลวดลายของร้านนั้น</p>
      ) : null}
    </section>
  );
}

/** One page of the tailors found: each a link that opens that tailor's prices. */
function MerchantList({
  merchants,
  q,
  selectedId,
  search,
}: {
  merchants: Page<MerchantChoice>;
  q: string;
  selectedId: number | undefined;
  search: string;
}) {
  if (merchants.total === 0)
    return <p className="mt-4 text-stone-600">{q ? `ไม่พบร้านค้าที่ตรงกับ “${q}”` : "ยังไม่มีร้านค้าในระบบ"}</p>;
  return (
    <>
      <p className="mt-4 text-sm text-stone-600">
        {q
          ? `พบร้านค้าที่ตรงกับ “${q}” ${formatCount(merchants.total)} ร้าน`
          : `ร้านค้าทั้งหมด ${formatCount(merchants.total)} ร้าน`}
      </p>
      <ul aria-label="ร้านค้าที่เลือกได้" className="mt-2 divide-y divide-stone-100">
        {merchants.items.map((merchant) => (
          <li key={merchant.id}>
            <Link
              to={`/admin/manage/pricings?merchantId=${merchant.id}`}
              aria-current={merchant.id === selectedId ? "page" : undefined}
              className="flex min-h-11 items-center justify-between gap-2 py-2 font-semibold text-indigo-ink underline-offset-2 hover:underline aria-[current=page]:text-stone-900"
            >
              <span className="min-w-0 break-words">{shopLabel(merchant)}</span>
              {merchant.status === "active" ? null : (
                <span className="shrink-0 text-sm font-normal text-stone-600">ไม่ได้ใช้งาน</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
      <Pagination page={merchants.page} pageCount={merchants.pageCount} search={search} />
    </>
  );
}

function shopLabel(merchant: { name: string; shopName: string | null }): string {
  return merchant.shopName ? `${merchant.shopName} (${merchant.name})` : merchant.name;
}
