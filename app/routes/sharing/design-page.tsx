import { Link } from "react-router";
import { getOptionalUser, hasRole } from "~/auth/guards.server";
import { ShareLinks } from "~/components/share-links";
import { site } from "~/content/site";
import { getLiffConfig } from "~/domain/line/config.server";
import { liffShareUrl } from "~/domain/sharing/flex";
import { DESIGN_NOT_FOUND, designShare, originOf, socialMeta } from "~/domain/sharing/share";
import { getPublicDesign } from "~/domain/sharing/share.server";
import { parseId } from "~/http/params";
import { pageUrl } from "~/http/paths";
import { orPageError } from "~/http/responses.server";
import { formatBaht } from "~/lib/format";
import { type CartAccess, CartButton } from "~/routes/tailor/shops/design-card";
import type { Route } from "./+types/design-page";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: `${DESIGN_NOT_FOUND} | ${site.enterpriseName}` }];
  const { design } = loaderData;
  return socialMeta(
    designShare(originOf(matches), design),
    `${design.label} ของ${design.shop.name} | ${site.enterpriseName}`,
  );
};

/**
 * Public: /designs/{id}, one design a shop has on sale (approved and priced, of a shop that can take
 * orders; 404 otherwise): its picture, shop and price, "สั่งตัดแบบนี้" (the cart with a size, or the
 * designer with its parts), and the share links. The address a shop's design is shared by.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await getOptionalUser(context);
  const design = await orPageError(() => getPublicDesign(parseId(params.id, DESIGN_NOT_FOUND)));
  const url = pageUrl(request);
  const access: CartAccess = !user
    ? { kind: "visitor", loginHref: `/login?redirectTo=${encodeURIComponent(url.pathname)}` }
    : hasRole(user, "user")
      ? { kind: "customer" }
      : { kind: "none" };
  // Inside LINE the design is shared as a card through the LIFF app, when the shop has one.
  const liff = getLiffConfig();
  return { design, access, liffShare: liff ? liffShareUrl(liff.liffId, design.id) : null };
}

export default function DesignPage({ loaderData, matches }: Route.ComponentProps) {
  const { design, access, liffShare } = loaderData;
  const share = designShare(originOf(matches), design);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <p className="mb-4">
        <Link
          to={`/merchant/info/${design.shop.id}`}
          className="inline-block py-2 font-semibold text-indigo-ink underline"
        >
          ← {design.shop.name}
        </Link>
      </p>
      <article id={`design-${design.id}`} className="grid gap-6 md:grid-cols-2">
        <img
          src={design.image}
          alt={`${design.label} ของ${design.shop.name}`}
          width={480}
          height={480}
          className="aspect-square w-full rounded-2xl bg-white object-contain ring-1 ring-stone-200"
        />
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-indigo-ink sm:text-3xl">{design.label}</h1>
          <p className="mt-1 text-stone-600">
            แบบ #{design.id} ของ{" "}
            <Link to={`/merchant/info/${design.shop.id}`} className="font-semibold text-indigo-ink underline">
              {design.shop.name}
            </Link>
          </p>
          <p className="mt-3 text-2xl font-semibold text-lac">{formatBaht(design.price)}</p>
          <section aria-labelledby="order-this" className="mt-6 rounded-xl bg-cream p-4 ring-1 ring-stone-200">
            <h2 id="order-this" className="font-semibold text-stone-700">
              สั่งตัดแบบนี้
            </h2>
            <p className="mt-1 text-sm text-stone-600">เลือกขนาดแล้วใส่ตะกร้า หรือนำแบบนี้ไปปรับเองในหน้าออกแบบ</p>
            <div className="mt-3 max-w-xs">
              <CartButton
                design={{ id: design.id, image: design.image, label: design.label, price: design.price }}
                access={access}
              />
            </div>
            <Link
              to={design.designerHref}
              className="mt-3 inline-block py-2 font-semibold text-indigo-ink underline underline-offset-2"
            >
              ปรับแบบนี้ในหน้าออกแบบ
            </Link>
          </section>
          <ShareLinks title={share.title} url={share.url} insideLineHref={liffShare} className="mt-6" />
        </div>
      </article>
    </div>
  );
}
