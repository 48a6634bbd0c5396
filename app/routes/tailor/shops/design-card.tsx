import { useId } from "react";
import { Link, useSearchParams } from "react-router";
import { ErrorList } from "~/components/form-fields";
import { Form } from "~/components/post-form";
import { NEED_SIZE_PARAM, READY_SIZES, SIZE_MESSAGES } from "~/domain/catalogue/sizes";
import type { ShopDesign } from "~/domain/merchants/shops.server";
import { ADD_FAILED_PARAM, addRefusalFor } from "~/domain/orders/add-refusals";
import { formatBaht } from "~/lib/format";
import { idOf } from "~/lib/record-id";

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
        <h3 className="font-semibold leading-snug text-indigo-ink">
          <Link to={`/designs/${design.id}`} className="inline-block py-0.5 underline-offset-4 hover:underline">
            {design.label}
            <span className="sr-only"> แบบ #{design.id}</span>
          </Link>
        </h3>
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

/**
 * A plain form to POST /cart/add (designId, quantity 1, the customer's size), which goes on to
 * /cart. The size is asked here: a shop's design is cut to each customer's own ready size. Sent
 * without one (past the browser's own check), the page comes back naming the design in its
 * address (NEED_SIZE_PARAM), and the message shows beside the size.
 */
export function CartButton({ design, access }: { design: ShopDesign; access: CartAccess }) {
  const selectId = useId();
  const [params] = useSearchParams();
  const sizeError = idOf(params.get(NEED_SIZE_PARAM)) === design.id;
  // Any other refusal of the last add of this design, said beside its button (decision 103).
  const addError = addRefusalFor(params.get(ADD_FAILED_PARAM), design.id);
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
  const errorId = `${selectId}-error`;
  return (
    <Form method="post" action="/cart/add" className="space-y-2">
      <input type="hidden" name="designId" value={design.id} />
      <input type="hidden" name="quantity" value="1" />
      <div>
        <label htmlFor={selectId} className="block text-xs font-semibold text-stone-700">
          ขนาดของคุณ
          <span className="sr-only">
            {" "}
            สำหรับ{design.label} แบบ #{design.id}
          </span>
        </label>
        <select
          id={selectId}
          name="sizeId"
          required
          defaultValue=""
          aria-invalid={sizeError || undefined}
          aria-describedby={sizeError ? errorId : undefined}
          // biome-ignore lint/a11y/noAutofocus: only on the page answering an add sent without a size, to bring it into view
          autoFocus={sizeError || undefined}
          className="mt-0.5 block min-h-11 w-full min-w-0 rounded-lg border border-stone-300 bg-white px-2 text-sm aria-[invalid]:border-lac"
        >
          <option value="" disabled>
            เลือกขนาด
          </option>
          {READY_SIZES.map((size) => (
            <option key={size.sid} value={size.sid}>
              {size.name}
            </option>
          ))}
        </select>
        <ErrorList id={errorId} errors={sizeError ? [SIZE_MESSAGES.required] : null} />
      </div>
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
      {addError ? (
        <p role="alert" className="text-sm text-lac" data-testid="add-error">
          {addError}
        </p>
      ) : null}
    </Form>
  );
}
