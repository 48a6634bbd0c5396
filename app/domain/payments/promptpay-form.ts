import { z } from "zod";
import { PROMPTPAY_MESSAGES, PROMPTPAY_NAME_MAX, promptPayDigits, promptPayIdProblem } from "./promptpay";

/**
 * The tailor's form: both fields, or both empty (no PromptPay: customers are not shown a code).
 * The id comes out as digits only.
 */
export function promptPayFormSchema() {
  return z
    .object({
      promptpayId: z.string().trim().max(40, PROMPTPAY_MESSAGES.idFormat).optional(),
      promptpayName: z.string().trim().max(PROMPTPAY_NAME_MAX, PROMPTPAY_MESSAGES.nameTooLong).optional(),
    })
    .transform((value, context) => {
      const digits = promptPayDigits(value.promptpayId ?? "");
      const name = value.promptpayName ?? "";
      if (!digits && !name) return { promptpayId: null, promptpayName: null };
      if (!digits) context.addIssue({ code: "custom", path: ["promptpayId"], message: PROMPTPAY_MESSAGES.idRequired });
      if (!name)
        context.addIssue({ code: "custom", path: ["promptpayName"], message: PROMPTPAY_MESSAGES.nameRequired });
      const problem = digits ? promptPayIdProblem(digits) : null;
      if (problem)
        context.addIssue({
          code: "custom",
          path: ["promptpayId"],
          message: problem === "checkDigit" ? PROMPTPAY_MESSAGES.idCheckDigit : PROMPTPAY_MESSAGES.idFormat,
        });
      return { promptpayId: digits, promptpayName: name };
    });
}
