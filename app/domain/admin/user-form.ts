import { z } from "zod";
import { EDIT_REQUIRED_MESSAGE, FIELD_REQUIRED, REQUIRED_MESSAGE, ROLES, USER_STATUSES } from "./user-labels";

/**
 * The admin's user form (spec sections 2 and 5): name and email required, password only when
 * creating (blank keeps it on edit), roles as a set, status one of three. Pure: the page (its
 * form in the browser, loaded on first use, and its action), the JSON calls and the tests share
 * it. Its words (roles, statuses, messages) are in user-labels.ts, which pages load without zod.
 */

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

export type CreateUserInput = z.output<typeof CreateUserSchema>;
export type EditUserInput = z.output<typeof EditUserSchema>;
