import { useState } from "react";
import { Link, useNavigation } from "react-router";
import { FormErrors } from "~/components/form-fields";
import { Form } from "~/components/post-form";
import type { CategoryKey } from "~/domain/catalogue/categories";
import { CUSTOM_SIZE } from "~/domain/catalogue/categories";
import { READY_SIZES, sizeShort } from "~/domain/catalogue/sizes";
import { type Choice, findOption, type Overrides, partsOf, searchOf } from "~/domain/designer/selection";
import type { StageRef } from "./canvas-preview";
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
  /** The add's refusal for want of a size (the form's `sizeId` errors), shown beside the sizes. */
  sizeErrors?: string[] | null;
  price?: number | null;
  profiles?: readonly { id: number; name: string }[];
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
      {mode === "customer" ? (
        <SizePicker
          choice={choice}
          category={category}
          qty={qty}
          pathname={pathname}
          go={go}
          errors={choice.size ? null : props.sizeErrors}
        />
      ) : null}
      {mode === "customer" && choice.size === CUSTOM_SIZE ? (
        <ProfilePicker profiles={props.profiles ?? []} back={`${pathname}${searchOf(choice, { category, qty })}`} />
      ) : null}
      {mode === "customer" ? (
        <QuantityStepper qty={qty} choice={choice} category={category} pathname={pathname} go={go} />
      ) : null}
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
 * The size, beside the add button: the same choice as the size tab (the 13th, off screen on a
 * phone), so nothing goes into the cart without one. Links like the tabs and cards: without
 * JavaScript each is a new address that comes back here (#add-to-cart); with it, the address is
 * only rewritten. Choosing the size cut to measure brings its profile select below.
 */
function SizePicker({
  choice,
  category,
  qty,
  pathname,
  go,
  errors,
}: {
  choice: Choice;
  category: CategoryKey;
  qty: number;
  pathname: string;
  go: Go;
  errors?: string[] | null;
}) {
  const chosen = findOption(choice.size);
  const refused = Boolean(errors?.length);
  const chip = (sid: string, selected: boolean) => {
    const next = { ...choice, size: sid };
    return {
      to: `${pathname}${searchOf(next, { category, qty })}#add-to-cart`,
      replace: true,
      preventScrollReset: true,
      onClick: (event: React.MouseEvent) => go({ choice: next }, event),
      "aria-current": selected ? ("true" as const) : undefined,
      className: `flex min-h-11 flex-col items-center justify-center rounded-xl px-1 py-1.5 text-center leading-tight ring-1 transition-colors ${
        selected
          ? "bg-indigo-ink text-white ring-indigo-ink"
          : `bg-white text-stone-800 hover:ring-silk ${refused ? "ring-lac" : "ring-stone-300"}`
      }`,
    };
  };
  return (
    <fieldset aria-describedby={refused ? "size-picker-error" : undefined} className="min-w-0 text-left">
      <legend className="text-sm font-semibold text-stone-700">
        ขนาดเสื้อ
        {chosen ? <span className="font-normal text-stone-600">: {chosen.labelTh}</span> : null}
      </legend>
      <ul className="mt-1 grid grid-cols-3 gap-2 sm:grid-cols-6">
        {READY_SIZES.map((size) => {
          const { letters, chest } = sizeShort(size.name);
          return (
            <li key={size.sid}>
              <Link {...chip(size.sid, choice.size === size.sid)}>
                <span className="font-semibold">{letters}</span> <span className="text-xs opacity-80">{chest}</span>
              </Link>
            </li>
          );
        })}
        <li className="col-span-3 sm:col-span-6">
          <Link {...chip(CUSTOM_SIZE, choice.size === CUSTOM_SIZE)}>
            <span className="text-sm font-semibold">ตัดตามสัดส่วน</span>
          </Link>
        </li>
      </ul>
      {refused ? (
        <p
          id="size-picker-error"
          role="alert"
          tabIndex={-1}
          // biome-ignore lint/a11y/noAutofocus: only on the answer to an add without a size, to bring the sizes into view and read it out
          autoFocus
          className="mt-1 text-sm font-semibold text-lac focus:outline-none"
        >
          {errors!.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The size cut to measure: which of the customer's profiles (the one saved last is chosen for
 * them). With none saved yet, where to add one (saving comes back to this design) and how to measure.
 */
function ProfilePicker({ profiles, back }: { profiles: readonly { id: number; name: string }[]; back: string }) {
  return (
    <div className="rounded-xl bg-cream p-3 text-sm ring-1 ring-stone-200">
      {profiles.length > 0 ? (
        <>
          <label htmlFor="measurement-profile" className="block font-semibold text-stone-700">
            ตัดตามสัดส่วนของ
          </label>
          <select
            id="measurement-profile"
            name="measurementProfileId"
            defaultValue={profiles.at(-1)!.id}
            className="mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base"
          >
            {profiles.map((profile) => (
              <option key={profile.id} value={profile.id}>
                {profile.name}
              </option>
            ))}
          </select>
        </>
      ) : (
        <p className="text-stone-700">ยังไม่มีสัดส่วนที่บันทึกไว้ เพิ่มสัดส่วนของคุณก่อน แล้วกลับมาเพิ่มลงตะกร้า</p>
      )}
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        <Link
          to={`/profile/measurements?new=1&back=${encodeURIComponent(back)}#profile-form`}
          className="text-indigo-ink underline"
        >
          {profiles.length > 0 ? "เพิ่มหรือแก้ไขสัดส่วน" : "เพิ่มสัดส่วนของคุณ"}
        </Link>
        <Link to="/measurements/guide" className="text-indigo-ink underline">
          วิธีวัดตัว
        </Link>
      </p>
    </div>
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
      <input
        id="design-price"
        name="price"
        type="number"
        min={0}
        step={0.01}
        inputMode="decimal"
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

function QuantityStepper({
  qty,
  choice,
  category,
  pathname,
  go,
}: {
  qty: number;
  choice: Choice;
  category: CategoryKey;
  pathname: string;
  go: Go;
}) {
  const step = (value: number) => `${pathname}${searchOf(choice, { category, qty: value })}`;
  const [text, setText] = useState(String(qty));
  const [shown, setShown] = useState(qty);
  if (shown !== qty) {
    // The steppers changed it: show the new number.
    setShown(qty);
    setText(String(qty));
  }
  const button = "grid size-11 place-items-center rounded-xl text-2xl font-semibold ring-1";
  return (
    <div className="flex items-center justify-center gap-3">
      <label htmlFor="quantity" className="text-stone-700">
        จำนวน
      </label>
      {qty > 1 ? (
        <Link
          to={step(qty - 1)}
          replace
          preventScrollReset
          onClick={(event) => go({ qty: qty - 1 }, event)}
          aria-label="ลดจำนวน"
          className={`${button} bg-white text-indigo-ink ring-stone-300 hover:ring-silk`}
        >
          −
        </Link>
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: a disabled link has no href; the role keeps it beside its enabled twin for screen readers
        // biome-ignore lint/a11y/useFocusableInteractive: disabled, so not in the tab order
        <span
          aria-disabled="true"
          aria-label="ลดจำนวน"
          role="link"
          className={`${button} cursor-not-allowed bg-stone-100 text-stone-400 ring-stone-200`}
        >
          −
        </span>
      )}
      <input
        id="quantity"
        name="quantity"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        required
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const value = Number(event.target.value);
          if (Number.isInteger(value) && value >= 1) {
            setShown(value);
            go({ qty: value });
          }
        }}
        onBlur={() => setText(String(qty))}
        className="h-11 w-20 rounded-xl border-0 text-center text-lg ring-1 ring-stone-300 focus:ring-2 focus:ring-silk"
      />
      <Link
        to={step(qty + 1)}
        replace
        preventScrollReset
        onClick={(event) => go({ qty: qty + 1 }, event)}
        aria-label="เพิ่มจำนวน"
        className={`${button} bg-white text-indigo-ink ring-stone-300 hover:ring-silk`}
      >
        +
      </Link>
    </div>
  );
}
