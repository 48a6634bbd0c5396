/**
 * What the shop's charts show, as plain serialisable data. Pure: the server renders a spec
 * to SVG (render.server.tsx) and the browser, on demand, to an interactive nivo chart.
 */

/** One bucket of a sales trend: date is the bucket's first day, "YYYY-MM-DD" (Bangkok). */
export interface SalesTrendPoint {
  date: string;
  orderCount: number;
  revenue: number;
}

/** A design among the most ordered. */
export interface TopDesignBar {
  id: number;
  /** Short name shown on the axis, e.g. the base shirt's Thai name. */
  label: string;
  orderCount: number;
  totalRevenue: number;
}

export type TrendGranularity = "day" | "month";
export type ChartMetric = "orderCount" | "revenue";

export type ChartSpec =
  | { kind: "trend"; metric: ChartMetric; granularity: TrendGranularity; points: SalesTrendPoint[] }
  | { kind: "topDesigns"; metric: ChartMetric; designs: TopDesignBar[] };

/** Where the server's drawing of a chart is, for a narrow (phone) and a wide layout. */
export interface ChartImages {
  narrow: string;
  wide: string;
}

/** A spec and the addresses of its server-drawn SVG (chart-image.server.ts). */
export interface RenderedChart {
  spec: ChartSpec;
  image: ChartImages;
}

export type ChartSize = keyof typeof CHART_SIZES;

export const CHART_SIZES = {
  narrow: { width: 340, height: 220 },
  wide: { width: 560, height: 260 },
} as const;

export const CHART_COLOURS = { orderCount: "#1f2a5a", revenue: "#c8962e" } as const;

export const METRIC_LABELS: Record<ChartMetric, string> = { orderCount: "จำนวนคำสั่งซื้อ", revenue: "รายได้ (บาท)" };

const dayLabel = new Intl.DateTimeFormat("th-TH-u-ca-buddhist", { day: "numeric", month: "short", timeZone: "UTC" });
const monthLabel = new Intl.DateTimeFormat("th-TH-u-ca-buddhist", { month: "short", year: "2-digit", timeZone: "UTC" });

/** "2026-11-22" → "22 พ.ย." (day) or "พ.ย. 69" (month). Bucket dates are calendar dates, read as UTC. */
export function bucketLabel(date: string, granularity: TrendGranularity): string {
  const value = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return granularity === "day" ? dayLabel.format(value) : monthLabel.format(value);
}

const graphemes = new Intl.Segmenter("th", { granularity: "grapheme" });

/** Shortens long Thai names for an axis, never splitting a letter from its vowel or tone marks. */
export function shortLabel(text: string, max = 14): string {
  const letters = Array.from(graphemes.segment(text), (part) => part.segment);
  return letters.length > max ? `${letters.slice(0, max - 1).join("")}…` : text;
}

/** At most this many ticks on a narrow axis: every n-th label. */
export function tickEvery(count: number, maxTicks: number): number {
  return Math.max(1, Math.ceil(count / maxTicks));
}

/** Axis ticks for whole numbers (order counts): 0 up to the top, at most `maxTicks` + 1 of them. */
export function wholeTicks(max: number, maxTicks = 4): number[] {
  const top = Math.max(1, Math.ceil(max));
  const step = Math.max(1, Math.ceil(top / maxTicks));
  const ticks: number[] = [];
  for (let value = 0; value <= top; value += step) ticks.push(value);
  if (ticks[ticks.length - 1]! < top) ticks.push(ticks[ticks.length - 1]! + step);
  return ticks;
}

/** A one-sentence summary for screen readers (the chart's accessible name). */
export function describeChart(spec: ChartSpec): string {
  const metric = METRIC_LABELS[spec.metric];
  if (spec.kind === "trend") {
    const total = spec.points.reduce((sum, point) => sum + point[spec.metric], 0);
    return `กราฟเส้น${metric} ${spec.points.length} ช่วงเวลา รวม ${total.toLocaleString("th-TH")}`;
  }
  const names = spec.designs.map((design) => design.label).join(", ");
  return `กราฟแท่ง${metric}ของแบบเสื้อยอดนิยม: ${names || "ไม่มีข้อมูล"}`;
}
