/**
 * A day as Thai people write it: day/month/Buddhist-era year ("28/11/2569"), for date filters
 * that are plain text fields (a browser's own date field shows the browser's format, often
 * mm/dd/yyyy with a Christian-era year, and cannot be told otherwise). Pure.
 */

const BUDDHIST_ERA_OFFSET = 543;
const THAI_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * "28/11/2569" (or "2026-11-28", as older links and the CSV link carry it) → "2026-11-28"; null
 * for anything that is not a real calendar day. A four-digit year from 2400 is Buddhist era.
 */
export function parseThaiDay(text: string | null | undefined): string | null {
  const value = (text ?? "").trim();
  let year: number;
  let month: number;
  let day: number;
  const thai = THAI_DAY.exec(value);
  const iso = ISO_DAY.exec(value);
  if (thai) {
    [day, month, year] = [Number(thai[1]), Number(thai[2]), Number(thai[3])];
    if (year >= 2400) year -= BUDDHIST_ERA_OFFSET;
  } else if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else return null;
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** "2026-11-28" → "28/11/2569", as the field shows it. */
export function thaiDayText(isoDay: string | null | undefined): string {
  const match = ISO_DAY.exec(isoDay ?? "");
  if (!match) return "";
  return `${Number(match[3])}/${Number(match[2])}/${Number(match[1]) + BUDDHIST_ERA_OFFSET}`;
}

export const THAI_DAY_HINT = "วัน/เดือน/ปี พ.ศ. เช่น 28/11/2569";
export const THAI_DAY_INVALID = "วันที่ไม่ถูกต้อง กรุณากรอกเป็น วัน/เดือน/ปี พ.ศ. เช่น 28/11/2569";
