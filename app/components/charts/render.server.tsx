import { renderToStaticMarkup } from "react-dom/server";
import { BoundedCache } from "~/lib/bounded-cache";
import { chartImages } from "./chart-image.server";
import {
  CHART_SIZES,
  type ChartMetric,
  type ChartSize,
  type ChartSpec,
  type RenderedChart,
  type SalesTrendPoint,
  type TopDesignBar,
  type TrendGranularity,
} from "./chart-spec";
import { NivoChart } from "./nivo-charts";

/**
 * Charts drawn on the server as SVG, so they read without JavaScript. A loader hands
 * salesTrendChart()/topDesignsChart() to <ChartFigure>, which shows the drawing as an image
 * (api.chart-image.ts draws it) and upgrades it to an interactive chart on demand.
 */
export function renderChart(spec: ChartSpec): RenderedChart {
  return { spec, image: chartImages(spec) };
}

/**
 * Charts drawn lately, by what they show: the same figures draw the same SVG, and drawing one
 * (nivo and react-spring on the server) costs more than the rest of the dashboard's page.
 */
const drawn = new BoundedCache<string>(64);

/** nivo's fixed-size SVG, given a viewBox so it scales to its box. */
export function drawChartSvg(spec: ChartSpec, sizeName: ChartSize): string {
  const size = CHART_SIZES[sizeName];
  const key = JSON.stringify([spec, sizeName]);
  const known = drawn.get(key);
  if (known !== undefined) return known;
  const html = renderToStaticMarkup(<NivoChart spec={spec} size={size} interactive={false} />);
  // nivo wraps its SVG in a <div>; an image is the SVG alone.
  const markup = html
    .slice(html.indexOf("<svg "), html.lastIndexOf("</svg>") + "</svg>".length)
    .replace("<svg ", `<svg viewBox="0 0 ${size.width} ${size.height}" preserveAspectRatio="xMidYMid meet" `);
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
