import { Link, redirect, useNavigation } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { SubmitButton } from "~/components/forms";
import { Form } from "~/components/post-form";
import { site } from "~/content/site";
import { isDomainError } from "~/domain/errors";
import { getCartToDeliver } from "~/domain/orders/cart.server";
import { isReadyToPlace, lineProblem } from "~/domain/orders/cart-summary";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { placeOrder } from "~/domain/orders/place-order.server";
import { sumPrices } from "~/domain/pricing/quote";
import { formText } from "~/http/params";
import { orPageError, pageFault } from "~/http/responses.server";
import { formatBaht, formatCount } from "~/lib/format";
import { dataWithErrorNow, redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/cart-review";
import { saveAddressForm, seenItems } from "./checkout.server";
import { DeliveryAddress } from "./ui/delivery-address";

export const meta: Route.MetaFunction = () => [{ title: `ตรวจสอบคำสั่งซื้อ | ${site.enterpriseName}` }];

/** The last look before ordering: every line as it will be placed, and where it goes. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context, { roles: "user" });
  const { address, ...cart } = await orPageError(() => getCartToDeliver(user.id));
  // Nothing to review: the cart says so and offers the designer.
  if (cart.items.length === 0) throw redirect("/cart");
  return {
    address,
    lines: cart.items.map((item) => ({
      id: item.id,
      version: item.version,
      name: item.name,
      image: item.image,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      totalPrice: item.totalPrice,
      /** The chosen tailor's fee as it is now: frozen on the order when it is placed. */
      shippingFee: item.shippingFee,
      totalWithShipping: item.totalWithShipping,
      size: item.size,
      customSize: item.customSize,
      measurements: item.measurements && { name: item.measurements.name },
      tailor: item.sellerUser && (item.sellerUser.shopName ?? item.sellerUser.name),
      sellerId: item.sellerId,
      needsTailorChoice: item.needsTailorChoice,
      needsSize: item.needsSize,
    })),
  };
}

