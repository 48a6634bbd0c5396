import { z } from "zod";

/**
 * A tailor's shipping fee and lead time (issue 45): what they charge to send one order (whole baht)
 * and how many days the tailoring takes. Pure: the pricing page (server and browser), the JSON
 * call and placing an order share these rules. The database checks the same bounds (migration
 * shipping_and_lead_time).
 */

export const SHIPPING_FEE_MAX = 1_000;
export const LEAD_TIME_MIN = 1;
export const LEAD_TIME_MAX = 90;

export const SHIPPING_MESSAGES = {
  fee: "ค่าจัดส่งต้องเป็นจำนวนเต็มตั้งแต่ 0 ถึง 1,000 บาท",
  leadTime: "ระยะเวลาตัดเย็บต้องเป็นจำนวนเต็มตั้งแต่ 1 ถึง 90 วัน",
  saved: "บันทึกค่าจัดส่งและระยะเวลาตัดเย็บเรียบร้อยแล้ว",
} as const;

export interface ShippingTerms {
  shippingFee: number;
  leadTimeDays: number;
}

/** A whole number within the bounds; anything else (a string, 12.5, -1) is the field's message. */
const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

export const shippingFeeValue = whole(0, SHIPPING_FEE_MAX, SHIPPING_MESSAGES.fee);
export const leadTimeValue = whole(LEAD_TIME_MIN, LEAD_TIME_MAX, SHIPPING_MESSAGES.leadTime);

/** Form text to a whole number: digits only (a form sends strings; "12.5", "1e2", "" are refused). */
const wholeText = (inner: z.ZodNumber, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,7}$/, { error: message })
    .transform(Number)
    .pipe(inner);

/** The pricing page's shipping form: both fields, whole numbers. */
export function shippingFormSchema() {
  return z.object({
    shippingFee: wholeText(shippingFeeValue, SHIPPING_MESSAGES.fee),
    leadTimeDays: wholeText(leadTimeValue, SHIPPING_MESSAGES.leadTime),
  });
}

/** The shipping fee frozen on an order placed now, and its total: the items' price plus the fee (exact satang). */
export function withShipping(
  itemsPrice: { toString(): string },
  shippingFee: number,
): {
  shippingFee: number;
  totalPrice: number;
} {
  const satang = Math.round(Number(itemsPrice.toString()) * 100) + Math.round(shippingFee * 100);
  return { shippingFee, totalPrice: satang / 100 };
}
