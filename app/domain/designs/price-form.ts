import { z } from "zod";
import { priceSchema } from "./payloads";

/**
 * The price form of a tailor's design card (the one form pattern, app/components/forms.tsx): typed
 * as text with a decimal keypad (decision 42), read as baht as the spec says (text that is not a
 * number is 0: off sale), refused only out of range. The browser loads it on first use.
 */
export function designPriceSchema() {
  return z.object({ price: priceSchema });
}
