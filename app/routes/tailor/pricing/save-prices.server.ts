import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { isDomainError } from "~/domain/errors";
import { savePartPrices } from "~/domain/pricing/merchant-pricing.server";
import { PRICED_SIDS } from "~/domain/pricing/part-prices";
import { pricingFormSchema } from "~/domain/pricing/price-list-form";
import { PRICE_MESSAGES } from "~/domain/pricing/price-text";
import { logger } from "~/lib/logger.server";
import { redirectWithSuccess } from "~/lib/toast.server";

/**
 * The pricing form's action, shared by the tailor's page and the admin's (the form pattern of
 * components/forms.tsx): checks every field, saves all or nothing (decision 11), then back to
 * `backTo` with the success notice. A refusal renders the page again with the message at the top
 * (no flashed notice, so nothing stale shows on the next page without JavaScript).
 */
export async function savePricesFromForm(
  formData: FormData,
  merchantId: number,
  backTo: string,
  by: { id: number; name: string },
) {
  const submission = parseWithZod(formData, { schema: pricingFormSchema(PRICED_SIDS) });
  const refuse = (status: number, message: string = PRICE_MESSAGES.failed) =>
    data({ result: submission.reply({ formErrors: [message] }) }, { status });
  if (submission.status !== "success") return refuse(400);
  // Only the fields the form actually sent count: an empty field stops offering that part, a
  // missing one changes nothing. A post with none of them is not the pricing form at all.
  const sent = Object.entries(submission.value).filter(([sid]) => formData.has(sid));
  if (sent.length === 0) return refuse(400);
  try {
    await savePartPrices(merchantId, new Map(sent), by);
  } catch (error) {
    if (isDomainError(error)) return refuse(error.status, `${PRICE_MESSAGES.failed}: ${error.message}`);
    logger().error({ err: error }, "Saving part prices failed");
    return refuse(500);
  }
  return redirectWithSuccess(backTo, PRICE_MESSAGES.saved);
}
