import { getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Field, FormErrors, SubmitButton, useShopForm } from "~/components/forms";
import { Form } from "~/components/post-form";

// The browser copy of the rule loads when someone starts on the form (useShopForm).
const schema = () => import("~/domain/orders/delivery-address").then((module) => module.DeliveryAddressSchema);

/**
 * Where the order goes, shown and changed in place (the cart and the review page): the address,
 * and a form under "แก้ไขที่อยู่" (a <details>, open without JavaScript) that saves it and comes
 * back to the same page. Open from the start when there is no address yet or the last try was
 * refused, so the field and its message are in view.
 */
export function DeliveryAddress({
  address,
  action,
  lastResult,
}: {
  address: string | null;
  /** The page whose action takes `intent=address` (it answers back to itself). */
  action: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { form, fields, formProps, focusFirst } = useShopForm({
    id: "delivery-address",
    schema,
    lastResult,
    defaultValue: { address: address ?? "" },
  });
  const refused = lastResult?.status === "error";
  return (
    <div className="rounded-xl bg-cream p-3 text-sm text-stone-700" data-testid="delivery-address">
      <p className="font-semibold">จัดส่งถึง</p>
      <p className={`mt-1 whitespace-pre-line break-words ${address ? "" : "font-semibold text-lac"}`}>
        {address ?? "ยังไม่มีที่อยู่จัดส่ง"}
      </p>
      <details className="group mt-1" open={!address || refused || undefined}>
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-indigo-ink underline">
          {address ? "แก้ไขที่อยู่" : "เพิ่มที่อยู่จัดส่ง"}
        </summary>
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
      </details>
    </div>
  );
}
