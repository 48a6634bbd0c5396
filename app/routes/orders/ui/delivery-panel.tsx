import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { ErrorList, Field, FormErrors, SubmitButton, useShopForm } from "~/components/forms";
import { CARRIER_INFO, CARRIERS, type CarrierName, type DeliveryMethodName } from "~/domain/delivery/carriers";
import { formatThaiDateTime } from "~/lib/format";

/** The delivery as pages get it. */
export interface DeliveryData {
  method: DeliveryMethodName;
  carrier: CarrierName | null;
  trackingNumber: string | null;
  carrierLabel: string | null;
  trackingUrl: string | null;
  text: string;
  updatedAt: Date | string;
}

function DeliveryFacts({ delivery }: { delivery: DeliveryData }) {
  return (
    <div className="space-y-1">
      <p data-testid="delivery-text" className="font-semibold break-words text-stone-900">
        {delivery.text}
      </p>
      {delivery.trackingUrl ? (
        <a
          href={delivery.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center font-semibold text-indigo-ink underline"
        >
          ติดตามพัสดุที่เว็บไซต์ {delivery.carrierLabel}
        </a>
      ) : null}
      <p className="text-xs text-stone-500">แจ้งเมื่อ {formatThaiDateTime(delivery.updatedAt)}</p>
    </div>
  );
}

/** How the shirt comes, for the buyer and the admin (nothing until the tailor has said). */
export function DeliveryInfoPanel({ delivery }: { delivery: DeliveryData }) {
  return (
    <section aria-labelledby="delivery-heading" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
      <h2 id="delivery-heading" className="text-lg font-semibold text-indigo-ink">
        การจัดส่ง
      </h2>
      <div className="mt-2 text-sm text-stone-700">
        <DeliveryFacts delivery={delivery} />
      </div>
    </section>
  );
}

const schema = () => import("~/domain/delivery/delivery-form").then((module) => module.deliverySchema());

/**
 * The tailor's delivery form: pickup, or a carrier and its tracking number (checked per carrier).
 * Without JavaScript every field shows; the server ignores the carrier for a pickup.
 */
export function TailorDeliveryPanel({
  delivery,
  result,
}: {
  delivery: DeliveryData | null;
  result?: SubmissionResult<string[]>;
}) {
  const { form, fields, formProps, focusFirst } = useShopForm({
    id: "delivery",
    schema,
    lastResult: result,
    defaultValue: {
      method: delivery?.method ?? "carrier",
      carrier: delivery?.carrier ?? "thailand_post",
      trackingNumber: delivery?.trackingNumber ?? "",
    },
  });
  const method = fields.method.value ?? delivery?.method ?? "carrier";
  return (
    <section aria-labelledby="delivery-heading" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
      <h2 id="delivery-heading" className="text-lg font-semibold text-indigo-ink">
        การจัดส่ง
      </h2>
      <div className="mt-2 space-y-3 text-sm text-stone-700">
        {delivery ? <DeliveryFacts delivery={delivery} /> : <p>ยังไม่ได้แจ้งลูกค้าว่าจะส่งเสื้ออย่างไร</p>}
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
              <label htmlFor="delivery-carrier" className="block font-semibold text-stone-700">
                บริษัทขนส่ง
              </label>
              <select
                id="delivery-carrier"
                name={fields.carrier.name}
                defaultValue={delivery?.carrier ?? "thailand_post"}
                aria-invalid={fields.carrier.errors?.length ? true : undefined}
                className="mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base"
              >
                {CARRIERS.map((carrier) => (
                  <option key={carrier} value={carrier}>
                    {CARRIER_INFO[carrier].label}
                  </option>
                ))}
              </select>
              <ErrorList errors={fields.carrier.errors} />
            </div>
            <Field
              label="เลขพัสดุ"
              hint="ไปรษณีย์ไทย เช่น EF123456785TH"
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
      </div>
    </section>
  );
}
