import { z } from "zod";
import { DOB_MESSAGES, dobProblem } from "./birth-dates";

export { DOB_MESSAGES, dobProblem, EARLIEST_DOB, isCalendarDate, todayInBangkok } from "./birth-dates";

/**
 * The account forms' rules and their exact Thai messages (spec section 5). Pure: the same
 * schemas check the form in the browser and on the server.
 */

const PHONE = /^\d{10}$/;

const email = z
  .string({ error: "กรุณากรอกอีเมล" })
  .trim()
  .min(1, "กรุณากรอกอีเมล")
  .max(254, "รูปแบบอีเมลไม่ถูกต้อง")
  .pipe(z.email("รูปแบบอีเมลไม่ถูกต้อง"))
  .transform((value) => value.toLowerCase());

const password = z
  .string({ error: "กรุณากรอกรหัสผ่าน" })
  .min(1, "กรุณากรอกรหัสผ่าน")
  .min(8, "รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร")
  .max(200, "รหัสผ่านยาวเกินไป");

const name = z.string({ error: "กรุณากรอกชื่อ-นามสกุล" }).trim().min(1, "กรุณากรอกชื่อ-นามสกุล").max(120, "ชื่อยาวเกินไป");

const phone = z
  .string({ error: "กรุณากรอกเบอร์โทรศัพท์" })
  .trim()
  .min(1, "กรุณากรอกเบอร์โทรศัพท์")
  .regex(PHONE, "กรุณากรอกเบอร์โทรศัพท์ให้ถูกต้อง 10 หลัก");

/**
 * A date of birth: a real calendar day from 1 January 1900 to today in Thailand. Registration
 * and profile edit share it (the spec gives the profile only "required"; a date PostgreSQL
 * cannot store, such as year 0, was a 500 there). One message at a time.
 */
const dob = z
  .string({ error: DOB_MESSAGES.required })
  .trim()
  .min(1, DOB_MESSAGES.required)
  .superRefine((value, context) => {
    const problem = dobProblem(value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "ข้อความยาวเกินไป")
    .optional()
    .transform((value) => (value ? value : undefined));

export const LoginSchema = z.object({
  email,
  password,
  redirectTo: z.string().optional(),
});

const confirmPassword = z.string({ error: "กรุณายืนยันรหัสผ่าน" }).min(1, "กรุณายืนยันรหัสผ่าน");

/** The confirmation equals the password: sign-up's rule, and setting a new password's. */
const samePasswords = {
  message: "รหัสผ่านไม่ตรงกัน",
  path: ["confirmPassword"],
  // Checked even when other fields fail, so every message shows at once (zod skips it otherwise).
  // Only when both were typed: a missing one already has its own message.
  when: ({ value }: { value: unknown }) => {
    const { password, confirmPassword } = (value ?? {}) as { password?: unknown; confirmPassword?: unknown };
    return typeof password === "string" && typeof confirmPassword === "string" && confirmPassword !== "";
  },
};

export const RegisterSchema = z
  .object({
    email,
    password,
    confirmPassword,
    name,
    address: optionalText(500),
    phone,
    dob,
    lineId: optionalText(100),
    facebookName: optionalText(120),
  })
  .refine((values) => values.password === values.confirmPassword, samePasswords);

/** "Forgot password": the e-mail of the account (checked as sign-up checks it). */
export const ForgotPasswordSchema = z.object({ email });

/** Closing one's account (/profile/delete): confirmed with the account's password. */
export const CloseAccountSchema = z.object({
  password: z.string({ error: "กรุณากรอกรหัสผ่านเพื่อยืนยัน" }).min(1, "กรุณากรอกรหัสผ่านเพื่อยืนยัน"),
});

/** A new password from a "forgot password" link: sign-up's rules for the password and its confirmation. */
export const ResetPasswordSchema = z
  .object({ password, confirmPassword })
  .refine((values) => values.password === values.confirmPassword, samePasswords);

export const ProfileSchema = z.object({
  email,
  name,
  phone: z.string({ error: "กรุณากรอกเบอร์โทรศัพท์" }).trim().min(1, "กรุณากรอกเบอร์โทรศัพท์").max(20, "เบอร์โทรศัพท์ยาวเกินไป"),
  dob,
  gender: z.enum(["MALE", "FEMALE"], { error: "กรุณาเลือกเพศ" }).optional(),
  address: optionalText(500),
  lineId: optionalText(100),
  facebookName: optionalText(120),
});

export type RegisterInput = z.infer<typeof RegisterSchema>;
export type ProfileInput = z.infer<typeof ProfileSchema>;
