import { Form, Link } from "react-router";
import type { ShopDesign } from "~/domain/merchants/shops.server";
import { formatBaht } from "~/lib/format";

/** Who is looking decides what a design offers: a customer adds it to the cart, a visitor is asked to log in. */
export type CartAccess = { kind: "customer" } | { kind: "visitor"; loginHref: string } | { kind: "none" };

export function DesignCard({
  design,
  shopName,
  viewHref,
  access,
  eager = false,
  anchor,
}: {
  design: ShopDesign;
  shopName: string;
  viewHref: string;
  access: CartAccess;
  eager?: boolean;
  anchor?: boolean;
}) {
  return (
    <article
      id={anchor ? `design-${design.id}` : undefined}
      className="flex h-full scroll-mt-24 flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200"
    >
      <Link
        to={viewHref}
        state={{ viewer: true }}
        preventScrollReset
        aria-label={`ดูภาพขยาย ${design.label} ของ${shopName}`}
        className="group block bg-stone-50"
      >
        <img
          src={design.image}
          alt={`${design.label} ของ${shopName}`}
          width={320}
          height={320}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          draggable={false}
          className="aspect-square w-full object-contain transition group-hover:scale-[1.02]"
        />
      </Link>
      <div className="flex flex-1 flex-col p-3">
        <h3 className="font-semibold leading-snug text-indigo-ink">{design.label}</h3>
        <p className="text-sm text-stone-500">{shopName}</p>
        <p className="mt-1 font-semibold text-lac">
          {design.price === null ? "ยังไม่กำหนดราคา" : formatBaht(design.price)}
        </p>
        <div className="mt-auto pt-3">
          <CartButton design={design} access={access} />
        </div>
      </div>
    </article>
  );
}

/** A plain form to POST /cart/add (designId, quantity 1), which goes on to /cart. */
export function CartButton({ design, access }: { design: ShopDesign; access: CartAccess }) {
  if (design.price === null || access.kind === "none") return null;
  if (access.kind === "visitor") {
    return (
      <Link
        to={access.loginHref}
        className="block rounded-lg px-3 py-2 text-center text-sm font-semibold text-indigo-ink ring-1 ring-indigo-ink/30 hover:bg-indigo-soft"
      >
        เข้าสู่ระบบเพื่อสั่งซื้อ
      </Link>
    );
  }
  return (
    <Form method="post" action="/cart/add">
      <input type="hidden" name="designId" value={design.id} />
      <input type="hidden" name="quantity" value="1" />
      <button
        type="submit"
        className="w-full rounded-lg bg-indigo-ink px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-deep"
      >
        เพิ่มลงตะกร้า
        <span className="sr-only">
          {" "}
          {design.label} แบบ #{design.id}
        </span>
      </button>
    </Form>
  );
}
