import { renderToStaticMarkup } from "react-dom/server";
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

/** nivo's fixed-size SVG, given a viewBox so CSS can scale it to its box. */
function drawSvg(spec: ChartSpec, size: { width: number; height: number }): string {
  const markup = renderToStaticMarkup(<NivoChart spec={spec} size={size} interactive={false} />);
  return markup.replace(
    "<svg ",
    `<svg viewBox="0 0 ${size.width} ${size.height}" preserveAspectRatio="xMidYMid meet" `,
  );
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
