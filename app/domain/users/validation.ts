import { z } from "zod";

/**
 * The account forms' rules and their exact Thai messages (spec section 5). Pure: the same
 * schemas check the form in the browser and on the server.
 */

const PHONE = /^\d{10}$/;

/** Today in Thailand as YYYY-MM-DD: a birthday may be today, never later. */
export function todayInBangkok(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(now);
}

const email = z.string({ error: "กรุณากรอกอีเมล" }).trim().min(1, "กรุณากรอกอีเมล").max(254, "รูปแบบอีเมลไม่ถูกต้อง").pipe(z.email("รูปแบบอีเมลไม่ถูกต้อง")).transform((value) => value.toLowerCase());

const password = z.string({ error: "กรุณากรอกรหัสผ่าน" }).min(1, "กรุณากรอกรหัสผ่าน").min(8, "รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร").max(200, "รหัสผ่านยาวเกินไป");

const name = z.string({ error: "กรุณากรอกชื่อ-นามสกุล" }).trim().min(1, "กรุณากรอกชื่อ-นามสกุล").max(120, "ชื่อยาวเกินไป");

const phone = z.string({ error: "กรุณากรอกเบอร์โทรศัพท์" }).trim().min(1, "กรุณากรอกเบอร์โทรศัพท์").regex(PHONE, "กรุณากรอกเบอร์โทรศัพท์ให้ถูกต้อง 10 หลัก");

const dob = z
  .string({ error: "กรุณาเลือกวันเกิด" })
  .trim()
  .min(1, "กรุณาเลือกวันเกิด")
  .regex(/^\d{4}-\d{2}-\d{2}$/, "กรุณาเลือกวันเกิด")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "กรุณาเลือกวันเกิด")
  .refine((value) => value <= todayInBangkok(), "วันเกิดต้องไม่เป็นวันที่ในอนาคต");

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

export const RegisterSchema = z
  .object({
    email,
    password,
    confirmPassword: z.string({ error: "กรุณายืนยันรหัสผ่าน" }).min(1, "กรุณายืนยันรหัสผ่าน"),
    name,
    address: optionalText(500),
    phone,
    dob,
    lineId: optionalText(100),
    facebookName: optionalText(120),
  })
  .refine((values) => values.password === values.confirmPassword, { message: "รหัสผ่านไม่ตรงกัน", path: ["confirmPassword"] });

export const ProfileSchema = z.object({
  email,
  name,
  phone: z.string({ error: "กรุณากรอกเบอร์โทรศัพท์" }).trim().min(1, "กรุณากรอกเบอร์โทรศัพท์").max(20, "เบอร์โทรศัพท์ยาวเกินไป"),
  dob: z.string({ error: "กรุณาเลือกวันเกิด" }).trim().min(1, "กรุณาเลือกวันเกิด").regex(/^\d{4}-\d{2}-\d{2}$/, "กรุณาเลือกวันเกิด").refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "กรุณาเลือกวันเกิด"),
  gender: z.enum(["MALE", "FEMALE"], { error: "กรุณาเลือกเพศ" }).optional(),
  address: optionalText(500),
  lineId: optionalText(100),
  facebookName: optionalText(120),
});

export type RegisterInput = z.infer<typeof RegisterSchema>;
export type ProfileInput = z.infer<typeof ProfileSchema>;

/** A place to go back to after logging in: only paths on this site. */
export function safeRedirect(target: unknown, fallback: string): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
}
