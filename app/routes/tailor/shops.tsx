import { data, Link, redirect, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { getOptionalUser, hasRole } from "~/auth/guards.server";
import { Pagination } from "~/components/pagination";
import { site } from "~/content/site";
import { listPublicShops, type PublicShop, SHOP_NOT_FOUND, SHOPS_FAILED } from "~/domain/merchants/shops.server";
import { originOf, siteShare, socialMeta } from "~/domain/sharing/share";
import { idOf, parseId } from "~/http/params";
import { orPageError } from "~/http/responses.server";
import { keepForVisitors } from "~/http/visitor-pages.server";
import { formatCount } from "~/lib/format";
import { logger } from "~/lib/logger.server";
import { pageFrom } from "~/lib/paging";
import type { Route } from "./+types/shops";
import { Carousel } from "./shops/carousel";
import { type CartAccess, DesignCard } from "./shops/design-card";
import { DesignViewer } from "./shops/design-viewer";
import { ShopCard } from "./shops/shop-card";

const FEATURED = 12;

/** The silk shops shared: the shop's own picture with its name (issue 50). */
export const meta: Route.MetaFunction = ({ matches }) =>
  socialMeta(
    siteShare(
      originOf(matches),
      "/merchant/info",
      `ร้านผ้าไหม | ${site.enterpriseName}`,
      "ร้านช่างตัดเสื้อผ้าทอในชุมชน ช่องทางติดต่อ และแบบเสื้อยอดนิยมพร้อมราคา",
    ),
  );

/** The silk shops, as every visitor sees them, kept while the shops' data is unchanged (app/http/visitor-pages.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [keepForVisitors(["shops"])];

/**
 * Public: the tailors, their contact details and newest designs, a page at a time (?page=N);
 * each shop's name leads to its own page (/merchant/info/{id}, shop-page.tsx; ?shop=id moves
 * there); ?view=id enlarges one design.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getOptionalUser(context);
  const url = new URL(request.url);
  const access: CartAccess = !user
    ? { kind: "visitor", loginHref: `/login?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}` }
    : hasRole(user, "user")
      ? { kind: "customer" }
      : { kind: "none" };
  // A shop's page was ?shop=id before it had its own address (issue 46): kept working, moved there.
  if (url.searchParams.has("shop")) {
    const shopId = await orPageError(() => parseId(url.searchParams.get("shop"), SHOP_NOT_FOUND));
    const rest = new URLSearchParams(url.search);
    rest.delete("shop");
    const search = rest.toString();
    throw redirect(`/merchant/info/${shopId}${search ? `?${search}` : ""}`, 301);
  }
  try {
    const { items, page, pageCount, total } = await listPublicShops({ page: pageFrom(url) });
    return { shops: items, page, pageCount, total, access, error: null };
  } catch (error) {
    logger().error({ err: error }, "Loading the silk shops failed");
    // The page with its message, answered 503: no browser, proxy or process keeps it (keepForVisitors).
    return data(
      { shops: [] as PublicShop[], page: 1, pageCount: 1, total: 0, access, error: SHOPS_FAILED },
      { status: 503 },
    );
  }
}

/** Opening or closing the enlarged view changes only ?view: no need to load the shops again. */
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

export default function SilkShops({ loaderData }: Route.ComponentProps) {
  const { shops, page, pageCount, total, access, error } = loaderData;
  const [params] = useSearchParams();
  // The enlarged view opens over the page it was asked from (its shop and page kept).
  const viewHref = (designId: number) => `/merchant/info?${withParam(params, "view", String(designId))}`;
  // The featured strip opens the first page of all shops.
  const featured =
    page > 1
      ? []
      : shops.flatMap((shop) => shop.designModels.slice(0, 3).map((design) => ({ design, shop }))).slice(0, FEATURED);
  const pageSearch = withParam(params, "view", null);
  return (
    <>
      <section className="bg-indigo-ink text-white">
        <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
          <h1 className="text-3xl font-semibold sm:text-4xl">ร้านผ้าไหม</h1>
          <p className="mt-2 max-w-2xl text-indigo-soft">
            ร้านช่างตัดเสื้อผ้าทอในชุมชน ติดต่อร้านได้โดยตรง หรือเลือกแบบเสื้อยอดนิยมของแต่ละร้านใส่ตะกร้าได้ทันที
          </p>
          {access.kind === "visitor" ? (
            <p className="mt-3 text-sm text-indigo-soft">
              <Link to={access.loginHref} className="font-semibold text-silk underline">
                เข้าสู่ระบบ
              </Link>{" "}
              เพื่อสั่งซื้อแบบเสื้อจากร้าน
            </p>
          ) : null}
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4 py-8">
        {error ? (
          <p role="alert" className="rounded-2xl bg-red-50 p-5 text-lac ring-1 ring-lac/30">
            {error}
          </p>
        ) : shops.length === 0 ? (
          <p className="text-stone-600">ยังไม่มีร้านค้าในขณะนี้</p>
        ) : null}

        {featured.length > 0 ? (
          <div className="mb-10">
            <h2 id="featured-title" className="mb-3 text-xl font-semibold text-indigo-ink">
              แบบเสื้อแนะนำจากทุกร้าน
            </h2>
            <Carousel label="แบบเสื้อแนะนำจากทุกร้าน">
              {featured.map(({ design, shop }, position) => (
                <DesignCard
                  key={design.id}
                  design={design}
                  shopName={shop.name}
                  viewHref={viewHref(design.id)}
                  access={access}
                  eager={position === 0}
                />
              ))}
            </Carousel>
          </div>
        ) : null}

        {total > 0 ? (
          <p className="mb-4 text-sm text-stone-600">
            ร้านช่างตัดทั้งหมด {formatCount(total)} ร้าน
            {pageCount > 1 ? ` · หน้า ${formatCount(page)} จาก ${formatCount(pageCount)}` : ""}
          </p>
        ) : null}

        <div className="space-y-8">
          {shops.map((shop) => (
            <ShopCard key={shop.id} shop={shop} access={access} viewHref={viewHref} wholeShop={false} />
          ))}
        </div>
        <Pagination page={page} pageCount={pageCount} search={pageSearch ? `?${pageSearch}` : ""} />
      </div>
      <OpenViewer shops={shops} access={access} closeSearch={pageSearch} />
    </>
  );
}

/** `params` with one parameter set (or removed when `value` is null), as a query string without "?". */
function withParam(params: URLSearchParams, name: string, value: string | null): string {
  const next = new URLSearchParams(params);
  if (value === null) next.delete(name);
  else next.set(name, value);
  return next.toString();
}

function OpenViewer({ shops, access, closeSearch }: { shops: PublicShop[]; access: CartAccess; closeSearch: string }) {
  // Read from the address, so the view works as a plain link with or without JavaScript.
  const viewId = useViewParam();
  if (viewId === null) return null;
  for (const shop of shops) {
    const design = shop.designModels.find((candidate) => candidate.id === viewId);
    if (design)
      return (
        <DesignViewer
          key={design.id}
          design={design}
          shopName={shop.name}
          closeHref={`/merchant/info${closeSearch ? `?${closeSearch}` : ""}#design-${design.id}`}
          access={access}
        />
      );
  }
  return null;
}

function useViewParam(): number | null {
  const [params] = useSearchParams();
  return idOf(params.get("view"));
}
