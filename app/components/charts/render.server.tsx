import { renderToStaticMarkup } from "react-dom/server";
import { BoundedCache } from "~/lib/bounded-cache";
import {
  CHART_SIZES,
  type ChartMetric,
  type ChartSpec,
  type RenderedChart,
  type SalesTrendPoint,
  type TopDesignBar,
  type TrendGranularity,
} from "./chart-spec";
import { NivoChart } from "./nivo-charts";

/**
 * Draws charts on the server as SVG, so they read without JavaScript. Call from a loader
 * and hand the result to <ChartFigure>, which upgrades it to an interactive chart on demand.
 */
export function renderChart(spec: ChartSpec): RenderedChart {
  return {
    spec,
    svg: {
      narrow: drawSvg(spec, CHART_SIZES.narrow),
      wide: drawSvg(spec, CHART_SIZES.wide),
    },
  };
}

/**
 * Charts drawn lately, by what they show: the same figures draw the same SVG, and drawing one
 * (nivo and react-spring on the server) cost more than the rest of the dashboard's page.
 */
const drawn = new BoundedCache<string>(64);

/** nivo's fixed-size SVG, given a viewBox so CSS can scale it to its box. */
function drawSvg(spec: ChartSpec, size: { width: number; height: number }): string {
  const key = JSON.stringify([spec, size]);
  const known = drawn.get(key);
  if (known !== undefined) return known;
  const markup = renderToStaticMarkup(<NivoChart spec={spec} size={size} interactive={false} />).replace(
    "<svg ",
    `<svg viewBox="0 0 ${size.width} ${size.height}" preserveAspectRatio="xMidYMid meet" `,
  );
  drawn.set(key, markup);
  return markup;
}

export function salesTrendChart(
  points: SalesTrendPoint[],
  granularity: TrendGranularity,
  metric: ChartMetric,
): RenderedChart {
  return renderChart({ kind: "trend", metric, granularity, points });
}

export function topDesignsChart(designs: TopDesignBar[], metric: ChartMetric): RenderedChart {
  return renderChart({ kind: "topDesigns", metric, designs });
}
