import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { depositFormSchema } from "~/domain/payments/deposit-form";
import { DEPOSIT_MESSAGES } from "~/domain/payments/deposit-terms";
import { saveDepositTerms } from "~/domain/payments/tailor-promptpay.server";
import { redirectWithSuccess } from "~/lib/toast.server";

/** The form's `intent` on the pricing page (beside the prices, shipping and PromptPay). */
export const DEPOSIT_INTENT = "deposit";

/**
 * The deposit form's action (issue 49), as the shipping form's: refused, the page comes back with the
 * message beside the choice (`form: "deposit"`) and nothing is saved; saved, back with the notice.
 */
export async function saveDepositFromForm(formData: FormData, merchantId: number, backTo: string) {
  const submission = parseWithZod(formData, { schema: depositFormSchema() });
  if (submission.status !== "success")
    return data({ form: DEPOSIT_INTENT, result: submission.reply() }, { status: 400 });
  await saveDepositTerms(merchantId, submission.value);
  return redirectWithSuccess(backTo, DEPOSIT_MESSAGES.saved);
}
