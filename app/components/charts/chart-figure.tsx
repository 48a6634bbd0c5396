import { type ComponentType, useEffect, useRef, useState } from "react";
import { formatBaht, formatCount } from "~/lib/format";
import { bucketLabel, type ChartSpec, describeChart, METRIC_LABELS, type RenderedChart } from "./chart-spec";

/**
 * A chart as the server drew it (an SVG image, the phone's or the wide one, readable without
 * JavaScript), with its figures as a table. When someone points at it, the browser fetches nivo and swaps in the interactive
 * chart (tooltips).
 */
export function ChartFigure({ chart, title, caption }: { chart: RenderedChart; title: string; caption?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const Interactive = useInteractiveChart(box);
  const empty = isEmpty(chart.spec);
  return (
    <figure className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
      <figcaption className="mb-2">
        <span className="block font-semibold text-indigo-ink">{title}</span>
        {caption ? <span className="block text-sm text-stone-500">{caption}</span> : null}
      </figcaption>
      {empty ? (
        <p className="py-10 text-center text-stone-500">ยังไม่มีข้อมูลในช่วงเวลานี้</p>
      ) : (
        <div
          ref={box}
          className="h-[220px] sm:h-[260px]"
          data-testid="chart"
          data-interactive={Interactive ? "true" : undefined}
        >
          {Interactive ? (
            <Interactive spec={chart.spec} />
          ) : (
            <picture className="block h-full">
              <source media="(min-width: 640px)" srcSet={chart.image.wide} width={560} height={260} />
              <img
                src={chart.image.narrow}
                alt={describeChart(chart.spec)}
                width={340}
                height={220}
                loading="lazy"
                decoding="async"
                className="h-full w-full object-contain"
              />
            </picture>
          )}
        </div>
      )}
      {empty ? null : <ChartTable spec={chart.spec} />}
    </figure>
  );
}

function isEmpty(spec: ChartSpec): boolean {
  return spec.kind === "trend" ? spec.points.every((point) => point[spec.metric] === 0) : spec.designs.length === 0;
}

type InteractiveComponent = ComponentType<{ spec: ChartSpec }>;

/**
 * nivo (about 350 KB) comes only when someone reaches for a chart (pointer, touch or focus
 * on it), never on a data-saving connection: the server's drawing already tells everything.
 */
function useInteractiveChart(box: React.RefObject<HTMLDivElement | null>): InteractiveComponent | null {
  const [component, setComponent] = useState<InteractiveComponent | null>(null);
  useEffect(() => {
    const element = box.current;
    const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
    if (!element || connection?.saveData) return;
    let cancelled = false;
    const events = ["pointerenter", "touchstart", "focusin"] as const;
    const load = () => {
      for (const name of events) element.removeEventListener(name, load);
      import("./interactive-chart")
        .then((module) => {
          if (!cancelled) setComponent(() => module.default);
        })
        .catch(() => {
          // The server's drawing stays; nothing is lost.
        });
    };
    for (const name of events) element.addEventListener(name, load, { passive: true });
    return () => {
      cancelled = true;
      for (const name of events) element.removeEventListener(name, load);
    };
  }, [box]);
  return component;
}

/**
 * The figures a chart draws, as a table (the chart's text alternative, and its data without
 * JavaScript): one column, the chart's own measure. The orders chart and the revenue chart each
 * have theirs; both columns in both repeated every row of the page's longest tables.
 */
function ChartTable({ spec }: { spec: ChartSpec }) {
  const rows =
    spec.kind === "trend"
      ? spec.points.map((point) => ({
          key: point.date,
          name: bucketLabel(point.date, spec.granularity),
          value: point[spec.metric],
        }))
      : spec.designs.map((design) => ({
          key: String(design.id),
          name: `#${design.id} ${design.label}`,
          value: spec.metric === "revenue" ? design.totalRevenue : design.orderCount,
        }));
  const format = spec.metric === "revenue" ? formatBaht : formatCount;
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer py-3 text-indigo-ink underline-offset-2 hover:underline">
        ดูข้อมูลเป็นตาราง
      </summary>
      <div className="mt-2 max-h-72 overflow-auto">
        <table className="figure-table w-full text-left">
          <thead className="sticky top-0 bg-white text-stone-500">
            <tr>
              <th scope="col" className="pr-2">
                {spec.kind === "trend" ? "ช่วงเวลา" : "แบบเสื้อ"}
              </th>
              <th scope="col" className="text-right">
                {METRIC_LABELS[spec.metric]}
              </th>
            </tr>
          </thead>
          <tbody>
            {/* Cells styled from the table (app.css .figure-table), not each cell: a row per bucket of the chart. */}
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="pr-2">
                  {row.name}
                </th>
                <td>{format(row.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** Orders or revenue over time; `chart` from salesTrendChart() in the loader. */
export function SalesTrendChart({ chart, title, caption }: { chart: RenderedChart; title?: string; caption?: string }) {
  return <ChartFigure chart={chart} title={title ?? `แนวโน้ม${METRIC_LABELS[chart.spec.metric]}`} caption={caption} />;
}

/** The most ordered designs; `chart` from topDesignsChart() in the loader. */
export function TopDesignsChart({ chart, title, caption }: { chart: RenderedChart; title?: string; caption?: string }) {
  return <ChartFigure chart={chart} title={title ?? "แบบเสื้อยอดนิยม"} caption={caption} />;
}
