import { chartSpecOf } from "~/components/charts/chart-image.server";
import { drawChartSvg } from "~/components/charts/render.server";
import { methodNotAllowed } from "~/http/responses.server";
import { svgResponse } from "~/http/svg-response.server";
import type { Route } from "./+types/api.chart-image";

/**
 * GET /api/charts/chart.svg?d=…&s=…&w=narrow|wide: a chart of the statistics pages, drawn from the
 * figures its signed address carries (components/charts/chart-image.server.ts). The address changes
 * with the figures, so the browser may keep the image; privately, as the figures are a shop's own.
 */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const spec = chartSpecOf(params);
  if (!spec) return new Response("ไม่พบกราฟ", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const svg = drawChartSvg(spec, params.get("w") === "wide" ? "wide" : "narrow");
  return svgResponse(svg, "private, max-age=31536000, immutable");
}

/** Only GET: anything else gets a Thai 405. */
export function action() {
  return methodNotAllowed(["GET"]);
}
