import { Link, useFetcher } from "react-router";
import { Form, PostKey } from "~/components/post-form";
import { READY_SIZES, SIZE_MESSAGES } from "~/domain/catalogue/sizes";
import { totalFor } from "~/domain/pricing/quote";
import type { QuoteRange } from "~/domain/pricing/quote-key";
import { formatBaht, formatCount } from "~/lib/format";
import { CartPriceRange } from "./cart-price-range";

export interface CartItemCardData {
  id: number;
  name: string;
  image: string;
  quantity: number;
  unitPrice: number | null;
  totalPrice: number | null;
  /** The chosen tailor's shipping fee, frozen when the order is placed (null: no tailor yet). */
  shippingFee?: number | null;
  needsTailorChoice: boolean;
  sellerUser: { name: string; phone: string | null; shopName: string | null } | null;
  /** The ready size (null: cut to measure, or none chosen yet). */
  size: { sid: string; name: string } | null;
  /** Put in the cart before sizes were asked for: no size yet. */
  needsSize: boolean;
  customSize: boolean;
  measurements: { name: string } | null;
}

const buttonClass = "inline-flex min-h-11 items-center rounded-lg px-3 py-2 text-sm font-semibold ring-1";

/** A cart form refused (quantity, size, measurements, remove): the line it was about, and why. */
export interface CartError {
  itemId: number | null;
  message: string;
}

/**
 * One cart item: picture, name, tailor, price, a quantity stepper and its actions. The stepper is
 * a fetcher form: a plain post without JavaScript, no page reload with it. Removing asks first.
 */
