/**
 * Dates of birth and today's date in Thailand, without zod: pages import these for their date
 * fields (min and max) and load the form rules (validation.ts) only when someone starts typing.
 */

import { bangkokDate } from "~/lib/bangkok-date";

/** Today in Thailand as YYYY-MM-DD: a birthday may be today, never later. */
export const todayInBangkok = bangkokDate;

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
