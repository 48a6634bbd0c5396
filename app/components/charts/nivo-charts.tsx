import { Bar, ResponsiveBar } from "@nivo/bar";
import { Line, ResponsiveLine } from "@nivo/line";
import {
  bucketLabel,
  CHART_COLOURS,
  type ChartSpec,
  describeChart,
  METRIC_LABELS,
  shortLabel,
  tickEvery,
  wholeTicks,
} from "./chart-spec";

/**
 * The nivo drawing of a chart spec. Fixed size (server SVG) or responsive (the browser's
 * interactive version, loaded on demand). Imported only by render.server.tsx and
 * interactive-chart.tsx, so pages that show charts do not ship nivo up front.
 */

export interface NivoChartProps {
  spec: ChartSpec;
  /** Fixed size for the server; omit to fill the parent (browser). */
  size?: { width: number; height: number };
  interactive: boolean;
}

const theme = {
  text: { fontFamily: "Sarabun, ui-sans-serif, system-ui, sans-serif", fontSize: 12, fill: "#44403c" },
  axis: { ticks: { text: { fontSize: 11, fill: "#57534e" } } },
  grid: { line: { stroke: "#e7e5e4" } },
  tooltip: { container: { fontFamily: "Sarabun, sans-serif", fontSize: 13 } },
};

const number = new Intl.NumberFormat("th-TH", { maximumFractionDigits: 2 });

export function NivoChart({ spec, size, interactive }: NivoChartProps) {
  const narrow = (size?.width ?? 640) < 480;
  return spec.kind === "trend" ? (
    <TrendLine spec={spec} size={size} interactive={interactive} narrow={narrow} />
  ) : (
    <TopBars spec={spec} size={size} interactive={interactive} narrow={narrow} />
  );
}

type TrendSpec = Extract<ChartSpec, { kind: "trend" }>;
type TopSpec = Extract<ChartSpec, { kind: "topDesigns" }>;

function TrendLine({
  spec,
  size,
  interactive,
  narrow,
}: {
  spec: TrendSpec;
  size?: NivoChartProps["size"];
  interactive: boolean;
  narrow: boolean;
}) {
  const labels = spec.points.map((point) => bucketLabel(point.date, spec.granularity));
  const every = tickEvery(labels.length, narrow ? 5 : 10);
  const top = Math.max(0, ...spec.points.map((point) => point[spec.metric]));
  // Order counts are whole numbers: no 0.5 on the axis.
  const counts = spec.metric === "orderCount" ? wholeTicks(top) : null;
  const props = {
    data: [
      {
        id: METRIC_LABELS[spec.metric],
        data: spec.points.map((point, index) => ({ x: labels[index]!, y: point[spec.metric] })),
      },
    ],
    margin: { top: 12, right: 28, bottom: 36, left: axisRoom(counts ? counts[counts.length - 1]! : niceTop(top)) },
    colors: [CHART_COLOURS[spec.metric]],
    theme,
    animate: false,
    isInteractive: interactive,
    useMesh: interactive,
    enableArea: true,
    areaOpacity: 0.08,
    pointSize: spec.points.length > 16 ? 4 : 7,
    pointColor: "#ffffff",
    pointBorderWidth: 2,
    pointBorderColor: { from: "seriesColor" },
    yScale: {
      type: "linear" as const,
      min: 0,
      max: counts ? counts[counts.length - 1]! : ("auto" as const),
      nice: !counts,
    },
    yFormat: (value: unknown) => number.format(Number(value)),
    gridYValues: counts ?? 4,
    axisLeft: { tickValues: counts ?? 4, format: (value: number) => number.format(value) },
    axisBottom: { tickValues: labels.filter((_, index) => index % every === 0), tickPadding: 6 },
    enableGridX: false,
    tooltip: ({ point }: { point: { data: { xFormatted: string | number; yFormatted: string | number } } }) => (
      <div data-testid="chart-tooltip" className="rounded-md bg-white px-2 py-1 text-sm shadow ring-1 ring-stone-200">
        <strong>{point.data.xFormatted}</strong> · {METRIC_LABELS[spec.metric]} {point.data.yFormatted}
      </div>
    ),
    role: "img",
    ariaLabel: describeChart(spec),
  };
  return size ? <Line {...props} width={size.width} height={size.height} /> : <ResponsiveLine {...props} />;
}

/**
 * Room left of the plot for the value axis: its widest label, the top of the scale, at about 7 px
 * a character (11 px Sarabun digits and commas), and the tick. A fixed margin cut the first digits
 * off a shop's ten years of orders (11,720) and revenue (15,000,000).
 */
function axisRoom(top: number): number {
  return Math.max(40, 16 + number.format(top).length * 7);
}

/** Where a "nice" linear scale over 0..max ends, near enough: max rounded up at its first digit. */
function niceTop(max: number): number {
  if (max <= 0) return 1;
  const unit = 10 ** Math.floor(Math.log10(max));
  return Math.ceil(max / unit) * unit;
}

function TopBars({
  spec,
  size,
  interactive,
  narrow,
}: {
  spec: TopSpec;
  size?: NivoChartProps["size"];
  interactive: boolean;
  narrow: boolean;
}) {
  const counts =
    spec.metric === "orderCount" ? wholeTicks(Math.max(0, ...spec.designs.map((design) => design.orderCount))) : null;
  // Horizontal bars, most ordered on top: nivo draws the first datum at the bottom.
  const data = [...spec.designs].reverse().map((design) => ({
    design: `#${design.id} ${shortLabel(design.label, narrow ? 12 : 22)}`,
    value: spec.metric === "revenue" ? design.totalRevenue : design.orderCount,
  }));
  const props = {
    data,
    keys: ["value"],
    indexBy: "design",
    layout: "horizontal" as const,
    margin: { top: 8, right: 24, bottom: 32, left: narrow ? 118 : 190 },
    padding: 0.3,
    colors: [CHART_COLOURS[spec.metric]],
    theme,
    animate: false,
    isInteractive: interactive,
    enableGridY: false,
    enableGridX: true,
    valueFormat: (value: number) => number.format(value),
    labelTextColor: "#ffffff",
    labelSkipWidth: 28,
    gridXValues: counts ?? 4,
    maxValue: counts ? counts[counts.length - 1]! : ("auto" as const),
    axisBottom: { tickValues: counts ?? 4, format: (value: number) => number.format(value) },
    axisLeft: { tickSize: 0, tickPadding: 8 },
    tooltipLabel: () => METRIC_LABELS[spec.metric],
    role: "img",
    ariaLabel: describeChart(spec),
  };
  return size ? <Bar {...props} width={size.width} height={size.height} /> : <ResponsiveBar {...props} />;
}
