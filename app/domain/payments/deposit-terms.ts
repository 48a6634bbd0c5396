/**
 * A tailor's deposit terms (issue 49): the deposit asked before cutting (0, 30 or 50 percent of the
 * order's total) and whether the balance may be paid on delivery. Pure: the pricing page's form
 * (server and browser) and PATCH /api/merchants/pricing share these rules (./deposit-form.ts, which
 * a page loads only when its form is used); the database checks the percent too (migration deposits).
 */

/** The deposit a tailor may ask (percent of the total): none, 30 or 50 (issue 49). */
export const DEPOSIT_PERCENTS = [0, 30, 50] as const;
export type DepositPercent = (typeof DEPOSIT_PERCENTS)[number];

export interface DepositTerms {
  depositPercent: DepositPercent;
  cashOnDelivery: boolean;
}

export const DEPOSIT_MESSAGES = {
  percent: "เงินมัดจำต้องเป็น 0, 30 หรือ 50 เปอร์เซ็นต์",
  cashOnDelivery: "การเก็บเงินปลายทางต้องเป็น true หรือ false",
  saved: "บันทึกเงื่อนไขการมัดจำเรียบร้อยแล้ว",
} as const;

export const DEPOSIT_WORDS: Record<DepositPercent, string> = {
  0: "ไม่เก็บมัดจำ (ชำระเต็มจำนวนครั้งเดียว)",
  30: "มัดจำ 30% ก่อนเริ่มตัด",
  50: "มัดจำ 50% ก่อนเริ่มตัด",
};
