import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { PROMPTPAY_MESSAGES } from "~/domain/payments/promptpay";
import { promptPayFormSchema } from "~/domain/payments/promptpay-form";
import { saveTailorPromptPay } from "~/domain/payments/tailor-promptpay.server";
import { formRefusal } from "~/lib/form-refusal";
import { redirectWithSuccess } from "~/lib/toast.server";

/** The form's `intent`: the pricing page holds two forms, the prices and this one. */
export const PROMPTPAY_INTENT = "promptpay";

/**
 * The PromptPay form's action (the form pattern of components/forms.tsx): refused, the page comes
 * back with the messages beside the fields (`form: "promptpay"` says which form they are for);
 * saved, back to `backTo` with the notice.
 */
export async function savePromptPayFromForm(formData: FormData, merchantId: number, backTo: string) {
  // Both fields empty means "no PromptPay": only when the form's two fields were really sent (the
  // page's form always sends them), never for a request that lacks them.
  if (!formData.has("promptpayId") || !formData.has("promptpayName"))
    return data({ form: PROMPTPAY_INTENT, result: formRefusal(PROMPTPAY_MESSAGES.idRequired) }, { status: 400 });
  const submission = parseWithZod(formData, { schema: promptPayFormSchema() });
  if (submission.status !== "success")
    return data({ form: PROMPTPAY_INTENT, result: submission.reply() }, { status: 400 });
  await saveTailorPromptPay(merchantId, submission.value);
  return redirectWithSuccess(
    backTo,
    submission.value.promptpayId ? PROMPTPAY_MESSAGES.saved : PROMPTPAY_MESSAGES.removed,
  );
}
