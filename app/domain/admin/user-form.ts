import { z } from "zod";

/**
 * The admin's user form (spec sections 2 and 5): name and email required, password only when
 * creating (blank keeps it on edit), roles as a set, status one of three. Pure: the page (its
 * form in the browser and its action), the JSON calls and the tests share it.
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

const text = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => (value ? value : null));

/** One value or several (a form sends one `roles` field per ticked box; JSON sends a list). */
const roleList = z.preprocess(
  (value) => (value === undefined || value === null ? undefined : Array.isArray(value) ? value : [value]),
  z.array(z.enum(ROLES, { error: "บทบาทไม่ถูกต้อง" }), { error: "บทบาทไม่ถูกต้อง" }).min(1, "กรุณาเลือกบทบาทอย่างน้อยหนึ่งบทบาท"),
);

const nameField = (required: string) => z.string({ error: required }).trim().min(1, required).max(120, "ชื่อยาวเกินไป");
const emailField = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(254, "รูปแบบอีเมลไม่ถูกต้อง")
    .pipe(z.email("รูปแบบอีเมลไม่ถูกต้อง"))
    .transform((value) => value.toLowerCase());
const newPassword = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .pipe(z.string().min(8, "รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร").max(200, "รหัสผ่านยาวเกินไป"));

const UserFields = z.object({
  name: nameField(REQUIRED_MESSAGE),
  email: emailField(REQUIRED_MESSAGE),
  phone: text(20, "เบอร์โทรศัพท์ยาวเกินไป").refine(
    (value) => value === null || /^\d{10}$/.test(value),
    "กรุณากรอกเบอร์โทรศัพท์ให้ถูกต้อง 10 หลัก",
  ),
  address: text(500, "ที่อยู่ยาวเกินไป"),
  roles: roleList.default(["user"]),
  status: z.enum(USER_STATUSES, { error: "สถานะไม่ถูกต้อง" }).default("active"),
});

export const CreateUserSchema = UserFields.extend({ password: newPassword(REQUIRED_MESSAGE) });

/** On edit a blank password keeps the old one, and roles or status left out stay as they are. */
export const EditUserSchema = UserFields.extend({
  name: nameField(EDIT_REQUIRED_MESSAGE),
  email: emailField(EDIT_REQUIRED_MESSAGE),
  roles: roleList.optional(),
  status: z.enum(USER_STATUSES, { error: "สถานะไม่ถูกต้อง" }).optional(),
  password: z
    .string()
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || value.length >= 8, "รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร")
    .refine((value) => value === null || value.length <= 200, "รหัสผ่านยาวเกินไป"),
});

/** The page's form: a form with no box ticked sends no `roles` at all, which there means none (an error). */
export const CreateUserFormSchema = CreateUserSchema.extend({
  name: nameField(FIELD_REQUIRED.name),
  email: emailField(FIELD_REQUIRED.email),
  password: newPassword(FIELD_REQUIRED.password),
  roles: roleList,
});
export const EditUserFormSchema = EditUserSchema.extend({
  name: nameField(FIELD_REQUIRED.name),
  email: emailField(FIELD_REQUIRED.email),
  roles: roleList,
});

/** The form's one summary for empty required fields (the spec's message; on edit without the password), or null. */
export function requiredSummary(
  mode: "create" | "update",
  errors: Record<string, string[] | undefined>,
): string | null {
  const missing = (["name", "email", "password"] as const).some((name) => errors[name]?.includes(FIELD_REQUIRED[name]));
  if (!missing) return null;
  return mode === "create" ? REQUIRED_MESSAGE : EDIT_REQUIRED_MESSAGE;
}

export type CreateUserInput = z.output<typeof CreateUserSchema>;
export type EditUserInput = z.output<typeof EditUserSchema>;
