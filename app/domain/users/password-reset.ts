/**
 * "Forgot password": what the pages, the e-mail and the LINE message say. Pure: shared by the
 * server and the pages.
 */

/** How long a link holds. */
export const RESET_LINK_MINUTES = 60;

export const RESET_MESSAGES = {
  /** The one answer to every request, whether the e-mail has an account or not. */
  sent: `ถ้าอีเมลนี้มีบัญชีกับร้าน เราได้ส่งลิงก์สำหรับตั้งรหัสผ่านใหม่ไปให้แล้ว ลิงก์ใช้ได้ครั้งเดียวภายใน ${RESET_LINK_MINUTES} นาที`,
  sentNotice: "ส่งคำขอตั้งรหัสผ่านใหม่แล้ว",
  unknown: "ลิงก์ตั้งรหัสผ่านใหม่นี้ไม่ถูกต้อง กรุณาขอลิงก์ใหม่",
  expired: `ลิงก์ตั้งรหัสผ่านใหม่นี้หมดอายุแล้ว (ใช้ได้ ${RESET_LINK_MINUTES} นาที) กรุณาขอลิงก์ใหม่`,
  used: "ลิงก์ตั้งรหัสผ่านใหม่นี้ถูกใช้ไปแล้ว กรุณาขอลิงก์ใหม่",
  inactive: "บัญชีนี้ถูกระงับการใช้งาน กรุณาติดต่อผู้ดูแลระบบ",
  done: "ตั้งรหัสผ่านใหม่เรียบร้อยแล้ว กรุณาเข้าสู่ระบบด้วยรหัสผ่านใหม่",
} as const;

/** A request refused by a limit, with the real wait in whole minutes (at least one). */
export function tooManyResetRequests(retryAfterSeconds: number): string {
  return `ขอลิงก์ตั้งรหัสผ่านใหม่บ่อยเกินไป กรุณารอ ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} นาทีแล้วลองใหม่`;
}

/** Why a link cannot set a password (null: it can). */
export type ResetLinkProblem = "unknown" | "expired" | "used" | "inactive";
