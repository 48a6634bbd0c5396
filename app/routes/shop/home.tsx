import { Link } from "react-router";
import { buyerNotice, culture, hero } from "~/content/home";
import { site } from "~/content/site";
import { originOf, siteShare, socialMeta } from "~/domain/sharing/share";
import { getPublicInfo, type PublicInfo } from "~/domain/users/public-info.server";
import { formatCount } from "~/lib/format";
import { logger } from "~/lib/logger.server";
import type { Route } from "./+types/home";

export async function loader() {
  let info: PublicInfo = { userCount: 0, merchantCount: 0 };
  try {
    info = await getPublicInfo();
  } catch (error) {
    // The counts stay 0; the page still serves (spec section 8: logged only).
    logger().error({ err: error }, "Failed to fetch information");
  }
  return info;
}

/** The home page shared: the shop's own picture (issue 50). */
export const meta: Route.MetaFunction = ({ matches }) =>
  socialMeta(
    siteShare(
      originOf(matches),
      "/",
      site.enterpriseName,
      `${site.tagline} เลือกคอเสื้อ สาบ ลายผ้าทอ และสีได้เอง แล้วสั่งตัดกับช่างในชุมชน`,
    ),
    `${site.enterpriseName} | ออกแบบเสื้อลายผ้าทอ`,
  );

export default function Home({ loaderData }: Route.ComponentProps) {
  const { userCount, merchantCount } = loaderData;
  return (
    <>
      <Hero />
      <section aria-label="ภาพรวมร้าน" className="mx-auto -mt-8 max-w-6xl px-4">
        <ul className="enter-once grid grid-cols-2 gap-3 lg:grid-cols-4">
          <li className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
            <p className="text-sm text-stone-500">ช่างฝีมือในชุมชน</p>
            <p className="mt-1 text-3xl font-semibold text-indigo-ink" data-testid="merchant-count">
              {formatCount(merchantCount)} <span className="text-base font-normal text-stone-600">คน</span>
            </p>
          </li>
          <li className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
            <p className="text-sm text-stone-500">ผู้ใช้งาน</p>
            <p className="mt-1 text-3xl font-semibold text-indigo-ink" data-testid="user-count">
              {formatCount(userCount)} <span className="text-base font-normal text-stone-600">คน</span>
            </p>
          </li>
          <li>
            <Link
              to="/merchant/info"
              className="flex h-full flex-col justify-between rounded-2xl bg-silk-soft p-4 shadow-sm ring-1 ring-silk/40 hover:ring-silk"
            >
              <span className="text-sm text-stone-600">ผลงานจากร้านในชุมชน</span>
              <span className="mt-1 font-semibold text-indigo-ink">ดูแบบเสื้อยอดนิยม →</span>
            </Link>
          </li>
          <li>
            <Link
              to="/design"
              className="flex h-full flex-col justify-between rounded-2xl bg-indigo-ink p-4 text-white shadow-sm ring-2 ring-silk hover:bg-indigo-deep"
            >
              <span className="text-sm text-indigo-soft">เลือกชิ้นส่วนได้เอง</span>
              <span className="mt-1 font-semibold">ออกแบบเสื้อ →</span>
            </Link>
          </li>
        </ul>
      </section>
      <Culture />
      <section aria-labelledby="buyer-notice" className="mx-auto max-w-4xl px-4 pb-16">
        <div className="rounded-2xl border-l-4 border-silk bg-white p-5 shadow-sm ring-1 ring-stone-200">
          <h2 id="buyer-notice" className="text-lg font-semibold text-indigo-ink">
            {buyerNotice.title}
          </h2>
          <p className="mt-2 text-stone-700">{buyerNotice.text}</p>
        </div>
      </section>
    </>
  );
}

function Hero() {
  return (
    <section className="bg-indigo-ink text-white">
      {/* Wide screens: words beside the shirt. */}
      <div className="enter-once mx-auto hidden max-w-6xl grid-cols-[1.1fr_0.9fr] items-center gap-10 px-4 pb-20 pt-14 lg:grid">
        <div>
          <p className="font-semibold text-silk">{hero.eyebrow}</p>
          <h1 className="mt-3 text-5xl font-semibold leading-tight">{hero.title}</h1>
          <p className="mt-5 max-w-xl text-lg text-indigo-soft">{hero.body}</p>
          <Link
            to="/design"
            className="mt-8 inline-block rounded-xl bg-silk px-7 py-3.5 text-lg font-semibold text-indigo-deep shadow hover:bg-[#d9a63c]"
          >
            {hero.cta}
          </Link>
        </div>
        <img src="/images/home/hero-shirt.svg" alt="" width={400} height={400} className="mx-auto w-full max-w-sm" />
      </div>
      {/* Phones: title, a smaller shirt, then the button within thumb reach. */}
      <div className="enter-once px-4 pb-14 pt-8 text-center lg:hidden">
        <p className="text-sm font-semibold text-silk">{hero.eyebrow}</p>
        <h1 className="mt-2 text-3xl font-semibold leading-snug">{hero.title}</h1>
        <img src="/images/home/hero-shirt.svg" alt="" width={200} height={200} className="mx-auto my-4 size-44" />
        <p className="text-indigo-soft">{hero.body}</p>
        <Link
          to="/design"
          className="mt-6 block rounded-xl bg-silk px-6 py-3.5 text-lg font-semibold text-indigo-deep shadow"
        >
          {hero.cta}
        </Link>
      </div>
    </section>
  );
}

function Culture() {
  return (
    <section aria-labelledby="culture" className="mx-auto max-w-6xl px-4 py-14">
      <h2 id="culture" className="text-2xl font-semibold text-indigo-ink sm:text-3xl">
        {culture.title}
      </h2>
      <p className="mt-3 max-w-3xl text-stone-700">{culture.intro}</p>
      <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {culture.peoples.map((people) => (
          <li key={people.key} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
            <img
              src={people.image}
              alt={people.alt}
              width={320}
              height={200}
              loading="lazy"
              decoding="async"
              className="aspect-[16/6] w-full object-cover sm:aspect-[8/5]"
            />
            <div className="p-4">
              <h3 className="text-lg font-semibold text-indigo-ink">{people.name}</h3>
              <p className="mt-1 text-[15px] text-stone-700">{people.text}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-10 grid gap-4 rounded-2xl bg-silk-soft p-6 ring-1 ring-silk/30 lg:grid-cols-[0.8fr_1.2fr]">
        <h3 className="text-xl font-semibold text-indigo-ink">{culture.craftTitle}</h3>
        <div className="space-y-3 text-stone-700">
          {culture.craft.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </div>
    </section>
  );
}
