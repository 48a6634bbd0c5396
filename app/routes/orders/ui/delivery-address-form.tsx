import { getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Field, FormErrors, SubmitButton, useShopForm } from "~/components/forms";
import { Form } from "~/components/post-form";

// The browser copy of the rule loads when someone starts on the form (useShopForm).
const schema = () => import("~/domain/orders/delivery-address").then((module) => module.DeliveryAddressSchema);

/**
 * The form that saves the delivery address (`intent=address`) and comes back to the same page, in
 * the form pattern (components/forms.tsx). Loaded with the form library only when the page shows
 * it (delivery-address.tsx).
 */
export interface DeliveryAddressProps {
  address: string | null;
  /** The page whose action takes `intent=address` (it answers back to itself). */
  action: string;
  lastResult?: SubmissionResult<string[]> | null;
}

export function DeliveryAddressForm({ address, action, lastResult }: DeliveryAddressProps) {
  const { form, fields, formProps, focusFirst } = useShopForm({
    id: "delivery-address",
    schema,
    lastResult,
    defaultValue: { address: address ?? "" },
  });
  return (
    <Form method="post" action={action} {...formProps} className="mt-2 grid gap-2">
      <input type="hidden" name="intent" value="address" />
      <FormErrors errors={form.errors} autoFocus={focusFirst("")} />
      <Field
        label="ที่อยู่จัดส่ง"
        hint="บ้านเลขที่ ถนน ตำบล อำเภอ จังหวัด รหัสไปรษณีย์ (ใช้กับทุกคำสั่งซื้อที่ยังไม่ได้สั่ง)"
        textareaProps={{
          ...getTextareaProps(fields.address),
          autoFocus: focusFirst("address"),
          autoComplete: "street-address",
        }}
        errors={fields.address.errors}
      />
      <SubmitButton name="intent" value="address" pendingText="กำลังบันทึก…" className="justify-self-start">
        บันทึกที่อยู่
      </SubmitButton>
    </Form>
  );
}
