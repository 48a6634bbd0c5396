import { compose } from "~/domain/designer/compose";
import { compositionSvg } from "~/domain/designer/preview-svg";
import { choiceOf, type Overrides, shirtLabel } from "~/domain/designer/selection";
import { designForPreview } from "~/domain/designs/designs.server";
import { idOf } from "~/http/params";
import { methodNotAllowed } from "~/http/responses.server";
import { svgResponse } from "~/http/svg-response.server";
import type { Route } from "./+types/api.design-preview";

/** GET /api/designs/{id}/preview.svg: the server's drawing of a design from its parts. */
export async function loader({ params }: Route.LoaderArgs) {
  const id = idOf(params.id);
  const design = id && (await designForPreview(id));
  if (!design)
    return new Response("ไม่พบแบบเสื้อ", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const choice = choiceOf(design);
  const svg = compositionSvg(compose(choice, { canvas: "wide", overrides: (design.layout ?? {}) as Overrides }), {
    background: "#ffffff",
    title: shirtLabel(choice),
  });
  // Parts of a design can change when its tailor edits it: cache briefly.
  return svgResponse(svg, "public, max-age=60");
}

/** Only GET: anything else gets a Thai 405. */
export function action() {
  return methodNotAllowed(["GET"]);
}
