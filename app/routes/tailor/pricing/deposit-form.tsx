import { getCollectionProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { ErrorList, FormErrors, SubmitButton, useShopForm } from "~/components/forms";
import { Form } from "~/components/post-form";
import {
  DEPOSIT_PERCENTS,
  DEPOSIT_WORDS,
  type DepositPercent,
  type DepositTerms,
} from "~/domain/payments/deposit-terms";

const schema = () => import("~/domain/payments/deposit-form").then((module) => module.depositFormSchema());

/**
 * The tailor's deposit (issue 49): none, 30 or 50 percent before cutting, and whether the balance may
 * be paid on delivery. Orders the tailor takes from then on carry these terms; taken ones keep theirs.
 */
export function DepositForm({ terms, result }: { terms: DepositTerms; result?: SubmissionResult<string[]> }) {
  const { form, fields, formProps, focusFirst } = useShopForm({
    id: "deposit",
    schema,
    lastResult: result,
    defaultValue: { depositPercent: String(terms.depositPercent), cashOnDelivery: terms.cashOnDelivery ? "on" : "" },
  });
  return (
    <section
      aria-labelledby="deposit-title"
      className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      <h2 id="deposit-title" className="text-lg font-semibold text-indigo-ink">
        เงินมัดจำ
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        ลูกค้าชำระเงินมัดจำก่อนเริ่มตัด แล้วชำระส่วนที่เหลือก่อนจัดส่ง ใช้กับคำสั่งตัดที่รับหลังจากบันทึก
      </p>
      <Form method="post" {...formProps} className="mt-4 grid gap-4">
        <input type="hidden" name="intent" value="deposit" />
        <FormErrors errors={form.errors} autoFocus={focusFirst("")} />
        <fieldset>
          <legend className="text-sm font-semibold text-stone-700">เงินมัดจำที่ขอ</legend>
          <div className="mt-2 grid gap-2">
            {getCollectionProps(fields.depositPercent, {
              type: "radio",
              options: DEPOSIT_PERCENTS.map(String),
            }).map(({ key, ...props }) => (
              <label key={key} className="inline-flex min-h-11 items-center gap-2">
                <input {...props} className="size-5 accent-indigo-ink" />
                {DEPOSIT_WORDS[Number(props.value) as DepositPercent]}
              </label>
            ))}
          </div>
          <ErrorList errors={fields.depositPercent.errors} />
        </fieldset>
        <label className="inline-flex min-h-11 items-center gap-2">
          <input {...getInputProps(fields.cashOnDelivery, { type: "checkbox" })} className="size-5 accent-indigo-ink" />
          รับชำระส่วนที่เหลือแบบเก็บเงินปลายทางได้
        </label>
        <div>
          <SubmitButton>บันทึกเงื่อนไขการมัดจำ</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
