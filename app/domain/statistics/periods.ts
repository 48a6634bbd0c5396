import { DomainError } from "~/domain/errors";
import { bangkokDate, startOfBangkokDay } from "~/lib/bangkok-date";

/**
 * The statistics periods (spec section 9: all, week 7 days, month 30 days, year 1 year) of the
 * tailor's statistics and the admin dashboard alike, counted in Bangkok calendar days so
 * "this week" means the same to everyone as the dates on the page. Pure.
 *
 * - week: today and the 6 days before it (7 daily buckets)
 * - month: today and the 29 days before it (30 daily buckets)
 * - year: this month and the 11 months before it (12 monthly buckets)
 * - all: no lower bound; monthly buckets from the first order's month to this month
 */

export const PERIODS = ["all", "week", "month", "year"] as const;
export type Period = (typeof PERIODS)[number];

export const PERIOD_LABELS: Record<Period, string> = {
  all: "ทั้งหมด",
  week: "7 วันล่าสุด",
  month: "30 วันล่าสุด",
  year: "12 เดือนล่าสุด",
};
/** The filter's buttons. */
export const PERIOD_SHORT_LABELS: Record<Period, string> = {
  all: "ทั้งหมด",
  week: "7 วัน",
  month: "30 วัน",
  year: "12 เดือน",
};

const DAY_MS = 24 * 60 * 60 * 1000;

export function isPeriod(value: unknown): value is Period {
  return typeof value === "string" && (PERIODS as readonly string[]).includes(value);
}

/** The period of ?period= (missing or empty: all). Anything else is refused. */
export function parsePeriod(value: string | null | undefined): Period {
  if (value === null || value === undefined || value === "") return "all";
  if (isPeriod(value)) return value;
  throw new DomainError("bad_input", "ช่วงเวลาไม่ถูกต้อง (ใช้ได้: all, week, month, year)");
}

export interface PeriodWindow {
  period: Period;
  granularity: "day" | "month";
  /** First instant counted (UTC), or null for all time. */
  since: Date | null;
}

export { bangkokDate, startOfBangkokDay };

function addDays(ymd: string, days: number): string {
  return new Date(Date.parse(`${ymd}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function addMonths(ymd: string, months: number): string {
  const [year, month] = ymd.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 10);
}

const monthOf = (ymd: string) => `${ymd.slice(0, 7)}-01`;

/** Days for the short periods, months for a year or all time. */
export function granularityOf(period: Period): "day" | "month" {
  return period === "week" || period === "month" ? "day" : "month";
}

export function periodWindow(period: Period, now: Date): PeriodWindow {
  const today = bangkokDate(now);
  const granularity = granularityOf(period);
  switch (period) {
    case "week":
      return { period, granularity, since: startOfBangkokDay(addDays(today, -6)) };
    case "month":
      return { period, granularity, since: startOfBangkokDay(addDays(today, -29)) };
    case "year":
      return { period, granularity, since: startOfBangkokDay(addMonths(monthOf(today), -11)) };
    case "all":
      return { period, granularity, since: null };
  }
}

/**
 * Every bucket of the window up to today, oldest first ("YYYY-MM-DD" of its first day).
 * For all time, `firstOrder` (the earliest order counted) sets where it starts.
 */
export function bucketsOf(window: PeriodWindow, now: Date, firstOrder: Date | null): string[] {
  const today = bangkokDate(now);
  const buckets: string[] = [];
  if (window.granularity === "day") {
    for (let day = bangkokDate(window.since!); day <= today; day = addDays(day, 1)) buckets.push(day);
    return buckets;
  }
  const first = window.since ? bangkokDate(window.since) : firstOrder ? bangkokDate(firstOrder) : today;
  for (let month = monthOf(first); month <= today; month = addMonths(month, 1)) buckets.push(month);
  return buckets;
}

export interface TrendPoint {
  /** YYYY-MM-DD in Bangkok: the day, or the first of the month for monthly buckets. */
  date: string;
  orderCount: number;
  revenue: number;
}

/** Puts the database's rows into every bucket; empty buckets are zero. */
export function fillBuckets(
  buckets: readonly string[],
  rows: readonly { bucket: string; orderCount: number; revenue: number }[],
): TrendPoint[] {
  const byBucket = new Map(rows.map((row) => [row.bucket, row]));
  return buckets.map((date) => ({
    date,
    orderCount: byBucket.get(date)?.orderCount ?? 0,
    revenue: byBucket.get(date)?.revenue ?? 0,
  }));
}
