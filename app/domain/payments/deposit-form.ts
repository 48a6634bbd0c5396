import { z } from "zod";
import { DEPOSIT_MESSAGES, DEPOSIT_PERCENTS, type DepositPercent } from "./deposit-terms";

/**
 * The rules of a tailor's deposit terms (./deposit-terms.ts), kept apart from their words so a page
 * that shows those does not load the schema library.
 */

/** The JSON call's value: a number among DEPOSIT_PERCENTS. */
export const depositPercentValue = z
  .number({ error: DEPOSIT_MESSAGES.percent })
  .refine((value): value is DepositPercent => (DEPOSIT_PERCENTS as readonly number[]).includes(value), {
    error: DEPOSIT_MESSAGES.percent,
  })
  .transform((value) => value as DepositPercent);

export const cashOnDeliveryValue = z.boolean({ error: DEPOSIT_MESSAGES.cashOnDelivery });

/** The pricing page's deposit form: a choice of percent (radio) and a checkbox (absent: not allowed). */
export function depositFormSchema() {
  return z.object({
    depositPercent: z
      .string({ error: DEPOSIT_MESSAGES.percent })
      .regex(/^(0|30|50)$/, { error: DEPOSIT_MESSAGES.percent })
      .transform((text) => Number(text) as DepositPercent),
    cashOnDelivery: z
      .string()
      .optional()
      .transform((value) => value === "on"),
  });
}
