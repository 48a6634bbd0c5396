import { z } from "zod";
import { ORDER_MESSAGES } from "./messages";

/**
 * The delivery address as the cart and the review page take it: the profile's address field
 * (one address per customer, copied onto each order when it is placed), but required here,
 * since an order cannot go out without one. Pure: the browser and the action share it.
 */
export const DeliveryAddressSchema = z.object({
  address: z
    .string({ error: ORDER_MESSAGES.addressRequired })
    .trim()
    .min(1, ORDER_MESSAGES.addressRequired)
    .max(500, ORDER_MESSAGES.addressTooLong),
});
