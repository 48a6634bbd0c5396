/**
 * The shop's accounts in words, for the admin's pages and the user form (pure, no zod: every
 * admin page shows roles and statuses, and only the user form needs its rules, in user-form.ts).
 */

export const ROLES = ["user", "merchant", "admin"] as const;
export const USER_STATUSES = ["active", "inactive", "pending"] as const;
export type AdminRole = (typeof ROLES)[number];
export type AdminUserStatus = (typeof USER_STATUSES)[number];

export const REQUIRED_MESSAGE = "กรุณากรอกข้อมูลที่จำเป็น (ชื่อ, อีเมล, รหัสผ่าน)";
/** On edit the password is optional (blank keeps it), so the message does not ask for it. */
export const EDIT_REQUIRED_MESSAGE = "กรุณากรอกข้อมูลที่จำเป็น (ชื่อ, อีเมล)";
/**
 * The page's form says the spec's message once, above the fields, and beside each empty field
 * only what that field needs (the JSON calls answer with the one message).
 */
export const FIELD_REQUIRED = {
  name: "กรุณากรอกชื่อ-นามสกุล",
  email: "กรุณากรอกอีเมล",
  password: "กรุณากรอกรหัสผ่าน",
} as const;
export const PASSWORD_HINT = "เว้นว่างไว้หากไม่ต้องการเปลี่ยน";

export const ROLE_LABELS: Record<AdminRole, string> = { user: "ผู้ใช้", merchant: "ร้านค้า", admin: "ผู้ดูแลระบบ" };
export const STATUS_LABELS: Record<AdminUserStatus, string> = {
  active: "ใช้งาน",
  inactive: "ไม่ใช้งาน",
  pending: "รอดำเนินการ",
};

/** The form's one summary for empty required fields (the spec's message; on edit without the password), or null. */
export function requiredSummary(
  mode: "create" | "update",
  errors: Record<string, string[] | undefined>,
): string | null {
  const missing = (["name", "email", "password"] as const).some((name) => errors[name]?.includes(FIELD_REQUIRED[name]));
  if (!missing) return null;
  return mode === "create" ? REQUIRED_MESSAGE : EDIT_REQUIRED_MESSAGE;
}
