import { useState } from "react";
import { Link } from "react-router";
import { type CategoryKey, CUSTOM_SIZE } from "~/domain/catalogue/categories";
import { READY_SIZES, sizeShort } from "~/domain/catalogue/sizes";
import { type Choice, findOption, searchOf } from "~/domain/designer/selection";
import type { Go } from "./place";

/**
 * What a customer chooses beside the add-to-cart button of the designer (design.tsx): the size,
 * the measurement profile for the size cut to measure, and how many. Only the customer's designer
 * draws them, so the tailors' designer pages (popular designs) load neither these nor the sizes.
 */
export interface OrderChoicesPlace {
  choice: Choice;
  category: CategoryKey;
  qty: number;
  pathname: string;
  go: Go;
}

export function OrderChoices({
  place,
  profiles,
  sizeErrors,
}: {
  place: OrderChoicesPlace;
  profiles: readonly { id: number; name: string }[];
  /** The add's refusal for want of a size (the form's `sizeId` errors), shown beside the sizes. */
  sizeErrors?: string[] | null;
}) {
  const { choice, category, qty, pathname, go } = place;
  return (
    <>
      <SizePicker
        choice={choice}
        category={category}
        qty={qty}
        pathname={pathname}
        go={go}
        errors={choice.size ? null : sizeErrors}
      />
      {choice.size === CUSTOM_SIZE ? (
        <ProfilePicker profiles={profiles} back={`${pathname}${searchOf(choice, { category, qty })}`} />
      ) : null}
      <QuantityStepper qty={qty} choice={choice} category={category} pathname={pathname} go={go} />
    </>
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
