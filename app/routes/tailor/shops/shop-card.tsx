import type { ReactNode } from "react";
import { Link } from "react-router";
import { RatingSummary, ReviewItem } from "~/components/reviews";
import type { PublicShop } from "~/domain/merchants/shops.server";
import { formatCount } from "~/lib/format";
import { type CartAccess, DesignCard } from "./design-card";

/**
 * One tailor: who they are, how to reach them, and their designs on sale: the newest few in the
 * list of shops, with a link to the shop's own page (/merchant/info/{id}, `wholeShop`), where
 * they are paged, the shop's heading is the page's (`headingLevel` 1) and its terms come after its contacts.
 */
export function ShopCard({
  shop,
  access,
  viewHref,
  wholeShop,
  headingLevel = 2,
  terms,
}: {
  shop: PublicShop;
  access: CartAccess;
  viewHref: (designId: number) => string;
  wholeShop: boolean;
  headingLevel?: 1 | 2;
  /** The shop page's prices, shipping fee and lead time. */
  terms?: ReactNode;
}) {
  const shopHref = `/merchant/info/${shop.id}`;
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const Sub = headingLevel === 1 ? "h2" : "h3";
  return (
    <article
      id={`shop-${shop.id}`}
      aria-labelledby={`shop-${shop.id}-name`}
      className="scroll-mt-24 rounded-2xl bg-white/60 p-4 ring-1 ring-stone-200 sm:p-6"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        {shop.image ? (
          <img
            src={shop.image}
            alt={`รูปร้าน ${shop.name}`}
            width={96}
            height={96}
            loading="lazy"
            className="size-24 shrink-0 rounded-2xl object-cover ring-1 ring-stone-200"
          />
        ) : (
          <div
            aria-hidden
            className="grid size-16 shrink-0 place-items-center rounded-2xl bg-indigo-ink text-2xl font-semibold text-silk sm:size-24 sm:text-4xl"
          >
            {Array.from(shop.name.replace(/^ร้าน/, ""))[0]}
          </div>
        )}
        <div className="min-w-0 flex-1">
          <Heading
            id={`shop-${shop.id}-name`}
            className={`font-semibold text-indigo-ink ${headingLevel === 1 ? "text-2xl sm:text-3xl" : "text-xl"}`}
          >
            {wholeShop ? (
              shop.name
            ) : (
              <Link to={shopHref} className="underline-offset-4 hover:underline">
                {shop.name}
              </Link>
            )}
          </Heading>
          <p className="text-stone-600">ช่างตัด: {shop.ownerName}</p>
          <RatingSummary rating={shop.rating} merchantId={shop.id} />
          {shop.detail ? <p className="mt-2 whitespace-pre-line break-words text-stone-700">{shop.detail}</p> : null}
          <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
            {shop.phone ? <Contact label="โทรศัพท์" href={`tel:${shop.phone}`} value={shop.phone} /> : null}
            <Contact label="อีเมล" href={`mailto:${shop.email}`} value={shop.email} />
            {shop.lineId ? <Contact label="LINE" value={shop.lineId} /> : null}
            {shop.address ? <Contact label="ที่อยู่" value={shop.address} /> : null}
          </dl>
        </div>
      </div>
      {terms}
      {wholeShop && shop.latestReviews.length ? (
        <section aria-labelledby={`shop-${shop.id}-reviews`} className="mt-5">
          <Sub id={`shop-${shop.id}-reviews`} className="font-semibold text-stone-700">
            รีวิวล่าสุด
          </Sub>
          <ul className="mt-2 space-y-3">
            {shop.latestReviews.map((review) => (
              <li key={review.id} className="rounded-xl bg-cream p-3">
                <ReviewItem review={review} tailorName={shop.name} />
              </li>
            ))}
          </ul>
          <Link
            to={`/merchant/info/${shop.id}/reviews`}
            className="mt-2 inline-flex min-h-11 items-center font-semibold text-indigo-ink underline"
          >
            อ่านรีวิวทั้งหมด ({formatCount(shop.rating.count)})
          </Link>
        </section>
      ) : null}
      <Sub className="mt-5 font-semibold text-stone-700">แบบเสื้อยอดนิยมของร้าน ({formatCount(shop.designCount)})</Sub>
      {shop.designModels.length === 0 ? (
        <p className="mt-2 text-stone-500">ร้านนี้ยังไม่มีแบบเสื้อที่เผยแพร่</p>
      ) : (
        <ul className={`mt-3 grid grid-cols-2 gap-3 ${wholeShop ? "sm:grid-cols-3 lg:grid-cols-5" : "lg:grid-cols-4"}`}>
          {shop.designModels.map((design) => (
            <li key={design.id}>
              <DesignCard design={design} shopName={shop.name} viewHref={viewHref(design.id)} access={access} anchor />
            </li>
          ))}
        </ul>
      )}
      {!wholeShop && shop.designCount > shop.designModels.length ? (
        <p className="mt-4">
          <Link
            to={shopHref}
            className="inline-flex min-h-11 items-center rounded-lg bg-white px-4 font-semibold text-indigo-ink ring-1 ring-stone-300 hover:ring-indigo-ink"
          >
            ดูแบบเสื้อทั้งหมดของร้าน ({formatCount(shop.designCount)} แบบ)
          </Link>
        </p>
      ) : null}
    </article>
  );
}

function Contact({ label, value, href }: { label: string; value: string; href?: string }) {
  return (
    <div className="flex gap-2">
      <dt className="shrink-0 text-stone-500">{label}</dt>
      <dd className="min-w-0 break-words">
        {href ? (
          <a href={href} className="inline-block py-1 text-indigo-ink underline-offset-2 hover:underline">
            {value}
          </a>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}
