import { z } from "zod";
import { parsePriceText } from "./price-text";

/**
 * The pricing form: one optional text field per priced part, named by sid (empty = not offered,
 * decision 11). The parts are given: the server passes the catalogue's (PRICED_SIDS), the page the
 * ones it draws, so the form's check in the browser brings no catalogue with it.
 */
export function pricingFormSchema(sids: readonly string[]) {
  const priceField = z
    .string()
    .optional()
    .superRefine((text, context) => {
      if (text === undefined) return;
      const parsed = parsePriceText(text);
      if ("problem" in parsed) context.addIssue({ code: "custom", message: parsed.problem });
    })
    .transform((text) => {
      const parsed = text === undefined ? { price: null } : parsePriceText(text);
      return "price" in parsed ? parsed.price : null;
    });
  return z.object(Object.fromEntries(sids.map((sid) => [sid, priceField])));
}
