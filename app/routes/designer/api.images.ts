import { findPublicImage } from "~/domain/images/store.server";
import { idOf } from "~/http/params";
import { methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.images";

/**
 * GET /api/images/{id}: a stored image (design pictures, samples), cached long: an id's bytes never
 * change. A private image (a payment slip) is not found here: its order's own call serves it.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const id = idOf(params.id);
  const image = id !== null ? await findPublicImage(id) : null;
  if (!image)
    return new Response("ไม่พบรูปภาพ", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const etag = `"${image.sha256}"`;
  const headers = {
    "Content-Type": image.contentType,
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    "Access-Control-Allow-Origin": "*",
  };
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  return new Response(image.bytes, { headers });
}

/** Only GET: anything else gets a Thai 405. */
export function action() {
  return methodNotAllowed(["GET"]);
}
