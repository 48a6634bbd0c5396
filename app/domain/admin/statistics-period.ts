/**
 * The dashboard's period filter (spec section 9): all, week (7 days), month (30 days),
 * year (1 year), and the sales trend's buckets. Pure: shared by page, JSON call and tests.
 */

export const PERIODS = ["all", "week", "month", "year"] as const;
export type Period = (typeof PERIODS)[number];

export const PERIOD_LABELS: Record<Period, string> = { all: "ทั้งหมด", week: "7 วัน", month: "30 วัน", year: "1 ปี" };

const DAY = 24 * 60 * 60 * 1000;

export function isPeriod(value: unknown): value is Period {
  return typeof value === "string" && (PERIODS as readonly string[]).includes(value);
}

/** The first moment the period covers; null for all time. */
export function periodStart(period: Period, now = new Date()): Date | null {
  switch (period) {
    case "all":
      return null;
    case "week":
      return new Date(now.getTime() - 7 * DAY);
    case "month":
      return new Date(now.getTime() - 30 * DAY);
    case "year": {
      const start = new Date(now);
      start.setUTCFullYear(start.getUTCFullYear() - 1);
      return start;
    }
  }
}

/** Days for the short periods, months for a year or all time. */
export function trendUnit(period: Period): "day" | "month" {
  return period === "week" || period === "month" ? "day" : "month";
}

export interface TrendPoint {
  /** YYYY-MM-DD in Thai time; the first of the month for monthly buckets. */
  date: string;
  orderCount: number;
  revenue: number;
}

// Thailand keeps UTC+7 all year.
const BANGKOK_OFFSET = 7 * 60 * 60 * 1000;

function bucketOf(moment: Date, unit: "day" | "month"): string {
  const local = new Date(moment.getTime() + BANGKOK_OFFSET).toISOString().slice(0, 10);
  return unit === "day" ? local : `${local.slice(0, 7)}-01`;
}

function nextBucket(bucket: string, unit: "day" | "month"): string {
  const date = new Date(`${bucket}T00:00:00Z`);
  if (unit === "day") date.setUTCDate(date.getUTCDate() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 10);
}

/** Every bucket from the start (or the first point) to now, with zeros where nothing sold. */
export function fillTrend(points: TrendPoint[], unit: "day" | "month", start: Date | null, now = new Date()): TrendPoint[] {
  const first = start ? bucketOf(start, unit) : points[0]?.date;
  if (!first) return [];
  const last = bucketOf(now, unit);
  const byDate = new Map(points.map((point) => [point.date, point]));
  const filled: TrendPoint[] = [];
  // A bound on the loop keeps a strange first date from running away.
  for (let bucket = first, steps = 0; bucket <= last && steps < 2000; bucket = nextBucket(bucket, unit), steps++) {
    filled.push(byDate.get(bucket) ?? { date: bucket, orderCount: 0, revenue: 0 });
  }
  return filled;
}

/** Columns the dashboard's customer and tailor tables sort by. */
export const USER_SORTS = ["name", "orderedCount", "acceptedCount", "completedCount", "canceledCount", "totalSpending"] as const;
export const MERCHANT_SORTS = ["name", "orderedCount", "acceptedCount", "completedCount", "canceledCount", "totalRevenue"] as const;
export type UserSort = (typeof USER_SORTS)[number];
export type MerchantSort = (typeof MERCHANT_SORTS)[number];

export interface StatsSort<Key extends string> {
  key: Key;
  dir: "asc" | "desc";
}
