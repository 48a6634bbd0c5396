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

/** The date of birth's messages: the spec's two (section 5), and the calendar's own bounds. */
export const DOB_MESSAGES = {
  required: "กรุณาเลือกวันเกิด",
  notReal: "กรุณาเลือกวันเกิดที่มีอยู่จริง",
  tooEarly: "วันเกิดต้องไม่ก่อนวันที่ 1 มกราคม พ.ศ. 2443 (ค.ศ. 1900)",
  future: "วันเกิดต้องไม่เป็นวันที่ในอนาคต",
} as const;

/** The earliest date of birth taken: anything older is a typing slip (and year 0 cannot be stored at all). */
export const EARLIEST_DOB = "1900-01-01";

/** True when YYYY-MM-DD names a day the calendar has: 2024-02-31 does not roll over into March. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0 to 99 as 1900 to 1999.
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** What is wrong with a date of birth (the first thing only), or null. An empty one is left to `min(1)`. */
export function dobProblem(value: string, today = todayInBangkok()): string | null {
  if (value === "") return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return DOB_MESSAGES.required;
  if (value < EARLIEST_DOB) return DOB_MESSAGES.tooEarly;
  if (!isCalendarDate(value)) return DOB_MESSAGES.notReal;
  // Both are YYYY-MM-DD: as strings they sort as the dates do.
  if (value > today) return DOB_MESSAGES.future;
  return null;
}

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
  .refine((values) => values.password === values.confirmPassword, {
    message: "รหัสผ่านไม่ตรงกัน",
    path: ["confirmPassword"],
  });

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
