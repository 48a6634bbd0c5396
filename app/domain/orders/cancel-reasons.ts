/**
 * Why an order ended (issue 46). Pure: shared by the server (transitions, the cancel call, the
 * page actions) and the pages' reason forms. A buyer or a tailor picks one of a few common reasons
 * or "อื่น ๆ" with their own words; the reason kept is the words the other side reads.
 */

/** The longest reason kept (a sentence or two; the form's field says so). */
export const CANCEL_REASON_MAX = 300;

/** The choice that asks for the person's own words. */
export const OTHER_REASON = "อื่น ๆ";

/** The buyer's common reasons, before the tailor has accepted. */
export const BUYER_CANCEL_REASONS = ["สั่งผิดแบบ/ขนาด", "ต้องการเปลี่ยนช่าง", "รอนานเกินไป", OTHER_REASON] as const;

/** The tailor's common reasons for declining or cancelling. */
export const TAILOR_CANCEL_REASONS = ["คิวงานเต็ม", "ไม่มีผ้าหรือวัสดุตามแบบ", "รายละเอียดแบบไม่ชัดเจน", OTHER_REASON] as const;

/** The admin's common reasons. */
export const ADMIN_CANCEL_REASONS = ["ลูกค้าขอยกเลิก", "ช่างขอยกเลิก", "คำสั่งซื้อซ้ำหรือทดสอบ", OTHER_REASON] as const;

/** Who canceled an order, as the order's JSON says it (`canceledBy`). */
export const CANCELED_BY = ["buyer", "tailor", "admin", "system"] as const;
export type CanceledBy = (typeof CANCELED_BY)[number];

export function isCanceledBy(value: unknown): value is CanceledBy {
  return typeof value === "string" && (CANCELED_BY as readonly string[]).includes(value);
}

/** The event's actor role (user, merchant, admin, system) as the order's `canceledBy`. */
export function canceledByOf(actorRole: "user" | "merchant" | "admin" | "system"): CanceledBy {
  return actorRole === "user" ? "buyer" : actorRole === "merchant" ? "tailor" : actorRole;
}

/** Who canceled, in Thai, as both sides read it. */
export const CANCELED_BY_WORDS: Record<CanceledBy, string> = {
  buyer: "ลูกค้ายกเลิก",
  tailor: "ช่างตัดยกเลิก",
  admin: "ผู้ดูแลระบบยกเลิก",
  system: "ระบบยกเลิกอัตโนมัติ",
};

/** What an order canceled by the shop itself says when it carries no reason of its own. */
export const SYSTEM_CANCEL_REASON = "ช่างตัดไม่ได้ตอบรับภายในเวลาที่กำหนด";

/** How long a reason reads in an order list (whole on the order's page). */
export const LIST_REASON_MAX = 60;

/**
 * Who canceled and why in one short line, for the order lists: "ช่างตัดยกเลิก: คิวงานเต็ม", cut to
 * `max` characters with "…" (the order's page shows it whole). Null for an order not canceled.
 */
export function shortCancelNote(
  order: { canceledBy: CanceledBy | null; cancelReason: string | null },
  max = LIST_REASON_MAX,
): { short: string; full: string } | null {
  const { canceledBy, cancelReason } = order;
  if (!canceledBy && !cancelReason) return null;
  const reason = cancelReason ?? (canceledBy === "system" ? SYSTEM_CANCEL_REASON : "ไม่ได้ระบุเหตุผล");
  const full = canceledBy ? `${CANCELED_BY_WORDS[canceledBy]}: ${reason}` : reason;
  const chars = [...full];
  return { short: chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : full, full };
}

export const CANCEL_MESSAGES = {
  reasonRequired: "กรุณาระบุเหตุผลที่ยกเลิก",
  otherRequired: "กรุณาพิมพ์เหตุผลที่ยกเลิก",
  reasonTooLong: `เหตุผลยาวเกินไป (ไม่เกิน ${CANCEL_REASON_MAX} ตัวอักษร)`,
  buyerCanceled: "ยกเลิกคำสั่งซื้อแล้ว",
  buyerCancelFailed: "ยกเลิกคำสั่งซื้อไม่สำเร็จ",
} as const;

export type ReasonCheck = { reason: string } | { error: string };

/** The reason a JSON call gave: trimmed, required, at most CANCEL_REASON_MAX characters. */
export function checkReason(value: unknown): ReasonCheck {
  if (value === undefined || value === null) return { error: CANCEL_MESSAGES.reasonRequired };
  if (typeof value !== "string") return { error: CANCEL_MESSAGES.reasonRequired };
  const reason = value.trim().replace(/\s+/g, " ");
  if (!reason) return { error: CANCEL_MESSAGES.reasonRequired };
  if ([...reason].length > CANCEL_REASON_MAX) return { error: CANCEL_MESSAGES.reasonTooLong };
  return { reason };
}

/**
 * The reason a page form gave: the choice (`reasonChoice`) and, for "อื่น ๆ" (or as a note beside
 * another choice), the person's own words (`reasonText`). Kept as "choice: words" when both are given.
 */
export function reasonFromForm(choice: unknown, text: unknown, choices: readonly string[]): ReasonCheck {
  const picked = typeof choice === "string" && choices.includes(choice) ? choice : "";
  const words = typeof text === "string" ? text.trim() : "";
  if (!picked && !words) return { error: CANCEL_MESSAGES.reasonRequired };
  if (picked === OTHER_REASON || !picked) {
    return words ? checkReason(words) : { error: CANCEL_MESSAGES.otherRequired };
  }
  return checkReason(words ? `${picked}: ${words}` : picked);
}
