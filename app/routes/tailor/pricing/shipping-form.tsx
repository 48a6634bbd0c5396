import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { Field, FormErrors, SubmitButton, useShopForm } from "~/components/forms";
import { Form } from "~/components/post-form";
import { LEAD_TIME_MAX, LEAD_TIME_MIN, SHIPPING_FEE_MAX, type ShippingTerms } from "~/domain/pricing/shipping";

const schema = () => import("~/domain/pricing/shipping-form").then((module) => module.shippingFormSchema());

/**
 * The tailor's shipping fee and lead time (issue 45): customers see both beside each tailor's
 * price when they choose one, and placing an order keeps the fee as it was then.
 */
export function ShippingForm({ terms, result }: { terms: ShippingTerms; result?: SubmissionResult<string[]> }) {
  const { form, fields, formProps, focusFirst } = useShopForm({
    id: "shipping",
    schema,
    lastResult: result,
    defaultValue: { shippingFee: String(terms.shippingFee), leadTimeDays: String(terms.leadTimeDays) },
  });
  return (
    <section
      aria-labelledby="shipping-title"
      className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      <h2 id="shipping-title" className="text-lg font-semibold text-indigo-ink">
        ค่าจัดส่งและระยะเวลาตัดเย็บ
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        ลูกค้าจะเห็นค่าจัดส่งและจำนวนวันนี้ตอนเลือกช่าง ค่าจัดส่งคิดต่อหนึ่งคำสั่งตัด คำสั่งที่สั่งไปแล้วใช้ค่าจัดส่งเดิม
      </p>
      <Form method="post" {...formProps} className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="shipping" />
        <div className="sm:col-span-2">
          <FormErrors errors={form.errors} autoFocus={focusFirst("")} />
        </div>
        <Field
          label="ค่าจัดส่ง (บาท ต่อคำสั่งตัด)"
          hint={`จำนวนเต็ม 0 ถึง ${SHIPPING_FEE_MAX.toLocaleString("th-TH")} บาท ใส่ 0 หากส่งฟรี`}
          inputProps={{
            ...getInputProps(fields.shippingFee, { type: "text" }),
            inputMode: "numeric",
            autoComplete: "off",
            autoFocus: focusFirst("shippingFee"),
          }}
          errors={fields.shippingFee.errors}
        />
        <Field
          label="ระยะเวลาตัดเย็บ (วัน)"
          hint={`จำนวนเต็ม ${LEAD_TIME_MIN} ถึง ${LEAD_TIME_MAX} วัน นับจากวันที่รับคำสั่งตัด`}
          inputProps={{
            ...getInputProps(fields.leadTimeDays, { type: "text" }),
            inputMode: "numeric",
            autoComplete: "off",
            autoFocus: focusFirst("leadTimeDays"),
          }}
          errors={fields.leadTimeDays.errors}
        />
        <div className="sm:col-span-2">
          <SubmitButton>บันทึกค่าจัดส่งและระยะเวลา</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
