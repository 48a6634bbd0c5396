import { Link, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { getOptionalUser, hasRole } from "~/auth/guards.server";
import { site } from "~/content/site";
import { listPublicShops, type PublicShop, SHOPS_FAILED } from "~/domain/merchants/shops.server";
import { idOf } from "~/http/params";
import { logger } from "~/lib/logger.server";
import type { Route } from "./+types/shops";
import { Carousel } from "./shops/carousel";
import { type CartAccess, DesignCard } from "./shops/design-card";
import { DesignViewer } from "./shops/design-viewer";
import { ShopCard } from "./shops/shop-card";

const FEATURED = 12;

export const meta: Route.MetaFunction = () => [
  { title: `ร้านผ้าไหม | ${site.enterpriseName}` },
  { name: "description", content: "ร้านช่างตัดเสื้อผ้าทอในชุมชน ช่องทางติดต่อ และแบบเสื้อยอดนิยมพร้อมราคา" },
];

/** Public: the tailors, their contact details and approved designs; ?view=id enlarges one design. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await getOptionalUser(context);
  const access: CartAccess = !user
    ? { kind: "visitor", loginHref: `/login?redirectTo=${encodeURIComponent("/merchant/info")}` }
    : hasRole(user, "user")
      ? { kind: "customer" }
      : { kind: "none" };
  try {
    return { shops: await listPublicShops(), access, error: null };
  } catch (error) {
    logger().error({ err: error }, "Loading the silk shops failed");
    return { shops: [] as PublicShop[], access, error: SHOPS_FAILED };
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
  const { shops, access, error } = loaderData;
  const viewHref = (designId: number) => `/merchant/info?view=${designId}`;
  const featured = shops
    .flatMap((shop) => shop.designModels.slice(0, 3).map((design) => ({ design, shop })))
    .slice(0, FEATURED);
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
                  eager={position < 2}
                />
              ))}
            </Carousel>
          </div>
        ) : null}

        <div className="space-y-8">
          {shops.map((shop) => (
            <ShopCard key={shop.id} shop={shop} access={access} viewHref={viewHref} />
          ))}
        </div>
      </div>
      <OpenViewer shops={shops} access={access} />
    </>
  );
}

function OpenViewer({ shops, access }: { shops: PublicShop[]; access: CartAccess }) {
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
          closeHref={`/merchant/info#design-${design.id}`}
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
