import { z } from "zod";
import { LEAD_TIME_MAX, LEAD_TIME_MIN, SHIPPING_FEE_MAX, SHIPPING_MESSAGES } from "./shipping";

/**
 * The rules of a tailor's shipping fee and lead time (./shipping.ts), kept apart from its words and
 * bounds so a page that shows those does not load the schema library.
 */

/** A whole number within the bounds; anything else (a string, 12.5, -1) is the field's message. */
const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

export const shippingFeeValue = whole(0, SHIPPING_FEE_MAX, SHIPPING_MESSAGES.fee);
export const leadTimeValue = whole(LEAD_TIME_MIN, LEAD_TIME_MAX, SHIPPING_MESSAGES.leadTime);

/** Form text to a whole number: digits only (a form sends strings; "12.5", "1e2", "" are refused). */
const wholeText = (inner: z.ZodNumber, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,7}$/, { error: message })
    .transform(Number)
    .pipe(inner);

/** The pricing page's shipping form: both fields, whole numbers. */
export function shippingFormSchema() {
  return z.object({
    shippingFee: wholeText(shippingFeeValue, SHIPPING_MESSAGES.fee),
    leadTimeDays: wholeText(leadTimeValue, SHIPPING_MESSAGES.leadTime),
  });
}
