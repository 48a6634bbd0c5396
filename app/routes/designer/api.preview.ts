import { compose } from "~/domain/designer/compose";
import { compositionSvg } from "~/domain/designer/preview-svg";
import { choiceFromSearch, shirtLabel } from "~/domain/designer/selection";
import { overridesSchema } from "~/domain/designs/payloads";
import { methodNotAllowed } from "~/http/responses.server";
import { svgResponse } from "~/http/svg-response.server";
import type { Route } from "./+types/api.preview";

/**
 * GET /api/designer/preview.svg?shirt=...&neck=...[&canvas=narrow][&layout=json]: the designer's
 * preview drawn by the server, so the page shows the shirt before (or without) any script.
 */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const choice = choiceFromSearch(params);
  let overrides = {};
  try {
    const parsed = overridesSchema.safeParse(JSON.parse(params.get("layout") || "{}"));
    if (parsed.success) overrides = parsed.data;
  } catch {
    // A broken layout parameter draws the design as laid out.
  }
  const canvas = params.get("canvas") === "narrow" ? "narrow" : "wide";
  const svg = compositionSvg(compose(choice, { canvas, overrides }), { title: shirtLabel(choice) });
  return svgResponse(svg, "public, max-age=86400");
}

/** Only GET: anything else gets a Thai 405. */
export function action() {
  return methodNotAllowed(["GET"]);
}
