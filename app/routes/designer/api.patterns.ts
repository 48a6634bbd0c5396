import { patternRows } from "~/domain/catalogue/patterns";
import { jsonError, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.patterns";

/** GET /api/patterns/{kind}: the catalogue's options of one category. */
export function loader({ params }: Route.LoaderArgs) {
  const rows = patternRows(params.kind);
  if (!rows) return jsonError(404, "ไม่พบหมวดหมู่ลวดลายนี้");
  return Response.json(rows, { headers: { "Cache-Control": "public, max-age=300" } });
}

/** Only GET: anything else gets a Thai 405. */
export function action() {
  return methodNotAllowed(["GET"]);
}
