import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { isDomainError } from "~/domain/errors";
import { savePartPrices } from "~/domain/pricing/merchant-pricing.server";
import { PRICE_MESSAGES, PRICED_SIDS, pricingFormSchema } from "~/domain/pricing/part-prices";
import { redirectWithSuccess } from "~/lib/toast.server";
import type { PricingFailure } from "./pricing-form";

/**
 * The pricing form's action, shared by the tailor's page and the admin's: checks every
 * field, saves all or nothing, then back to `backTo` with the success notice. A refusal
 * renders the page again with the message at the top (no flashed notice, so nothing stale
 * shows on the next page without JavaScript).
 */
export async function savePricesFromForm(formData: FormData, merchantId: number, backTo: string) {
  const values = Object.fromEntries(PRICED_SIDS.map((sid) => [sid, String(formData.get(sid) ?? "")]));
  const submission = parseWithZod(formData, { schema: pricingFormSchema() });
  if (submission.status !== "success") {
    const fieldErrors: Record<string, string> = {};
    for (const [name, errors] of Object.entries(submission.error ?? {})) if (errors?.[0]) fieldErrors[name] = errors[0];
    return data<PricingFailure>({ formError: PRICE_MESSAGES.failed, fieldErrors, values }, { status: 400 });
  }
  // Only the fields the form actually sent count: an empty field stops offering that part, a
  // missing one changes nothing. A post with none of them is not the pricing form at all.
  const sent = Object.entries(submission.value).filter(([sid]) => formData.has(sid));
  if (sent.length === 0)
    return data<PricingFailure>({ formError: PRICE_MESSAGES.failed, fieldErrors: {}, values }, { status: 400 });
  try {
    await savePartPrices(merchantId, new Map(sent));
  } catch (error) {
    if (isDomainError(error))
      return data<PricingFailure>(
        { formError: `${PRICE_MESSAGES.failed}: ${error.message}`, fieldErrors: {}, values },
        { status: error.status },
      );
    console.error("Saving part prices failed", error);
    return data<PricingFailure>({ formError: PRICE_MESSAGES.failed, fieldErrors: {}, values }, { status: 500 });
  }
  return redirectWithSuccess(backTo, PRICE_MESSAGES.saved);
}
