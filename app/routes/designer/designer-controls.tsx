import { Link, useNavigation } from "react-router";
import { FormErrors } from "~/components/form-fields";
import { Form } from "~/components/post-form";
import type { CategoryKey } from "~/domain/catalogue/categories";
import { type Choice, type Overrides, partsOf, searchOf } from "~/domain/designer/selection";
import type { StageRef } from "./canvas-preview";
import type { OrderChoicesPlace } from "./order-choices";
import type { Go } from "./place";

/** Who is designing: a customer adds to the cart, a tailor saves designs, a visitor is asked to log in. */
export type DesignerMode = "visitor" | "customer" | "merchant" | "tailor" | "admin";

export function DesignerControls(props: {
  mode: DesignerMode;
  place: { choice: Choice; qty: number; category: CategoryKey };
  go: Go;
  pathname: string;
  overrides: Overrides;
  stageRef: StageRef;
  errors?: string[] | null;
  price?: number | null;
  /** The customer's size, profile and quantity (order-choices.tsx), given by the customer's designer. */
  orderChoices?: (place: OrderChoicesPlace) => React.ReactNode;
  /** The last add got no answer: its button says "ลองอีกครั้ง" (the message is in `errors`). */
  failed?: boolean;
}) {
  const { mode, place, go, pathname, overrides, stageRef } = props;
  const { choice, qty, category } = place;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-design";

  if (mode === "visitor") {
    const back = `${pathname}${searchOf(choice, { category, qty })}`;
    return (
      <div className="mt-4 rounded-xl bg-silk-soft p-4 text-center ring-1 ring-silk/30">
        <p className="text-stone-700">เข้าสู่ระบบหรือสมัครสมาชิกเพื่อเพิ่มแบบเสื้อนี้ลงตะกร้าและสั่งตัด</p>
        <p className="mt-1 text-sm text-stone-600">แบบที่ออกแบบไว้จะรออยู่ที่นี่เมื่อกลับมา</p>
        {/* Both carry the design (its parts are in the address), so it is here again after either. */}
        <div className="mt-3 flex flex-wrap justify-center gap-2">
          <Link
            to={`/login?redirectTo=${encodeURIComponent(back)}`}
            className="inline-flex min-h-11 items-center rounded-xl bg-indigo-ink px-5 py-2.5 font-semibold text-white hover:bg-indigo-deep"
          >
            เข้าสู่ระบบ
          </Link>
          <Link
            to={`/register?redirectTo=${encodeURIComponent(back)}`}
            className="inline-flex min-h-11 items-center rounded-xl bg-white px-5 py-2.5 font-semibold text-indigo-ink ring-1 ring-indigo-ink/30 hover:bg-indigo-soft"
          >
            สมัครสมาชิก
          </Link>
        </div>
      </div>
    );
  }
  if (mode === "tailor") {
    return (
      <div className="mt-4 rounded-xl bg-silk-soft p-4 text-center ring-1 ring-silk/30">
        <p className="text-stone-700">บัญชีร้านค้าบันทึกแบบนี้เป็นแบบเสื้อยอดนิยมของร้านได้</p>
        <Link
          to={`/merchant/popular_design${searchOf(choice, { category, qty })}`}
          className="mt-3 inline-block rounded-xl bg-indigo-ink px-5 py-2.5 font-semibold text-white hover:bg-indigo-deep"
        >
          ไปที่แบบเสื้อยอดนิยมของคุณ
        </Link>
      </div>
    );
  }
  if (mode === "admin") {
    return (
      <p className="mt-4 rounded-xl bg-stone-100 p-3 text-center text-stone-600">บัญชีผู้ดูแลระบบดูแบบเสื้อได้ แต่สั่งตัดไม่ได้</p>
    );
  }

  const parts = partsOf(choice);
  // With the canvas, its picture goes with the form; without it, the server draws the design itself.
  const attachPicture = (event: React.FormEvent<HTMLFormElement>) => {
    const image = event.currentTarget.elements.namedItem("image") as HTMLInputElement;
    image.value = stageRef.current?.exportPng() ?? "";
  };

  return (
    // Posted to the address as it is now, so a refused form comes back to the same design.
    <Form
      id="add-to-cart"
      method="post"
      action={`${pathname}${searchOf(choice, { category, qty })}`}
      encType="multipart/form-data"
      onSubmit={attachPicture}
      className="mt-4 space-y-3"
    >
      <input type="hidden" name="intent" value={mode === "merchant" ? "save-design" : "add-to-cart"} />
      {Object.entries(parts).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value === null ? "" : String(value)} />
      ))}
      <input type="hidden" name="layout" value={JSON.stringify(overrides)} />
      <input type="hidden" name="image" defaultValue="" />
      {mode === "customer" ? props.orderChoices?.({ choice, category, qty, pathname, go }) : null}
      {mode === "merchant" ? <PriceField price={props.price ?? null} /> : null}
      <FormErrors errors={props.errors} />
      <button
        type="submit"
        disabled={navigation.state === "submitting"}
        className="w-full rounded-xl bg-indigo-ink px-5 py-3 text-lg font-semibold text-white shadow hover:bg-indigo-deep disabled:opacity-60"
      >
        {mode === "merchant"
          ? busy
            ? "กำลังบันทึก…"
            : "บันทึกการออกแบบ"
          : navigation.state === "submitting"
            ? "กำลังเพิ่ม…"
            : props.failed
              ? "ลองอีกครั้ง"
              : "เพิ่มลงตะกร้า"}
      </button>
    </Form>
  );
}

/**
 * The tailor's price for the design being saved. Empty keeps the spec's default of 0, which the
 * shop reads as "not yet priced": such a design is not offered for sale until it has a price.
 */
function PriceField({ price }: { price: number | null }) {
  return (
    <div>
      <label htmlFor="design-price" className="block text-sm font-semibold text-stone-700">
        ราคาต่อตัว (บาท)
      </label>
      {/* Text with a decimal keypad, as every price in the shop (decision 42): read as the spec says. */}
      <input
        id="design-price"
        name="price"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={price !== null && price > 0 ? price : ""}
        aria-describedby="design-price-hint"
        className="mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base focus:border-indigo-ink focus:outline-none focus:ring-2 focus:ring-silk/50"
      />
      <p id="design-price-hint" className="mt-1 text-xs text-stone-500">
        เว้นว่างได้ แต่แบบที่ยังไม่กำหนดราคาจะไม่แสดงในหน้าร้านและสั่งซื้อไม่ได้
      </p>
    </div>
  );
}
