/**
 * The security headers of the shop's answers. Pages get an enforced nonce-based CSP
 * (entry.server.tsx); every answer, pages and files alike, gets the rest (server/app.ts).
 */

/** Where LINE Login sends people to approve a link (a form may redirect there). */
const LINE_AUTH_ORIGIN = "https://access.line.me";

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
