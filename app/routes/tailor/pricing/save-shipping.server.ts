import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { saveShippingTerms } from "~/domain/pricing/merchant-pricing.server";
import { SHIPPING_MESSAGES } from "~/domain/pricing/shipping";
import { shippingFormSchema } from "~/domain/pricing/shipping-form";
import { redirectWithSuccess } from "~/lib/toast.server";

/** The form's `intent` on the pricing page (beside the prices and PromptPay). */
export const SHIPPING_INTENT = "shipping";

/**
 * The shipping form's action (the form pattern of components/forms.tsx): refused, the page comes
 * back with the messages beside the fields (`form: "shipping"` says which form they are for), and
 * nothing is saved; saved, back to `backTo` with the notice.
 */
export async function saveShippingFromForm(formData: FormData, merchantId: number, backTo: string) {
  const submission = parseWithZod(formData, { schema: shippingFormSchema() });
  if (submission.status !== "success")
    return data({ form: SHIPPING_INTENT, result: submission.reply() }, { status: 400 });
  await saveShippingTerms(merchantId, submission.value);
  return redirectWithSuccess(backTo, SHIPPING_MESSAGES.saved);
}
