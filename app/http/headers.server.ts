import { randomBytes } from "node:crypto";

/**
 * The security headers of the shop's answers. Pages get an enforced nonce-based CSP
 * (entry.server.tsx); every answer, pages and files alike, gets the rest (server/app.ts).
 */

/** Where LINE Login sends people to approve a link (a form may redirect there). */
const LINE_AUTH_ORIGIN = "https://access.line.me";

/** A nonce for one answer's policy and scripts: 16 random bytes, in base64 (always 24 characters). */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    // Style attributes come from server-drawn SVG (charts, previews); no script can be injected through them.
    "style-src 'self' 'unsafe-inline'",
    // Canvas exports are data: and blob: URLs.
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    `form-action 'self' ${LINE_AUTH_ORIGIN}`,
  ].join("; ");
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

/** The session cookie's names (app/auth/session.server.ts): over HTTPS and over plain http. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?shop_session=/;

/** Whether a request carries a session cookie (valid or not). */
export function carriesSessionCookie(request: Request): boolean {
  return SESSION_COOKIE.test(request.headers.get("Cookie") ?? "");
}

/**
 * Whether an answer must not be stored by any cache: the answer to a signed-in request (it
 * carries a session cookie), an answer that sets a cookie, and every JSON call (/api, the admin's
 * JSON calls). An answer that chose its own Cache-Control (the public catalogue calls, stored
 * images, drawn previews) keeps it.
 */
export function needsPrivateNoStore(request: Request, response: Response): boolean {
  if (response.headers.has("Cache-Control")) return false;
  if (carriesSessionCookie(request)) return true;
  if (response.headers.has("Set-Cookie")) return true;
  const { pathname } = new URL(request.url);
  return pathname.startsWith("/api/") || (response.headers.get("Content-Type") ?? "").includes("json");
}
