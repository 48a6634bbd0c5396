/**
 * Receipt of a shipped order (issue 46). Pure: shared by the server (the buyer's confirmation, the
 * shop's sweep), the pages and tests. Recording the delivery ships the order; its buyer then confirms
 * "ได้รับสินค้าแล้ว" or reports a problem instead. A buyer who does neither has receipt confirmed by
 * the shop RECEIPT_CONFIRM_DAYS after shipping, and is reminded (LINE, where linked) a few days before.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** How many days before the automatic receipt the buyer is reminded (fewer for a short window). */
export const RECEIPT_REMINDER_LEAD_DAYS = 3;

/** When receipt is confirmed automatically for an order shipped at `shippedAt` (null: never). */
export function receiptDeadline(shippedAt: Date, days: number): Date | null {
  if (days <= 0) return null;
  return new Date(shippedAt.getTime() + days * DAY_MS);
}

/** The reminder's lead for a window of `days` days: 3 days, or one less than the window; 0 means none. */
export function reminderLeadDays(days: number): number {
  return Math.max(0, Math.min(RECEIPT_REMINDER_LEAD_DAYS, days - 1));
}

/** The latest shipping time whose order is due at `now` for the automatic receipt. */
export function receiptCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** The latest shipping time whose order is due at `now` for the reminder. */
export function reminderCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - (days - reminderLeadDays(days)) * DAY_MS);
}

/** Who confirmed receipt, as the order's JSON says it (`delivery.receivedBy`). */
export type ReceivedBy = "buyer" | "system";

export const RECEIPT_MESSAGES = {
  notShipped: "ช่างตัดยังไม่ได้แจ้งการจัดส่ง จึงยังยืนยันการรับสินค้าไม่ได้",
  alreadyReceived: "ยืนยันการรับสินค้าของคำสั่งซื้อนี้แล้ว",
  canceled: "คำสั่งซื้อนี้ถูกยกเลิกแล้ว",
  confirmed: "ยืนยันการรับสินค้าแล้ว ขอบคุณที่ใช้บริการ",
  failed: "ยืนยันการรับสินค้าไม่สำเร็จ",
  lockedAfterReceipt: "ลูกค้ายืนยันการรับสินค้าแล้ว จึงแก้ไขการจัดส่งไม่ได้",
} as const;

/** What each side reads of the receipt beside the delivery. */
export function receiptText(receivedBy: ReceivedBy): string {
  return receivedBy === "system" ? "ร้านยืนยันการรับสินค้าให้อัตโนมัติ" : "ลูกค้ายืนยันได้รับสินค้าแล้ว";
}
