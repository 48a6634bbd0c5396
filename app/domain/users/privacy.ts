import { CLOSED_ACCOUNT } from "~/domain/audit/actions";

/**
 * The privacy notice (Thailand's Personal Data Protection Act, B.E. 2562): its version, recorded
 * with each sign-up, and the words of account closing. Pure. A change to what the shop keeps or
 * why means a new notice: change the page (app/routes/shop/privacy.tsx) and this date together.
 */
export const PRIVACY_NOTICE_VERSION = "2026-11-28";

export const PRIVACY_MESSAGES = {
  wrongPassword: "รหัสผ่านไม่ถูกต้อง จึงยังไม่ได้ลบบัญชี",
  ordersInProgress:
    "ยังลบบัญชีไม่ได้ เพราะมีคำสั่งซื้อที่กำลังดำเนินการอยู่ หรือมีการชำระเงิน/คืนเงินที่ยังไม่เรียบร้อย กรุณารอให้เสร็จสิ้นก่อน แล้วลองใหม่",
  lastAdmin: "ยังลบบัญชีไม่ได้ เพราะเป็นผู้ดูแลระบบคนสุดท้าย",
  deleted: "ลบบัญชีและข้อมูลส่วนตัวของคุณแล้ว",
  erased: "ลบข้อมูลส่วนตัวของคุณแล้ว คำสั่งซื้อเดิมยังเก็บไว้โดยไม่มีชื่อและที่อยู่ของคุณ",
  failed: "ลบบัญชีไม่สำเร็จ",
  /** What an erased account is called where its orders still name it. */
  erasedName: CLOSED_ACCOUNT,
} as const;

/** A version ("2026-11-25") as the day it names, in Thailand: "25 พฤศจิกายน 2569" once formatted. */
export function privacyVersionDay(version: string): Date {
  return new Date(`${version}T00:00:00+07:00`);
}
