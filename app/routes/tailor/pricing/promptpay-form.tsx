import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { Field, FormErrors, SubmitButton, useShopForm } from "~/components/forms";
import { Form } from "~/components/post-form";
import { formatPromptPayId, PROMPTPAY_NAME_MAX } from "~/domain/payments/promptpay";

const schema = () => import("~/domain/payments/promptpay-form").then((module) => module.promptPayFormSchema());

/**
 * Where customers pay the tailor: a PromptPay id and the account name they see. Once an order is
 * accepted its customer is shown a QR code for its amount, paid to this account.
 */
export function PromptPayForm({
  promptpayId,
  promptpayName,
  result,
}: {
  promptpayId: string | null;
  promptpayName: string | null;
  result?: SubmissionResult<string[]>;
}) {
  const { form, fields, formProps, focusFirst } = useShopForm({
    id: "promptpay",
    schema,
    lastResult: result,
    defaultValue: {
      promptpayId: promptpayId ? formatPromptPayId(promptpayId) : "",
      promptpayName: promptpayName ?? "",
    },
  });
  return (
    <section
      aria-labelledby="promptpay-title"
      className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      <h2 id="promptpay-title" className="text-lg font-semibold text-indigo-ink">
        รับชำระเงินผ่านพร้อมเพย์
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        เมื่อรับคำสั่งตัดแล้ว ลูกค้าจะเห็นคิวอาร์โค้ดพร้อมเพย์ตามยอดของคำสั่งนั้น ชำระเข้าบัญชีนี้ได้จากแอปธนาคารทุกแห่ง
        เว้นว่างทั้งสองช่องหากไม่รับชำระผ่านพร้อมเพย์
      </p>
      <Form method="post" {...formProps} className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="promptpay" />
        <div className="sm:col-span-2">
          <FormErrors errors={form.errors} autoFocus={focusFirst("")} />
        </div>
        <Field
          label="หมายเลขพร้อมเพย์"
          hint="เบอร์มือถือ 10 หลัก หรือเลขประจำตัวประชาชน/เลขผู้เสียภาษี 13 หลัก"
          inputProps={{
            ...getInputProps(fields.promptpayId, { type: "text" }),
            inputMode: "numeric",
            autoComplete: "off",
            autoFocus: focusFirst("promptpayId"),
          }}
          errors={fields.promptpayId.errors}
        />
        <Field
          label="ชื่อบัญชีที่ลูกค้าจะเห็น"
          inputProps={{
            ...getInputProps(fields.promptpayName, { type: "text" }),
            maxLength: PROMPTPAY_NAME_MAX,
            autoFocus: focusFirst("promptpayName"),
          }}
          errors={fields.promptpayName.errors}
        />
        <div className="sm:col-span-2">
          <SubmitButton>บันทึกบัญชีพร้อมเพย์</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
