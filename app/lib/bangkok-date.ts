/**
 * Thailand's calendar, the one reading of it (Asia/Bangkok is UTC+7 all year: no daylight saving).
 * Days are "YYYY-MM-DD" strings in the Gregorian calendar; pages show them in the Buddhist era
 * through app/lib/format.ts.
 */

const OFFSET_MS = 7 * 60 * 60 * 1000;

/** The Bangkok calendar date of an instant (now, when none is given), as "YYYY-MM-DD". */
export function bangkokDate(instant: Date = new Date()): string {
  return new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant Bangkok's day `ymd` begins. */
export function startOfBangkokDay(ymd: string): Date {
  return new Date(Date.parse(`${ymd}T00:00:00Z`) - OFFSET_MS);
}
