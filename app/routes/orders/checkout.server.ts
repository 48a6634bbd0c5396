import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { saveDeliveryAddress } from "~/domain/orders/cart.server";
import { DeliveryAddressSchema } from "~/domain/orders/delivery-address";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import type { SeenItem } from "~/domain/orders/place-order.server";
import { pageFault } from "~/http/responses.server";
import { redirectWithSuccess } from "~/lib/toast.server";

/**
 * The delivery-address form of the cart and the review page (ui/delivery-address-form.tsx):
 * refused, the page shows the reply beside the field (`addressResult`); saved, back to `backTo`.
 */
export async function saveAddressForm(buyerId: number, form: FormData, backTo: string) {
  const submission = parseWithZod(form, { schema: DeliveryAddressSchema });
  if (submission.status !== "success") return data({ addressResult: submission.reply() }, { status: 400 });
  try {
    await saveDeliveryAddress(buyerId, submission.value.address);
  } catch (error) {
    throw pageFault(error);
  }
  return redirectWithSuccess(backTo, ORDER_MESSAGES.addressSaved);
}

/** The lines the buyer saw, sent as `item=id:version`, so a line changed meanwhile is refused. */
export function seenItems(form: FormData): SeenItem[] {
  return form.getAll("item").flatMap((value) => {
    if (typeof value !== "string") return [];
    const [id, version] = [value.slice(0, value.indexOf(":")), value.slice(value.indexOf(":") + 1)];
    return /^\d+$/.test(id) && version ? [{ id: Number(id), version }] : [];
  });
}
