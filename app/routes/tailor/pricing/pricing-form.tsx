import type { SubmissionResult } from "@conform-to/react";
import { useCallback, useEffect, useRef } from "react";
import { ErrorList, FormErrors, type ListField, listFields, SubmitButton, useShopForm } from "~/components/forms";
import { Form } from "~/components/post-form";
import type { PricingGroup, PricingRow } from "~/domain/pricing/part-prices";
import { PRICE_MESSAGES } from "~/domain/pricing/price-text";

/**
 * The price list of one tailor: one price field per pattern part, grouped by category, in the
 * form pattern of components/forms.tsx (pricingFormSchema: empty = not offered, decision 11), its
 * check for the parts it draws.
 * A refused save lists the fields to fix at the top, linked to them.
 */
export function PricingForm(props: {
  groups: PricingGroup[];
  result?: SubmissionResult<string[]>;
  hidden?: Record<string, string>;
}) {
  // After a save the page comes back with the stored prices: a new form shows them as stored (e.g. 95.50).
  const savedPrices = props.groups.flatMap((group) => group.parts.map((part) => part.price)).join(",");
  return <PriceList key={savedPrices} {...props} />;
}

function PriceList({
  groups,
  result,
  hidden,
}: {
  groups: PricingGroup[];
  result?: SubmissionResult<string[]>;
  hidden?: Record<string, string>;
}) {
  const parts = groups.flatMap((group) => group.parts);
  // The check of these parts (stable while they are the same: useShopForm loads it once).
  const sids = parts.map((part) => part.sid).join(",");
  const schema = useCallback(
    () => import("~/domain/pricing/price-list-form").then((module) => module.pricingFormSchema(sids.split(","))),
    [sids],
  );
  const { form, formProps } = useShopForm({
    id: "price",
    schema,
    lastResult: result,
    defaultValue: Object.fromEntries(parts.map((part) => [part.sid, part.price?.toFixed(2) ?? ""])),
  });
  const fieldOf = listFields(form);
  const fields = new Map(parts.map((part) => [part.sid, fieldOf(part.sid)]));
  const bad = parts.filter((part) => fields.get(part.sid)?.errors);
  const summary = useRef<HTMLDivElement>(null);

  // After a refused save, back to the top where the message is (spec: scroll to top).
  useEffect(() => {
    if (!result) return;
    window.scrollTo({ top: 0 });
    summary.current?.focus({ preventScroll: true });
  }, [result]);

  return (
    <Form method="post" className="mt-6" {...formProps} aria-describedby="pricing-help">
      {hidden
        ? Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)
        : null}
      {form.errors || bad.length ? (
        <div ref={summary} tabIndex={-1} className="mb-6 focus:outline-none" data-testid="pricing-error">
          <FormErrors errors={form.errors ?? [PRICE_MESSAGES.failed]}>
            {bad.length ? (
              <>
                <p className="mt-1 text-stone-700">ยังไม่ได้บันทึกราคาใด ๆ กรุณาแก้ไขช่องต่อไปนี้แล้วบันทึกอีกครั้ง</p>
                <ul className="mt-2 list-disc space-y-0.5 pl-5">
                  {bad.map((part) => (
                    <li key={part.sid}>
                      <a href={`#price-${part.sid}`} className="underline">
                        {part.labelTh}
                      </a>
                      : {fields.get(part.sid)?.errors?.[0]}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </FormErrors>
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
            {group.hint ? <p className="mt-1 text-sm text-stone-600">{group.hint}</p> : null}
            <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {group.parts.map((part) => (
                <PriceField key={part.sid} part={part} field={fields.get(part.sid)} />
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

/** A part's picture, name and price; typed as text so the shop's own Thai messages check it (not the browser). */
function PriceField({ part, field }: { part: PricingRow; field?: ListField }) {
  if (!field) return null;
  return (
    <li
      className="flex items-center gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-stone-200 aria-[invalid]:ring-lac"
      aria-invalid={field.errors ? true : undefined}
    >
      <img
        src={part.imageUrl}
        alt={`ภาพ${part.labelTh}`}
        width={64}
        height={64}
        loading="lazy"
        decoding="async"
        className="size-16 shrink-0 rounded-lg bg-stone-50 object-contain ring-1 ring-stone-100"
      />
      <div className="min-w-0 flex-1">
        <label htmlFor={field.id} className="block text-[15px] font-semibold leading-snug text-stone-800">
          {part.labelTh}
        </label>
        <div className="mt-1 flex items-center gap-2">
          <input
            {...field.inputProps}
            type="text"
            inputMode="decimal"
            placeholder="ไม่รับทำ"
            className="w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3 py-2 text-right text-base tabular-nums shadow-inner focus:border-indigo-ink focus:outline-none focus:ring-2 focus:ring-silk/50 aria-[invalid]:border-lac"
          />
          <span className="text-sm text-stone-600">บาท</span>
        </div>
        <ErrorList id={field.errorId} errors={field.errors} />
      </div>
    </li>
  );
}
