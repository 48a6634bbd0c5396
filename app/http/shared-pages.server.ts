import { createHash } from "node:crypto";
import fresh from "fresh";
import { isVisitorRequest } from "./headers.server";

/**
 * A visitor's page is the same for every visitor, so a browser or a proxy may store it, on
 * condition that it asks again before each use (`no-cache`) with the page's `ETag`: an unchanged
 * page then costs a `304` with no body, which on a slow connection is most of the wait. The tag is
 * the page's own bytes, hashed, so a page that changed (its data, or the shop's build after an
 * upgrade) is sent whole again. An answer to a request that carries any cookie is never one of
 * these: it is `private, no-store` (headers.server.ts), and `Vary: Cookie` tells a shared cache
 * that a visitor's page is not theirs.
 */

const SHARED_PAGE_CACHING = "no-cache";

/** Whether a drawn page is a visitor's, to be shared: a visitor's GET (isVisitorRequest) answered 200, setting no cookie, with no caching of its own. */
export function isSharedPage(request: Request, status: number, headers: Headers): boolean {
  return (
    request.method === "GET" &&
    isVisitorRequest(request) &&
    status === 200 &&
    !headers.has("Set-Cookie") &&
    !headers.has("Cache-Control")
  );
}

/** Marks a visitor's page with its tag and caching (the headers are the page's own, changed in place). */
export function markSharedPage(headers: Headers, html: Buffer): void {
  headers.set("ETag", `"${createHash("sha256").update(html).digest("base64url").slice(0, 32)}"`);
  headers.set("Cache-Control", SHARED_PAGE_CACHING);
  headers.append("Vary", "Cookie");
}

/** Whether an answer is a whole visitor's page marked by markSharedPage: 200, its tag and caching, no cookie set. */
export function isMarkedSharedPage(response: Response): boolean {
  return (
    response.status === 200 &&
    response.body !== null &&
    response.headers.has("ETag") &&
    response.headers.get("Cache-Control") === SHARED_PAGE_CACHING &&
    !response.headers.has("Set-Cookie")
  );
}

/** `304 Not Modified` when the client holds this very page (If-None-Match), or null. */
export function notModified(request: Request, headers: Headers): Response | null {
  const etag = headers.get("ETag");
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (!etag || !ifNoneMatch || !fresh({ "if-none-match": ifNoneMatch }, { etag })) return null;
  const kept = new Headers();
  for (const name of ["ETag", "Cache-Control", "Vary", "Content-Security-Policy"]) {
    const value = headers.get(name);
    if (value !== null) kept.set(name, value);
  }
  kept.append("Vary", "Accept-Encoding");
  return new Response(null, { status: 304, headers: kept });
}
