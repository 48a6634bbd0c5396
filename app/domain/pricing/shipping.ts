/**
 * A tailor's shipping fee and lead time (issue 45): what they charge to send one order (whole baht)
 * and how many days the tailoring takes. Pure: the pricing page (server and browser), the JSON
 * call and placing an order share these rules (their schemas: ./shipping-form.ts, which a page
 * loads only when its form is used). The database checks the same bounds (migration
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
