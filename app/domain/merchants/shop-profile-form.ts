import { z } from "zod";
import { SHOP_DESCRIPTION_MAX, SHOP_NAME_MAX, SHOP_PROFILE_MESSAGES } from "./shop-profile";

/**
 * The rules of a shop's name, description and address choice (./shop-profile.ts), kept apart from
 * their words so a page that shows those does not load the schema library.
 */

/** Characters as the page's counter counts them: code points (a Thai vowel or tone mark counts as one of its own). */
const length = (text: string) => Array.from(text).length;

const shopName = z
  .string({ error: SHOP_PROFILE_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: SHOP_PROFILE_MESSAGES.nameRequired })
  .refine((text) => length(text) <= SHOP_NAME_MAX, { error: SHOP_PROFILE_MESSAGES.nameTooLong });

/** Line breaks as the browser sends them (CRLF) count once, as the tailor typed them. */
const tidy = (text: string) => text.replace(/\r\n?/g, "\n").trim();
const withinLimit = (text: string) => length(text) <= SHOP_DESCRIPTION_MAX;
const description = z
  .string({ error: SHOP_PROFILE_MESSAGES.descriptionTooLong })
  .transform(tidy)
  .refine(withinLimit, { error: SHOP_PROFILE_MESSAGES.descriptionTooLong });

/** PUT /api/merchants/me/shop: all three fields, showAddress a JSON boolean; nothing else. */
export const shopProfileJsonSchema = z.strictObject(
  {
    shopName,
    description: z.union([description, z.null().transform(() => "")]),
    showAddress: z.boolean({ error: SHOP_PROFILE_MESSAGES.showAddress }),
  },
  { error: "ข้อมูลร้านไม่ถูกต้อง: ส่งได้เฉพาะ shopName, description และ showAddress" },
);

/** The settings page's form: a checkbox sends "on" when ticked and nothing when not. */
export function shopProfileFormSchema() {
  return z.object({
    shopName: z.string({ error: SHOP_PROFILE_MESSAGES.nameRequired }).pipe(shopName),
    // Conform reads an empty field as absent: no description.
    description: z
      .string()
      .optional()
      .transform((text) => tidy(text ?? ""))
      .refine(withinLimit, { error: SHOP_PROFILE_MESSAGES.descriptionTooLong }),
    showAddress: z
      .string()
      .optional()
      .transform((value) => value === "on"),
  });
}
