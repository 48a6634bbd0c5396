import { getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { ErrorList, Field, FormErrors, SubmitButton, useShopForm } from "~/components/forms";
import { Form } from "~/components/post-form";
import type { CarrierChoice } from "~/domain/delivery/carriers";
import type { DeliveryData } from "./delivery-panel";

/*
 * The tailor's delivery form on an order's page (tailor-panels.tsx), in the form pattern
 * (components/forms.tsx). The answer to a review is reply-form.tsx, loaded only while one waits.
 */

const deliverySchema = () => import("~/domain/delivery/delivery-form").then((module) => module.deliverySchema());

/**
 * The tailor's delivery form: pickup, or a carrier and its tracking number (checked per carrier).
 * Without JavaScript every field shows; the server ignores the carrier for a pickup.
 */
export function DeliveryForm({
  delivery,
  carriers,
  result,
}: {
  delivery: DeliveryData | null;
  /** The carriers offered, in order, "other" last (carriers.ts: carrierChoices, sent by the page's loader). */
  carriers: CarrierChoice[];
  result?: SubmissionResult<string[]>;
}) {
  const { form, fields, formProps, focusFirst } = useShopForm({
    id: "delivery",
    schema: deliverySchema,
    lastResult: result,
    defaultValue: {
      method: delivery?.method ?? "carrier",
      carrier: delivery?.carrier ?? "thailand_post",
      trackingNumber: delivery?.trackingNumber ?? "",
    },
  });
  const method = fields.method.value ?? delivery?.method ?? "carrier";
  // The tracking hint follows the carrier chosen (as the page was drawn, without JavaScript).
  const chosenCarrier = fields.carrier.value ?? delivery?.carrier ?? "thailand_post";
  const trackingHint = (carriers.find((choice) => choice.carrier === chosenCarrier) ?? carriers.at(-1))?.trackingHint;
  return (
    <Form method="post" {...formProps} className="space-y-3 border-t border-stone-100 pt-3">
      <input type="hidden" name="intent" value="delivery" />
      <FormErrors errors={form.errors} autoFocus={focusFirst("")} />
      <fieldset>
        <legend className="font-semibold text-stone-700">วิธีส่งมอบเสื้อ</legend>
        <div className="mt-1 flex flex-wrap gap-x-4">
          {(
            [
              ["carrier", "ส่งพัสดุ"],
              ["pickup", "ลูกค้ารับเองที่ร้าน"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={fields.method.name}
                value={value}
                defaultChecked={method === value}
                className="size-5 accent-indigo-ink"
              />
              {label}
            </label>
          ))}
        </div>
        <ErrorList errors={fields.method.errors} />
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={fields.carrier.id} className="block font-semibold text-stone-700">
            บริษัทขนส่ง
          </label>
          {/* The choice the form holds: the saved one, or the one a refused try sent back. */}
          <select
            {...getSelectProps(fields.carrier)}
            key={fields.carrier.key}
            className="mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base"
          >
            {carriers.map((choice) => (
              <option key={choice.carrier} value={choice.carrier}>
                {choice.label}
              </option>
            ))}
          </select>
          <ErrorList id={fields.carrier.errorId} errors={fields.carrier.errors} />
        </div>
        <Field
          label="เลขพัสดุ"
          hint={trackingHint}
          inputProps={{
            ...getInputProps(fields.trackingNumber, { type: "text" }),
            autoComplete: "off",
            autoCapitalize: "characters",
            spellCheck: false,
            autoFocus: focusFirst("trackingNumber"),
          }}
          errors={fields.trackingNumber.errors}
        />
      </div>
      <SubmitButton name="intent" value="delivery" pendingText="กำลังบันทึก…" className="min-h-11">
        {delivery ? "แก้ไขการจัดส่ง" : "บันทึกการจัดส่งและแจ้งลูกค้า"}
      </SubmitButton>
    </Form>
  );
}
