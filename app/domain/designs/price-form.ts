import { z } from "zod";
import { photoFormSchema } from "../images/photo-form";
import { priceSchema } from "./payloads";

/**
 * The forms of a tailor's design card. The price form (the one form pattern, app/components/forms.tsx): typed
 * as text with a decimal keypad (decision 42), read as baht as the spec says (text that is not a
 * number is 0: off sale), refused only out of range. The browser loads it on first use.
 */
export function designPriceSchema() {
  return z.object({ price: priceSchema });
}

export const NO_SAMPLE_PHOTO = "กรุณาเลือกไฟล์รูปภาพ";

/** The sample-photo form of a design card (one picture file). */
export function designSampleSchema() {
  return photoFormSchema(NO_SAMPLE_PHOTO);
}
