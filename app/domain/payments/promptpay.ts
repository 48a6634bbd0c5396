/**
 * A tailor's PromptPay account (issue 21): where customers pay. The id is a Thai mobile number
 * (10 digits, 06, 08 or 09) or a 13-digit citizen or tax id, whose last digit checks the other
 * twelve; the name is what the customer sees before paying, to know whom they pay. Pure: shared
 * by the tailor's form (server and browser) and the payment page; the form's rules, with zod,
 * are in promptpay-form.ts.
 */

export const PROMPTPAY_MESSAGES = {
  idRequired: "กรุณากรอกหมายเลขพร้อมเพย์",
  nameRequired: "กรุณากรอกชื่อบัญชีพร้อมเพย์ที่ลูกค้าจะเห็น",
  idFormat: "หมายเลขพร้อมเพย์ต้องเป็นเบอร์มือถือ 10 หลัก (ขึ้นต้นด้วย 06, 08 หรือ 09) หรือเลขประจำตัวประชาชน/เลขผู้เสียภาษี 13 หลัก",
  idCheckDigit: "เลขประจำตัว 13 หลักไม่ถูกต้อง กรุณาตรวจสอบอีกครั้ง",
  nameTooLong: "ชื่อบัญชียาวเกิน 100 ตัวอักษร",
  saved: "บันทึกบัญชีพร้อมเพย์เรียบร้อยแล้ว",
  removed: "นำบัญชีพร้อมเพย์ออกแล้ว ลูกค้าจะไม่เห็นคิวอาร์โค้ดสำหรับชำระเงิน",
} as const;

export const PROMPTPAY_NAME_MAX = 100;

/** The digits of what was typed: spaces and dashes, as people write numbers, are dropped. */
export function promptPayDigits(input: string): string {
  return input.replace(/[\s-]/g, "");
}

/** A Thai citizen or tax id's check: the 13th digit from the first twelve (weights 13 down to 2). */
export function thirteenDigitIdIsValid(digits: string): boolean {
  if (!/^\d{13}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < 12; index += 1) sum += Number(digits[index]) * (13 - index);
  return (11 - (sum % 11)) % 10 === Number(digits[12]);
}

export type PromptPayIdProblem = "format" | "checkDigit" | null;

/** What is wrong with an id (digits only), or null. */
export function promptPayIdProblem(digits: string): PromptPayIdProblem {
  if (/^0[689]\d{8}$/.test(digits)) return null;
  if (/^\d{13}$/.test(digits)) return thirteenDigitIdIsValid(digits) ? null : "checkDigit";
  return "format";
}

/** How the id is shown: 081-234-5678, or 1-2345-67890-12-3 as on a Thai id card. */
export function formatPromptPayId(digits: string): string {
  if (digits.length === 10) return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
  if (digits.length === 13)
    return `${digits[0]}-${digits.slice(1, 5)}-${digits.slice(5, 10)}-${digits.slice(10, 12)}-${digits[12]}`;
  return digits;
}
