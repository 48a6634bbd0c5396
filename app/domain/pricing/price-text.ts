/**
 * A price as a tailor types it: its rules and its Thai words. Pure and without the catalogue, so
 * the pricing page reads it at rest and its form's check (price-list-form.ts) brings nothing more.
 */

/** What the part prices say to a tailor: a price refused, the prices saved or not. */
export const PRICE_MESSAGES = {
  notNumber: "กรุณากรอกราคาเป็นตัวเลข",
  negative: "ราคาต้องไม่ติดลบ",
  decimals: "ราคาระบุทศนิยมได้ไม่เกิน 2 ตำแหน่ง",
  tooHigh: "ราคาต้องไม่เกิน 1,000,000 บาท",
  saved: "ราคาถูกบันทึกเรียบร้อยแล้ว",
  failed: "เกิดข้อผิดพลาดในการบันทึกราคา",
} as const;

export const MAX_PART_PRICE = 1_000_000;

/** Checks a price in baht: at least 0, whole satang, not absurd. Returns the Thai message or null. */
export function priceProblem(value: number): string | null {
  if (!Number.isFinite(value)) return PRICE_MESSAGES.notNumber;
  if (value < 0) return PRICE_MESSAGES.negative;
  if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6) return PRICE_MESSAGES.decimals;
  if (value > MAX_PART_PRICE) return PRICE_MESSAGES.tooHigh;
  return null;
}

/** What a tailor typed: empty means "not offered" (null); anything but a plain decimal is refused. */
export function parsePriceText(text: string): { price: number | null } | { problem: string } {
  const trimmed = text.trim();
  if (trimmed === "") return { price: null };
  if (/^-\s*\d/.test(trimmed)) return { problem: PRICE_MESSAGES.negative };
  if (!/^\d+(\.\d+)?$/.test(trimmed) && !/^\.\d+$/.test(trimmed)) return { problem: PRICE_MESSAGES.notNumber };
  const price = Number(trimmed);
  const problem = priceProblem(price);
  return problem ? { problem } : { price };
}