export function CartItemCard({
  item,
  eager,
  profiles,
  priceRange,
  error,
}: {
  item: CartItemCardData;
  eager: boolean;
  /** Why the page's last form about this line was refused (without JavaScript, or a plain form). */
  error?: string | null;
  /** Until a tailor is chosen: the range of one shirt's price among the tailors who can make it. */
  priceRange?: QuoteRange | null;
  /** The buyer's measurement profiles (for an item sized to measure). */
  profiles: readonly { id: number; name: string }[];
}) {
  const stepper = useFetcher<{ cartError?: CartError }>();
  const pendingQuantity = stepper.formData ? Number(stepper.formData.get("quantity")) : null;
  const quantity = pendingQuantity ?? item.quantity;
  const headingId = `cart-item-${item.id}`;
  // The stepper's own refusal (its answer, with JavaScript) until it is used again, or the page's.
  const refusal = (stepper.state === "idle" ? stepper.data?.cartError?.message : null) ?? error ?? null;

  return (
    <li aria-labelledby={headingId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
      {refusal ? (
        <p
          role="alert"
          tabIndex={-1}
          className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-lac ring-1 ring-lac/30"
          data-testid="line-error"
        >
          {refusal}
        </p>
      ) : null}
      <div className="flex gap-4">
        <img
          src={item.image}
          alt={`ภาพ${item.name}`}
          width={112}
          height={112}
          loading={eager ? "eager" : "lazy"}
          className="size-24 shrink-0 rounded-xl bg-cream object-contain ring-1 ring-stone-200 sm:size-28"
        />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="font-semibold text-indigo-ink">
            {item.name}
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            {item.sellerUser ? (
              <>
                ช่างตัด:{" "}
                <span className="font-semibold text-stone-800">{item.sellerUser.shopName ?? item.sellerUser.name}</span>
              </>
            ) : (
              <span className="inline-block rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">
                ยังไม่ได้เลือกช่าง
              </span>
            )}
          </p>
          <p className="mt-1 text-sm text-stone-700">
            {item.unitPrice !== null && item.totalPrice !== null ? (
              <>
                {formatBaht(item.unitPrice)} × {formatCount(quantity)} ={" "}
                <span className="font-semibold text-indigo-ink">{formatBaht(totalFor(item.unitPrice, quantity))}</span>
                {item.shippingFee != null ? (
                  <span className="text-stone-600">
                    {" "}
                    + ค่าจัดส่ง {item.shippingFee === 0 ? "ฟรี" : formatBaht(item.shippingFee)}
                  </span>
                ) : null}
              </>
            ) : (
              <CartPriceRange range={priceRange} quantity={quantity} />
            )}
          </p>
          {item.customSize ? <CustomSize item={item} profiles={profiles} /> : null}
          <SizeChoice item={item} />
          <stepper.Form
            method="post"
            action="/cart"
            className="mt-2 flex flex-wrap items-center gap-2"
            aria-label={`จำนวน ${item.name}`}
          >
            <PostKey />
            <input type="hidden" name="intent" value="quantity" />
            <input type="hidden" name="itemId" value={item.id} />
            <span className="text-sm text-stone-600">จำนวน</span>
            <button
              type="submit"
              name="quantity"
              value={quantity - 1}
              disabled={quantity <= 1}
              aria-label="ลดจำนวน"
              className="grid size-11 place-items-center rounded-lg bg-stone-100 text-lg font-semibold text-indigo-ink ring-1 ring-stone-300 disabled:opacity-40"
            >
              −
            </button>
            <output aria-live="polite" data-testid="item-quantity" className="min-w-8 text-center font-semibold">
              {formatCount(quantity)}
            </output>
            <button
              type="submit"
              name="quantity"
              value={quantity + 1}
              aria-label="เพิ่มจำนวน"
              className="grid size-11 place-items-center rounded-lg bg-stone-100 text-lg font-semibold text-indigo-ink ring-1 ring-stone-300"
            >
              +
            </button>
          </stepper.Form>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2 border-t border-stone-100 pt-3">
        <Link
          to={`/user/product/${item.id}`}
          className={`${buttonClass} bg-white text-indigo-ink ring-stone-300 hover:ring-indigo-ink`}
        >
          ดูรายละเอียด
        </Link>
        {item.needsTailorChoice ? (
          <Link
            to={`/merchant/select?productId=${item.id}`}
            className={`${buttonClass} bg-silk-soft text-indigo-ink ring-silk/50 hover:ring-silk`}
          >
            {item.sellerUser ? "เปลี่ยนช่างตัด" : "เลือกช่างตัด"}
          </Link>
        ) : null}
        {/* Asks first (a dialog the cart page draws for ?remove=id), with or without JavaScript. */}
        <Link
          to={`/cart?remove=${item.id}`}
          preventScrollReset
          className={`${buttonClass} ml-auto bg-white text-lac ring-lac/40 hover:bg-red-50`}
          aria-label={`ลบ ${item.name} ออกจากตะกร้า`}
        >
          ลบ
        </Link>
      </div>
    </li>
  );
}

/**
 * The item's size, and a plain form to change it (JavaScript on or off): the ready sizes. A line
 * without one (put in the cart before sizes were asked for) says so here, beside its size, and the
 * order cannot be placed until it has one. An item cut to measure may change to a ready size.
 */
function SizeChoice({ item }: { item: CartItemCardData }) {
  const selectId = `size-${item.id}`;
  const noteId = `size-note-${item.id}`;
  return (
    <div
      className={`mt-2 rounded-xl p-2 text-sm ${item.needsSize ? "bg-red-50 ring-1 ring-lac/40" : item.customSize ? "" : "bg-cream"}`}
    >
      {item.needsSize ? (
        <p id={noteId} className="mb-1 font-semibold text-lac">
          {SIZE_MESSAGES.lineNeedsSize}
        </p>
      ) : null}
      <Form method="post" action="/cart" className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="intent" value="size" />
        <input type="hidden" name="itemId" value={item.id} />
        <label htmlFor={selectId} className="font-semibold text-stone-700">
          {item.customSize ? "เปลี่ยนเป็นขนาดมาตรฐาน" : "ขนาด"}
          <span className="sr-only"> ของ{item.name}</span>
        </label>
        <select
          id={selectId}
          name="sizeId"
          required
          defaultValue={item.size?.sid ?? ""}
          aria-invalid={item.needsSize || undefined}
          aria-describedby={item.needsSize ? noteId : undefined}
          className="min-h-11 min-w-0 basis-full rounded-lg border border-stone-300 bg-white px-2 sm:flex-1 sm:basis-auto aria-[invalid]:border-lac"
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
        <button
          type="submit"
          className={`${buttonClass} bg-white text-indigo-ink ring-stone-300 hover:ring-indigo-ink`}
        >
          {item.size ? "เปลี่ยนขนาด" : "ใช้ขนาดนี้"}
        </button>
      </Form>
    </div>
  );
}

/**
 * An item cut to the buyer's measurements: which profile, and a form to choose another (a plain
 * post; a profile deleted since it was chosen must be replaced before the order can be placed).
 */
function CustomSize({ item, profiles }: { item: CartItemCardData; profiles: readonly { id: number; name: string }[] }) {
  const selectId = `measurements-${item.id}`;
  return (
    <div className="mt-2 rounded-xl bg-cream p-2 text-sm">
      <p className="text-stone-700">
        ขนาด: ตามสัดส่วน{" "}
        {item.measurements ? (
          <span className="font-semibold text-stone-900">"{item.measurements.name}"</span>
        ) : (
          <span className="font-semibold text-lac">ยังไม่ได้เลือกสัดส่วน (สัดส่วนเดิมถูกลบ)</span>
        )}
      </p>
      {profiles.length > 0 ? (
        <Form method="post" action="/cart" className="mt-1 flex flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value="measurements" />
          <input type="hidden" name="itemId" value={item.id} />
          <label htmlFor={selectId} className="sr-only">
            สัดส่วนสำหรับ {item.name}
          </label>
          <select
            id={selectId}
            name="measurementProfileId"
            defaultValue={profiles.find((profile) => profile.name === item.measurements?.name)?.id ?? ""}
            required
            className="min-h-11 min-w-0 basis-full rounded-lg border border-stone-300 bg-white px-2 sm:flex-1 sm:basis-auto"
          >
            <option value="" disabled>
              เลือกสัดส่วน
            </option>
            {profiles.map((profile) => (
              <option key={profile.id} value={profile.id}>
                {profile.name}
              </option>
            ))}
          </select>
          <button
            type="submit"
            className={`${buttonClass} bg-white text-indigo-ink ring-stone-300 hover:ring-indigo-ink`}
          >
            ใช้สัดส่วนนี้
          </button>
        </Form>
      ) : (
        <Link to="/profile/measurements?new=1" className="text-indigo-ink underline">
          เพิ่มสัดส่วนของคุณ
        </Link>
      )}
    </div>
  );
}
