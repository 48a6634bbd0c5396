import { createHash } from "node:crypto";

/**
 * The security headers of the shop's answers. Pages get an enforced Content-Security-Policy that
 * names the hash of each script written into the page (entry.server.tsx); every answer, pages and
 * files alike, gets the rest (server/app.ts).
 */

/** Where LINE Login sends people to approve a link (a form may redirect there). */
const LINE_AUTH_ORIGIN = "https://access.line.me";

/**
 * The page's policy. Scripts run from the shop's own files ('self': the bundles, which no one
 * can upload to) and inline only when their hash is listed: the scripts React Router writes into
 * the page, hashed once it is drawn (`inlineScriptHashes`). A hash rather than a nonce: a visitor's
 * page is the same bytes for every visitor, so its ETag (app/http/shared-pages.server.ts) holds.
 * Its scripts talk to the shop alone, and to the origins its route declares (`connect`,
 * app/http/limits.ts: httpPolicy): the LIFF page's SDK, which starts inside LINE.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[], connect: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(" "),
    // Style attributes come from server-drawn SVG (charts, previews); no script can be injected through them.
    "style-src 'self' 'unsafe-inline'",
    // Canvas exports are data: and blob: URLs.
    "img-src 'self' data: blob:",
    "font-src 'self'",
    ["connect-src 'self'", ...connect].join(" "),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    `form-action 'self' ${LINE_AUTH_ORIGIN}`,
  ].join("; ");
}

const SCRIPT_OPEN = Buffer.from("<script");
const SCRIPT_CLOSE = Buffer.from("</script>");

/**
 * The CSP hash ("sha256-…") of each inline script of a drawn page, in the order written, each once.
 * The page is our own drawing: React Router writes its data into scripts with "<" escaped, so the
 * first "</script>" after a tag ends it, as it does for the browser, which hashes the same bytes
 * (UTF-8, as sent). A script with a `src` has no content to hash ('self' allows it).
 */
export function inlineScriptHashes(html: Buffer): string[] {
  const hashes = new Set<string>();
  for (let at = html.indexOf(SCRIPT_OPEN); at !== -1; at = html.indexOf(SCRIPT_OPEN, at)) {
    const tagEnd = html.indexOf(">", at);
    const close = html.indexOf(SCRIPT_CLOSE, tagEnd);
    if (tagEnd === -1 || close === -1) break;
    const tag = html.subarray(at, tagEnd).toString("latin1");
    if (!/\ssrc=/.test(tag)) hashes.add(cspHash(html.subarray(tagEnd + 1, close)));
    at = close + SCRIPT_CLOSE.length;
  }
  return [...hashes];
}

/** A script's source as a CSP hash source: SHA-256 in base64. */
function cspHash(source: Buffer): string {
  return `sha256-${createHash("sha256").update(source).digest("base64")}`;
}

/** Headers for every answer; HSTS only where the shop is reached over HTTPS. */
export function commonSecurityHeaders(secure: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (secure) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/** Personal answers are kept by no cache, the browser's included (decision 8). */
export const PRIVATE_NO_STORE = "private, no-store";

/**
 * The one cookie a visitor may carry and still be a visitor: the device cookie of a browser that
 * signed in before (app/auth/device-cookie.server.ts), alone, exactly as the shop writes it. The
 * header must be that one cookie and nothing else: no other name, no space, no second cookie.
 */
const DEVICE_COOKIE_ALONE = /^(?:__Secure-)?shop_device=[A-Za-z0-9%._-]+$/;

/**
 * Whether a request is a visitor's, whose answer may be shared with every visitor: it carries no
 * cookie, or only the device cookie. Never a guess at whether a session cookie is among others:
 * any other cookie, however spelled (the cookie parser trims names, takes either of two), makes
 * the request somebody's (decision 86).
 */
export function isVisitorRequest(request: Request): boolean {
  const cookie = request.headers.get("Cookie");
  return cookie === null || DEVICE_COOKIE_ALONE.test(cookie);
}

/**
 * Whether an answer must not be stored by any cache: the answer to a request that is not a
 * visitor's (isVisitorRequest), an answer that sets a cookie, and every JSON answer. An answer
 * that chose its own Cache-Control (the public catalogue calls, stored images, drawn previews)
 * keeps it.
 */
export function needsPrivateNoStore(request: Request, response: Response): boolean {
  if (response.headers.has("Cache-Control")) return false;
  if (!isVisitorRequest(request)) return true;
  return response.headers.has("Set-Cookie") || (response.headers.get("Content-Type") ?? "").includes("json");
}
