import { artworkSvg, cardSvg, normalizeHex } from "~/domain/designer/art";
import { findOption } from "~/domain/designer/selection";
import { methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.assets";

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * GET /api/assets/patterns/{sid}.svg[?fill=rrggbb][&view=card]: the catalogue artwork, drawn from
 * code, its cloth in the given colour (view=card: the picture for the option's card). The drawings never change under a URL, so they are cached for a year.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const match = /^patterns\/([a-z]+(?:\d+|_[a-z]+))\.svg$/.exec(params["*"] ?? "");
  const option = match ? findOption(match[1]) : undefined;
  if (!option)
    return new Response("ไม่พบไฟล์", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const query = new URL(request.url).searchParams;
  const fill = query.get("fill");
  const draw = query.get("view") === "card" ? cardSvg : artworkSvg;
  const svg = draw(option.sid, { fill: fill ? normalizeHex(`#${fill}`) : null, color: option.color });
  if (!svg) return new Response("ไม่พบไฟล์", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": IMMUTABLE,
      "Access-Control-Allow-Origin": "*",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}

/** Only GET: anything else gets a Thai 405. */
export function action() {
  return methodNotAllowed(["GET"]);
}
