import { z } from "zod";
import { PAYMENT_MESSAGES, REJECT_REASON_MAX } from "./payment-states";

/**
 * The tailor's "ask for the slip again" form: the reason the buyer will read (one line, required).
 * Conform turns a blank field into nothing, so "required" is checked in the transform.
 */
export function rejectSlipSchema() {
  return z.object({
    reason: z
      .string()
      .optional()
      .transform((value, context) => {
        const reason = (value ?? "").replace(/\s+/g, " ").trim();
        if (!reason) context.addIssue({ code: "custom", message: PAYMENT_MESSAGES.reasonRequired });
        else if (reason.length > REJECT_REASON_MAX)
          context.addIssue({ code: "custom", message: PAYMENT_MESSAGES.reasonTooLong });
        return reason;
      }),
  });
}
