import { OTHER_REASON } from "./cancel-reasons";

/**
 * "มีปัญหากับคำสั่งซื้อ" (issue 46). Pure: shared by the report page, the admin's list and tests. The
 * buyer of a shipped order not yet received reports what is wrong (a common reason or their own
 * words, and a photo when there is something to show) instead of confirming receipt; an admin
 * closes it with a decision, recorded in the audit log and on the order's timeline.
 */

/** The longest reason or note kept. */
export const PROBLEM_TEXT_MAX = 500;

export const PROBLEM_REASONS = [
  "ยังไม่ได้รับสินค้า",
  "สินค้าชำรุดหรือเสียหาย",
  "ขนาดไม่ตรงกับที่สั่ง",
  "ไม่ตรงกับแบบที่สั่ง",
  OTHER_REASON,
] as const;

export const PROBLEM_DECISIONS = ["refund_due", "remake", "no_action"] as const;
export type ProblemDecisionName = (typeof PROBLEM_DECISIONS)[number];

export const PROBLEM_DECISION_LABELS: Record<ProblemDecisionName, string> = {
  refund_due: "คืนเงินให้ลูกค้า",
  remake: "ช่างตัดแก้ไขหรือตัดเย็บใหม่",
  no_action: "ไม่ต้องดำเนินการเพิ่ม",
};

export function isProblemDecision(value: unknown): value is ProblemDecisionName {
  return typeof value === "string" && (PROBLEM_DECISIONS as readonly string[]).includes(value);
}

export const PROBLEM_MESSAGES = {
  reasonRequired: "กรุณาเลือกหรือพิมพ์ปัญหาที่พบ",
  otherRequired: "กรุณาพิมพ์รายละเอียดของปัญหา",
  noteNotText: "บันทึกผลการพิจารณาต้องเป็นข้อความ",
  tooLong: `ข้อความยาวเกินไป (ไม่เกิน ${PROBLEM_TEXT_MAX} ตัวอักษร)`,
  photoTooBig: "รูปภาพต้องมีขนาดไม่เกิน 20 MB",
  notShipped: "แจ้งปัญหาได้เมื่อช่างตัดแจ้งการจัดส่งแล้ว",
  alreadyReceived: "ยืนยันการรับสินค้าแล้ว จึงแจ้งปัญหาผ่านหน้านี้ไม่ได้ กรุณาติดต่อร้าน",
  alreadyReported: "แจ้งปัญหาของคำสั่งซื้อนี้แล้ว ผู้ดูแลระบบกำลังตรวจสอบ",
  canceled: "คำสั่งซื้อนี้ถูกยกเลิกแล้ว",
  reported: "แจ้งปัญหาแล้ว ผู้ดูแลระบบจะตรวจสอบและแจ้งผล",
  reportFailed: "แจ้งปัญหาไม่สำเร็จ",
  notFound: "ไม่พบเรื่องปัญหานี้",
  alreadyClosed: "เรื่องนี้ปิดไปแล้ว",
  decisionRequired: "กรุณาเลือกผลการพิจารณา",
  closed: "ปิดเรื่องปัญหาแล้ว",
  closeFailed: "ปิดเรื่องปัญหาไม่สำเร็จ",
  noPhoto: "คำสั่งซื้อนี้ไม่มีรูปภาพประกอบปัญหา",
} as const;

export type TextCheck = { text: string } | { error: string };

/** A free text: spaces squeezed, at most PROBLEM_TEXT_MAX characters; empty is "". */
export function checkProblemText(value: unknown): TextCheck {
  const text = typeof value === "string" ? value.trim().replace(/\s+/g, " ") : "";
  if ([...text].length > PROBLEM_TEXT_MAX) return { error: PROBLEM_MESSAGES.tooLong };
  return { text };
}

/** The report form's reason: a choice and, for "อื่น ๆ" (or as detail beside another), the buyer's words. */
export function problemReasonFromForm(choice: unknown, text: unknown): TextCheck {
  const picked = typeof choice === "string" && (PROBLEM_REASONS as readonly string[]).includes(choice) ? choice : "";
  const words = checkProblemText(text);
  if ("error" in words) return words;
  if (!picked && !words.text) return { error: PROBLEM_MESSAGES.reasonRequired };
  if (!picked || picked === OTHER_REASON) return words.text ? words : { error: PROBLEM_MESSAGES.otherRequired };
  return checkProblemText(words.text ? `${picked}: ${words.text}` : picked);
}