/**
 * Place the lines sent (`item=id:version`: one alone, or all of them), each exactly as the buyer
 * saw it here; or save the delivery address and come back. A refusal stays on this page, said
 * above the buttons (and in the notice).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, { roles: "user" });
  const form = await request.formData();
  const intent = formText(form, "intent");
  if (intent === "address") return saveAddressForm(user.id, form, "/cart/review");
  if (intent !== "place") return redirect("/cart/review");
  try {
    await placeOrder(user.id, seenItems(form), "lines");
  } catch (error) {
    if (!isDomainError(error)) throw pageFault(error);
    return dataWithErrorNow(request, context, { placeError: error.message }, error.message, { status: error.status });
  }
  return redirectWithSuccess("/user/orders", ORDER_MESSAGES.placed);
}

type Line = Route.ComponentProps["loaderData"]["lines"][number];

export default function CartReview({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, address } = loaderData;
  const ready = lines.filter(isReadyToPlace);
  const allReady = ready.length === lines.length;
  const itemsTotal = sumPrices(ready.map((line) => line.totalPrice));
  const shippingTotal = sumPrices(ready.map((line) => line.shippingFee));
  const total = sumPrices(ready.map((line) => line.totalWithShipping));
  const placeError = actionData && "placeError" in actionData ? actionData.placeError : null;
  const addressResult = actionData && "addressResult" in actionData ? actionData.addressResult : null;
  const blocked = !address ? ORDER_MESSAGES.needAddress : null;

  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <p className="text-sm">
        <Link to="/cart" className="inline-flex min-h-11 items-center text-indigo-ink underline">
          ← กลับไปแก้ไขตะกร้า
        </Link>
      </p>
      <h1 className="text-2xl font-semibold text-indigo-ink">ตรวจสอบคำสั่งซื้อ</h1>
      <p className="mt-1 text-stone-600">ตรวจขนาด ช่างตัด ราคา และที่อยู่จัดส่ง ก่อนยืนยันสั่งตัด</p>

      {placeError ? (
        <p
          role="alert"
          tabIndex={-1}
          className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-sm text-lac ring-1 ring-lac/30"
          data-testid="place-error"
        >
          {placeError}
        </p>
      ) : null}

      <ul className="mt-6 space-y-3" aria-label="รายการที่จะสั่งตัด">
        {lines.map((line) => (
          <ReviewLine key={line.id} line={line} alone={lines.length > 1 && !blocked} />
        ))}
      </ul>

      <div className="mt-6">
        <DeliveryAddress address={address} action="/cart/review" lastResult={addressResult} />
      </div>

      <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
        <dl className="space-y-1 text-stone-700">
          <div className="flex justify-between gap-4">
            <dt>สั่งตัด</dt>
            <dd>
              {formatCount(ready.length)} รายการ ({formatCount(ready.reduce((sum, line) => sum + line.quantity, 0))} ตัว)
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt>ค่าเสื้อ</dt>
            <dd>{formatBaht(itemsTotal)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt>ค่าจัดส่ง</dt>
            <dd>{formatBaht(shippingTotal)}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-stone-200 pt-2 text-lg font-semibold text-indigo-ink">
            <dt>ยอดชำระรวม</dt>
            <dd data-testid="review-total">{formatBaht(total)}</dd>
          </div>
        </dl>
        {!allReady ? (
          <p className="mt-2 text-sm text-amber-900">
            {formatCount(lines.length - ready.length)} รายการยังสั่งไม่ได้ (ดูเหตุผลที่รายการ) สั่งเฉพาะรายการที่พร้อมได้
          </p>
        ) : null}
        {blocked ? <p className="mt-2 text-sm font-semibold text-lac">{blocked}</p> : null}
        <PlaceForm
          lines={allReady ? lines : ready}
          disabled={ready.length === 0 || !!blocked}
          label={
            allReady
              ? `ยืนยันสั่งตัดทั้งหมด (${formatCount(lines.length)} รายการ)`
              : `ยืนยันสั่งตัด ${formatCount(ready.length)} รายการที่พร้อม`
          }
        />
      </div>
    </section>
  );
}

/** One line as it will be placed: size, tailor, price; or why it cannot be yet, with the way to fix it. */
function ReviewLine({ line, alone }: { line: Line; alone: boolean }) {
  const problem = lineProblem(line);
  const headingId = `review-line-${line.id}`;
  return (
    <li aria-labelledby={headingId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
      <div className="flex gap-3">
        <img
          src={line.image}
          alt=""
          width={72}
          height={72}
          className="size-18 shrink-0 rounded-lg bg-cream object-contain ring-1 ring-stone-200"
        />
        <div className="min-w-0 flex-1 text-sm text-stone-700">
          <h2 id={headingId} className="text-base font-semibold text-indigo-ink">
            {line.name}
          </h2>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
            <dt className="text-stone-500">ขนาด</dt>
            <dd>
              {line.size?.name ??
                (line.customSize ? `ตัดตามสัดส่วน${line.measurements ? `: ${line.measurements.name}` : ""}` : "—")}
            </dd>
            <dt className="text-stone-500">ช่างตัด</dt>
            <dd>{line.tailor ?? "—"}</dd>
            <dt className="text-stone-500">ราคา</dt>
            <dd>
              {line.unitPrice !== null && line.totalPrice !== null ? (
                <>
                  {formatBaht(line.unitPrice)} × {formatCount(line.quantity)} = {formatBaht(line.totalPrice)}
                </>
              ) : (
                "—"
              )}
            </dd>
            {line.shippingFee !== null && line.totalWithShipping !== null ? (
              <>
                <dt className="text-stone-500">ค่าจัดส่ง</dt>
                <dd>{line.shippingFee === 0 ? "ส่งฟรี" : formatBaht(line.shippingFee)}</dd>
                <dt className="text-stone-500">รวม</dt>
                <dd className="font-semibold text-indigo-ink" data-testid="line-total">
                  {formatBaht(line.totalWithShipping)}
                </dd>
              </>
            ) : null}
          </dl>
          {problem ? (
            <p className="mt-2 font-semibold text-lac">
              {problem}{" "}
              <Link
                to={
                  line.sellerId === null && line.needsTailorChoice ? `/merchant/select?productId=${line.id}` : "/cart"
                }
                className="inline-flex min-h-11 items-center font-normal text-indigo-ink underline"
              >
                {line.sellerId === null && line.needsTailorChoice ? "เลือกช่างตัด" : "แก้ไขในตะกร้า"}
              </Link>
            </p>
          ) : alone ? (
            <PlaceForm lines={[line]} label="สั่งเฉพาะรายการนี้" variant="secondary" />
          ) : null}
        </div>
      </div>
    </li>
  );
}

/** Places exactly these lines, as seen on this page. */
function PlaceForm({
  lines,
  label,
  disabled,
  variant = "primary",
}: {
  lines: readonly Pick<Line, "id" | "version">[];
  label: string;
  disabled?: boolean;
  variant?: "primary" | "secondary";
}) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "place";
  return (
    <Form method="post" className="mt-3">
      {lines.map((line) => (
        <input key={line.id} type="hidden" name="item" value={`${line.id}:${line.version}`} />
      ))}
      <SubmitButton
        name="intent"
        value="place"
        variant={variant}
        disabled={disabled || sending}
        pendingText="กำลังสั่งตัด…"
        className={variant === "primary" ? "w-full py-3 text-lg" : "min-h-11"}
      >
        {label}
      </SubmitButton>
    </Form>
  );
}
