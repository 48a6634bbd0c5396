import { Link, redirect, useFetchers } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { site } from "~/content/site";
import { SIZE_MESSAGES } from "~/domain/catalogue/sizes";
import { MEASUREMENTS_MESSAGES } from "~/domain/designs/messages";
import { isDomainError } from "~/domain/errors";
import { listProfiles } from "~/domain/measurements/profiles.server";
import { chooseMeasurements, getCartToDeliver, removeCartItem, setCartQuantity } from "~/domain/orders/cart.server";
import { chooseCartSize } from "~/domain/orders/cart-size.server";
import { isReadyToPlace, type SummaryItem, summarize, withPending } from "~/domain/orders/cart-summary";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { placeOrder } from "~/domain/orders/place-order.server";
import { priceRangesOf } from "~/domain/pricing/quote-range.server";
import { formText, idOf, parseId } from "~/http/params";
import { orPageError, pageFault } from "~/http/responses.server";
import { formatBaht, formatCount } from "~/lib/format";
import { dataWithErrorNow, redirectWithError, redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/cart";
import { saveAddressForm, seenItems } from "./checkout.server";
import { type CartError, CartItemCard } from "./ui/cart-item-card";
import { DeliveryAddress } from "./ui/delivery-address";

export const meta: Route.MetaFunction = () => [{ title: `ตะกร้าสินค้า | ${site.enterpriseName}` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, { roles: "user" });
  const { waitingForTailor, ...cart } = await orPageError(() => getCartToDeliver(user.id));
  // The buyer's profiles, to cut an item sized to measure to another one (only when there is one).
  const profiles = cart.items.some((item) => item.customSize)
    ? (await orPageError(() => listProfiles(user.id))).map(({ id, name }) => ({ id, name }))
    : [];
  // ?remove=12: the question before an item leaves the cart (an id not in this cart asks nothing).
  const removeId = idOf(new URL(request.url).searchParams.get("remove"));
  const removing = cart.items.find((item) => item.id === removeId) ?? null;
  // Lines without a tailor show the range of prices until one is chosen (issue 45).
  const priceRanges = await orPageError(() => priceRangesOf(waitingForTailor));
  return {
    ...cart,
    priceRanges,
    profiles,
    removing: removing && { id: removing.id, name: removing.name, quantity: removing.quantity },
  };
}

/**
 * The cart's forms: change a quantity, change an item's size, cut an item to another measurement
 * profile, remove an item, set the delivery address, place the order (intent field). The page's
 * own button goes to the review page (/cart/review) first; `place` stays for a form sent before.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, { roles: "user" });
  const form = await request.formData();
  const intent = formText(form, "intent");
  if (intent === "address") return saveAddressForm(user.id, form, "/cart");
  try {
    if (intent === "quantity") {
      await setCartQuantity(
        user.id,
        parseId(formText(form, "itemId"), ORDER_MESSAGES.notFound, ORDER_MESSAGES.badId),
        formText(form, "quantity"),
      );
      return redirect("/cart");
    }
    if (intent === "size") {
      await chooseCartSize(
        user.id,
        parseId(formText(form, "itemId"), ORDER_MESSAGES.notFound, ORDER_MESSAGES.badId),
        formText(form, "sizeId"),
      );
      return redirectWithSuccess("/cart", SIZE_MESSAGES.changed);
    }
    if (intent === "measurements") {
      await chooseMeasurements(
        user.id,
        parseId(formText(form, "itemId"), ORDER_MESSAGES.notFound, ORDER_MESSAGES.badId),
        parseId(formText(form, "measurementProfileId"), MEASUREMENTS_MESSAGES.profileNotFound),
      );
      return redirectWithSuccess("/cart", MEASUREMENTS_MESSAGES.changed);
    }
    if (intent === "remove") {
      await removeCartItem(user.id, parseId(formText(form, "itemId"), ORDER_MESSAGES.notFound, ORDER_MESSAGES.badId));
      return redirectWithSuccess("/cart", ORDER_MESSAGES.removed);
    }
    if (intent === "place") {
      await placeOrder(user.id, seenItems(form));
      return redirectWithSuccess("/user/orders", ORDER_MESSAGES.placed);
    }
  } catch (error) {
    if (!isDomainError(error)) throw pageFault(error);
    // Said where the customer acted, and kept there until they act again: beside the line whose
    // form it was (or above the list), with the notice too. The page answers itself, unchanged.
    const cartError: CartError = { itemId: idOf(formText(form, "itemId")), message: error.message };
    return dataWithErrorNow(request, context, { cartError }, error.message, { status: error.status });
  }
  return redirectWithError("/cart", "ไม่รู้จักคำสั่งนี้");
}

/** The summary as it will be once the quantity changes and removals being saved are done. */
function usePendingSummary(items: readonly SummaryItem[]) {
  const fetchers = useFetchers();
  const quantities = new Map<number, number>();
  const removed = new Set<number>();
  for (const fetcher of fetchers) {
    const form = fetcher.formData;
    if (!form) continue;
    const id = Number(form.get("itemId"));
    if (form.get("intent") === "quantity") quantities.set(id, Number(form.get("quantity")));
    if (form.get("intent") === "remove") removed.add(id);
  }
  return {
    summary: summarize(withPending(items, quantities, removed)),
    saving: fetchers.some((fetcher) => fetcher.state !== "idle"),
  };
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, address, removing, profiles } = loaderData;
  const { summary, saving } = usePendingSummary(items);
  const cartError = actionData && "cartError" in actionData ? actionData.cartError : null;
  // A refusal about a line still in the cart shows on that line; any other above the list.
  const lineError = cartError && items.some((item) => item.id === cartError.itemId) ? cartError : null;

  if (items.length === 0) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-semibold text-indigo-ink">ตะกร้าสินค้า</h1>
        <div className="mt-6 rounded-2xl bg-white p-8 shadow-sm ring-1 ring-stone-200">
          <p className="text-lg text-stone-700">ยังไม่มีสินค้าในตะกร้า</p>
          <p className="mt-1 text-sm text-stone-500">ออกแบบเสื้อตัวแรกของคุณ หรือเลือกแบบเสื้อจากร้านผ้าไหมในชุมชน</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link
              to="/design?category=shirt"
              className="rounded-xl bg-indigo-ink px-6 py-3 font-semibold text-white hover:bg-indigo-deep"
            >
              ออกแบบเสื้อ
            </Link>
            <Link
              to="/merchant/info"
              className="rounded-xl bg-silk-soft px-6 py-3 font-semibold text-indigo-ink ring-1 ring-silk/50"
            >
              ดูร้านผ้าไหม
            </Link>
          </div>
        </div>
      </section>
    );
  }

  const unpriced = items.filter((item) => item.totalPrice === null).length;
  // A line put in the cart before sizes were asked for: said beside it, and the order waits for it.
  const unsized = items.filter((item) => item.needsSize).length;
  const readyLines = items.filter(isReadyToPlace).length;
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-semibold text-indigo-ink">ตะกร้าสินค้า</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
        <div className="space-y-4">
          {cartError && !lineError ? (
            <p
              role="alert"
              className="rounded-lg bg-red-50 px-4 py-3 text-sm text-lac ring-1 ring-lac/30"
              data-testid="cart-error"
            >
              {cartError.message}
            </p>
          ) : null}
          <ul className="space-y-4" aria-label="สินค้าในตะกร้า">
            {items.map((item, index) => (
              <CartItemCard
                key={item.id}
                item={item}
                // Only the first line's picture is asked for with the page: on a phone the next is off
                // the screen, and over Slow 3G a second picture pushed the page's last script into a
                // third round of requests (bench/README.md, tuning note 122).
                eager={index === 0}
                profiles={profiles}
                priceRange={loaderData.priceRanges[item.id]}
                error={lineError?.itemId === item.id ? lineError.message : null}
              />
            ))}
          </ul>
        </div>
        <aside
          aria-labelledby="cart-summary"
          className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 lg:sticky lg:top-24"
        >
          <h2 id="cart-summary" className="text-lg font-semibold text-indigo-ink">
            สรุปคำสั่งซื้อ
          </h2>
          <dl className="mt-4 space-y-2 text-stone-700">
            <div className="flex justify-between gap-4">
              <dt>จำนวนสินค้า</dt>
              <dd data-testid="cart-count">
                {formatCount(summary.itemCount)} รายการ ({formatCount(summary.pieceCount)} ตัว)
              </dd>
            </div>
            <div className="flex justify-between gap-4 border-t border-stone-200 pt-2 text-lg font-semibold text-indigo-ink">
              <dt>ราคารวม</dt>
              {/* No item priced yet: a total of 0 baht would read as free. */}
              <dd data-testid="cart-total">{unpriced === items.length ? "รอเลือกช่างตัด" : formatBaht(summary.total)}</dd>
            </div>
          </dl>
          {unpriced > 0 && unpriced < items.length ? (
            <p className="mt-2 text-sm text-stone-500">ยังไม่รวม {formatCount(unpriced)} รายการที่ยังไม่ได้เลือกช่างตัด</p>
          ) : null}
          <div className="mt-4">
            <DeliveryAddress
              address={address}
              action="/cart"
              lastResult={actionData && "addressResult" in actionData ? actionData.addressResult : null}
            />
          </div>
          {/* Ordering starts with the review page: each line's size, tailor and price, and the address.
              A link once every line can go; until then the spec's disabled button says what is missing. */}
          {summary.ready && unsized === 0 && !saving ? (
            <Link
              to="/cart/review"
              className="mt-4 block w-full rounded-xl bg-indigo-ink px-5 py-3 text-center text-lg font-semibold text-white hover:bg-indigo-deep"
            >
              สั่งตัดเสื้อ
            </Link>
          ) : (
            <button
              type="button"
              disabled
              className="mt-4 w-full cursor-not-allowed rounded-xl bg-stone-300 px-5 py-3 text-lg font-semibold text-stone-600"
            >
              {!summary.ready ? ORDER_MESSAGES.needTailors : unsized > 0 ? SIZE_MESSAGES.placeButton : "กำลังบันทึก…"}
            </button>
          )}
          {readyLines > 0 && readyLines < items.length ? (
            <p className="mt-2 text-sm">
              <Link to="/cart/review" className="inline-flex min-h-11 items-center text-indigo-ink underline">
                สั่งเฉพาะรายการที่พร้อม ({formatCount(readyLines)} รายการ)
              </Link>
            </p>
          ) : null}
        </aside>
      </div>
      {removing ? (
        <ConfirmDialog
          title={`นำ${removing.name}ออกจากตะกร้า?`}
          closeTo="/cart"
          action="/cart"
          fields={{ intent: "remove", itemId: String(removing.id) }}
          confirmLabel="นำออกจากตะกร้า"
          backLabel="เก็บไว้ในตะกร้า"
        >
          <p>
            {removing.name} จำนวน {formatCount(removing.quantity)} ตัว จะออกจากตะกร้า หากต้องการสั่งภายหลังต้องเพิ่มลงตะกร้าอีกครั้ง
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
