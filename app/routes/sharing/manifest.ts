import { webManifest } from "~/domain/sharing/manifest";
import { methodNotAllowed } from "~/http/responses.server";

/** GET /manifest.webmanifest: the installable shop's name, colours and icons (Thai). */
export function loader() {
  return new Response(JSON.stringify(webManifest()), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
}

/** Only GET: anything else gets a Thai 405. */
export function action() {
  return methodNotAllowed(["GET"]);
}
