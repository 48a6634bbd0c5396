import { SIZE_MESSAGES } from "~/domain/catalogue/sizes";
import { ADD_MESSAGES } from "./add-messages";

/**
 * Why a shop design was not added to the cart from the silk shops (POST /cart/add), as a short
 * code the page it goes back to carries in its address (`?addFailed=<designId>:<code>`), so the
 * reason shows beside that design's button and stays (the notice says it too). A code, not the
 * text: an address anyone can write never puts words of its own on the shop's page. Pure.
 */
export const ADD_FAILED_PARAM = "addFailed";

const ADD_REFUSALS = {
  gone: ADD_MESSAGES.designNotFound,
  unpriced: ADD_MESSAGES.designHasNoPrice,
  quantity: ADD_MESSAGES.badQuantity,
  readyOnly: SIZE_MESSAGES.readyOnly,
  unknownSize: SIZE_MESSAGES.unknown,
  line: SIZE_MESSAGES.lineExists,
} as const;
type AddRefusal = keyof typeof ADD_REFUSALS;

/** The code of a refusal's message ("other" for one without its own). */
export function addRefusalCode(message: string): AddRefusal | "other" {
  const found = (Object.keys(ADD_REFUSALS) as AddRefusal[]).find((code) => ADD_REFUSALS[code] === message);
  return found ?? "other";
}

/** What the page says beside the design named in `?addFailed=`, or null when it names another. */
export function addRefusalFor(param: string | null, designId: number): string | null {
  const [id, code] = (param ?? "").split(":");
  if (Number(id) !== designId) return null;
  return ADD_REFUSALS[code as AddRefusal] ?? ADD_MESSAGES.addToCartFailed;
}
