import { getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Field, FormErrors, SubmitButton, useShopForm } from "~/components/forms";
import { Form } from "~/components/post-form";
import { PAYMENT_ACTIONS, REJECT_REASON_MAX } from "~/domain/payments/payment-states";

/*
 * The tailor's request for a new slip (tailor-panels.tsx): drawn only while a slip waits for them,
 * so the order's page loads it then, as a lazy part (docs/decisions.md, 127).
 */

const rejectSchema = () => import("~/domain/payments/payment-forms").then((module) => module.rejectSlipSchema());

/** Asking the buyer for a new slip, with the reason they will read. */
export function RejectSlipForm({ result }: { result?: SubmissionResult<string[]> }) {
  const { form, fields, formProps, focusFirst } = useShopForm({
    id: "reject-slip",
    schema: rejectSchema,
    lastResult: result,
  });
  return (
    <Form method="post" {...formProps} className="space-y-2 border-t border-stone-100 pt-3">
      <input type="hidden" name="intent" value="payment-reject" />
      <FormErrors errors={form.errors} autoFocus={focusFirst("")} />
      <Field
        label="ขอสลิปใหม่ เพราะ"
        hint="ลูกค้าจะเห็นข้อความนี้ เช่น ยอดเงินไม่ตรง หรือสลิปไม่ชัด"
        textareaProps={{
          ...getTextareaProps(fields.reason),
          rows: 2,
          maxLength: REJECT_REASON_MAX,
          autoFocus: focusFirst("reason"),
        }}
        errors={fields.reason.errors}
      />
      <SubmitButton
        name="intent"
        value="payment-reject"
        variant="secondary"
        pendingText="กำลังบันทึก…"
        className="min-h-11"
      >
        {PAYMENT_ACTIONS.reject.button}
      </SubmitButton>
    </Form>
  );
}
