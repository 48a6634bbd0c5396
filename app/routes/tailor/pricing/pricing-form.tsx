import { type FormEvent, useEffect, useRef } from "react";
import { Form } from "react-router";
import { SubmitButton } from "~/components/forms";
import { MAX_PART_PRICE, PRICE_MESSAGES, type PricingGroup } from "~/domain/pricing/part-prices";

/** What the pricing page shows after a refused save: the message, each field's error, and what was typed. */
export interface PricingFailure {
  formError: string;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
}

/**
 * The price list of one tailor: one number field per pattern part, grouped by category.
 * The browser checks the numbers first (min 0, step 0.01, in Thai when JavaScript runs);
 * the server checks again and saves all or nothing.
 */
export function PricingForm({
  groups,
  failure,
  hidden,
}: {
  groups: PricingGroup[];
  failure?: PricingFailure;
  hidden?: Record<string, string>;
}) {
  const summary = useRef<HTMLDivElement>(null);

  // After a refused save, back to the top where the message is (spec: scroll to top).
  useEffect(() => {
    if (!failure) return;
    window.scrollTo({ top: 0 });
    summary.current?.focus({ preventScroll: true });
  }, [failure]);

  const labelOf = new Map(groups.flatMap((group) => group.parts.map((part) => [part.sid, part.labelTh] as const)));
  const badFields = Object.entries(failure?.fieldErrors ?? {});
  // After a save the page comes back with the stored prices: new inputs show them as stored (e.g. 95.50).
  const savedPrices = groups.flatMap((group) => group.parts.map((part) => part.price)).join(",");

  return (
    <Form key={savedPrices} method="post" className="mt-6" aria-describedby="pricing-help">
      {hidden
        ? Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)
        : null}
      {failure ? (
        <div
          ref={summary}
          tabIndex={-1}
          role="alert"
          className="mb-6 rounded-2xl bg-red-50 p-4 text-lac ring-1 ring-lac/30 focus:outline-none"
          data-testid="pricing-error"
        >
          <p className="font-semibold">{failure.formError}</p>
          {badFields.length > 0 ? (
            <>
              <p className="mt-1 text-sm text-stone-700">ยังไม่ได้บันทึกราคาใด ๆ กรุณาแก้ไขช่องต่อไปนี้แล้วบันทึกอีกครั้ง</p>
              <ul className="mt-2 list-disc space-y-0.5 pl-5 text-sm">
                {badFields.map(([sid, message]) => (
                  <li key={sid}>
                    <a href={`#price-${sid}`} className="underline">
                      {labelOf.get(sid) ?? sid}
                    </a>
                    : {message}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}

      <nav aria-label="หมวดชิ้นส่วน" className="-mx-4 mb-4 overflow-x-auto px-4">
        <ul className="flex gap-2 whitespace-nowrap">
          {groups.map((group) => (
            <li key={group.category}>
              <a
                href={`#cat-${group.category}`}
                className="inline-block rounded-full bg-white px-3 py-1 text-sm text-indigo-ink ring-1 ring-stone-200 hover:ring-silk"
              >
                {group.labelTh}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="space-y-8">
        {groups.map((group) => (
          <section
            key={group.category}
            id={`cat-${group.category}`}
            aria-labelledby={`cat-${group.category}-title`}
            className="scroll-mt-24"
          >
            <h2 id={`cat-${group.category}-title`} className="text-lg font-semibold text-indigo-ink">
              {group.labelTh} <span className="text-sm font-normal text-stone-500">({group.parts.length} แบบ)</span>
            </h2>
            <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {group.parts.map((part) => (
                <PriceField
                  key={part.sid}
                  sid={part.sid}
                  label={part.labelTh}
                  imageUrl={part.imageUrl}
                  defaultValue={
                    failure ? (failure.values[part.sid] ?? "") : part.price === null ? "" : part.price.toFixed(2)
                  }
                  error={failure?.fieldErrors[part.sid]}
                />
              ))}
            </ul>
          </section>
        ))}
      </div>

      <div className="sticky bottom-0 z-10 -mx-4 mt-8 border-t border-stone-200 bg-cream/95 px-4 py-3 backdrop-blur">
        <div className="flex items-center justify-between gap-3">
          <p className="text-xs text-stone-600 sm:text-sm">ราคาเป็นบาทต่อชิ้น ทศนิยมไม่เกิน 2 ตำแหน่ง</p>
          <SubmitButton pendingText="กำลังบันทึก..." className="shrink-0">
            บันทึกราคา
          </SubmitButton>
        </div>
      </div>
    </Form>
  );
}

function PriceField({
  sid,
  label,
  imageUrl,
  defaultValue,
  error,
}: {
  sid: string;
  label: string;
  imageUrl: string;
  defaultValue: string;
  error?: string;
}) {
  const id = `price-${sid}`;
  return (
    <li
      className="flex items-center gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-stone-200 aria-[invalid]:ring-lac"
      aria-invalid={error ? true : undefined}
    >
      <img
        src={imageUrl}
        alt={`ภาพ${label}`}
        width={64}
        height={64}
        loading="lazy"
        decoding="async"
        className="size-16 shrink-0 rounded-lg bg-stone-50 object-contain ring-1 ring-stone-100"
      />
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="block text-[15px] font-semibold leading-snug text-stone-800">
          {label}
        </label>
        <div className="mt-1 flex items-center gap-2">
          <input
            id={id}
            name={sid}
            type="number"
            inputMode="decimal"
            min={0}
            max={MAX_PART_PRICE}
            step={0.01}
            defaultValue={defaultValue}
            placeholder="ไม่รับทำ"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onInvalid={explainInThai}
            onInput={(event) => event.currentTarget.setCustomValidity("")}
            className="w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3 py-2 text-right text-base tabular-nums shadow-inner focus:border-indigo-ink focus:outline-none focus:ring-2 focus:ring-silk/50 aria-[invalid]:border-lac"
          />
          <span className="text-sm text-stone-600">บาท</span>
        </div>
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-lac">
            {error}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** The browser's own check, worded in Thai. */
function explainInThai(event: FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const validity = input.validity;
  const message = validity.badInput
    ? PRICE_MESSAGES.notNumber
    : validity.rangeUnderflow
      ? PRICE_MESSAGES.negative
      : validity.stepMismatch
        ? PRICE_MESSAGES.decimals
        : validity.rangeOverflow
          ? PRICE_MESSAGES.tooHigh
          : "";
  input.setCustomValidity(message);
}
