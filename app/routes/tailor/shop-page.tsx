import { Link, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { getOptionalUser, hasRole } from "~/auth/guards.server";
import { Pagination } from "~/components/pagination";
import { ShareLinks } from "~/components/share-links";
import { site } from "~/content/site";
import { getPublicShop, SHOP_NOT_FOUND } from "~/domain/merchants/shops.server";
import { originOf, shopShare, socialMeta } from "~/domain/sharing/share";
import { idOf, parseId } from "~/http/params";
import { orPageError } from "~/http/responses.server";
import { keepForVisitors } from "~/http/visitor-pages.server";
import { formatBaht, formatCount } from "~/lib/format";
import { pageFrom } from "~/lib/paging";
import type { Route } from "./+types/shop-page";
import type { CartAccess } from "./shops/design-card";
import { DesignViewer } from "./shops/design-viewer";
import { ShopCard } from "./shops/shop-card";

/** A shop's page shared: its picture (name, photo, rating), as a chat shows it (issue 50). */
export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: `ไม่พบร้านค้า | ${site.enterpriseName}` }];
  const { shop } = loaderData;
  return socialMeta(shopShare(originOf(matches), shop), `${shop.name} | ${site.enterpriseName}`);
};

/** A shop's page, as every visitor sees it, kept while the shops' data is unchanged (app/http/visitor-pages.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [keepForVisitors(["shops"])];

/**
 * Public: one shop's own page (issue 46), /merchant/info/{id}: who it is, its terms (shipping fee,
 * lead time, prices), its designs a page at a time (?page=N) and its latest reviews; ?view=id
 * enlarges a design. 404 for an unknown, closed or not yet ready shop (READY_SHOP).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await getOptionalUser(context);
  const url = new URL(request.url);
  const access: CartAccess = !user
    ? { kind: "visitor", loginHref: `/login?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}` }
    : hasRole(user, "user")
      ? { kind: "customer" }
      : { kind: "none" };
  const { shop, prices, page, pageCount } = await orPageError(() =>
    getPublicShop(parseId(params.id, SHOP_NOT_FOUND), pageFrom(url)),
  );
  return { shop, prices, page, pageCount, access };
}

/** Opening or closing the enlarged view changes only ?view: no need to load the shop again. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const withoutView = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("view");
    return params.toString();
  };
  return withoutView(currentUrl) === withoutView(nextUrl) ? false : defaultShouldRevalidate;
}

export default function ShopPage({ loaderData, matches }: Route.ComponentProps) {
  const { shop, prices, page, pageCount, access } = loaderData;
  const share = shopShare(originOf(matches), shop);
  const [params] = useSearchParams();
  const base = `/merchant/info/${shop.id}`;
  const withView = (view: string | null) => {
    const next = new URLSearchParams(params);
    if (view === null) next.delete("view");
    else next.set("view", view);
    const search = next.toString();
    return search ? `?${search}` : "";
  };
  const viewId = idOf(params.get("view"));
  const viewed = viewId === null ? undefined : shop.designModels.find((design) => design.id === viewId);
  return (
    <>
      <div className="mx-auto max-w-6xl px-4 py-8">
        <p className="mb-4">
          <Link to="/merchant/info" className="inline-block py-2 font-semibold text-indigo-ink underline">
            ← ร้านผ้าไหมทั้งหมด
          </Link>
        </p>
        <ShopCard
          shop={shop}
          access={access}
          viewHref={(designId) => `${base}${withView(String(designId))}`}
          wholeShop
          headingLevel={1}
          terms={
            <section aria-labelledby="shop-terms-title" className="mt-5 rounded-xl bg-cream p-4">
              <h2 id="shop-terms-title" className="font-semibold text-stone-700">
                ราคาและการจัดส่ง
              </h2>
              <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                <div className="flex gap-2">
                  <dt className="text-stone-600">ค่าจัดส่ง</dt>
                  <dd className="font-semibold">
                    {shop.shippingFee === 0 ? "ส่งฟรี" : `${formatBaht(shop.shippingFee)} ต่อคำสั่งตัด`}
                  </dd>
                </div>
                <div className="flex gap-2">
                  <dt className="text-stone-600">ระยะเวลาตัดเย็บ</dt>
                  <dd className="font-semibold">ประมาณ {formatCount(shop.leadTimeDays)} วัน</dd>
                </div>
                <div className="flex gap-2">
                  <dt className="text-stone-600">ชำระเงิน</dt>
                  <dd>{shop.promptPay ? "รับพร้อมเพย์" : "ติดต่อร้านเรื่องการชำระเงิน"}</dd>
                </div>
              </dl>
              {prices.length > 0 ? (
                <>
                  <h3 className="mt-3 text-sm font-semibold text-stone-700">ราคาตัวเสื้อเริ่มต้น (ยังไม่รวมลวดลายที่เลือกเพิ่ม)</h3>
                  <ul className="mt-1 grid gap-x-6 text-sm sm:grid-cols-2" aria-label="ราคาตัวเสื้อ">
                    {prices.map((price) => (
                      <li key={price.sid} className="flex justify-between gap-3 border-b border-stone-200 py-1.5">
                        <span>{price.label}</span>
                        <span className="shrink-0 font-semibold">{formatBaht(price.price)}</span>
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              <p className="mt-2 text-xs text-stone-600">
                ราคาเสื้อหนึ่งตัวคือผลรวมราคาชิ้นส่วนที่เลือก ดูราคาเต็มได้ตอนเลือกช่างตัดในตะกร้า
              </p>
            </section>
          }
        />
        <Pagination page={page} pageCount={pageCount} search={withView(null)} />
        <ShareLinks title={share.title} url={share.url} className="mt-6" />
      </div>
      {viewed ? (
        <DesignViewer
          key={viewed.id}
          design={viewed}
          shopName={shop.name}
          closeHref={`${base}${withView(null)}#design-${viewed.id}`}
          access={access}
        />
      ) : null}
    </>
  );
}
