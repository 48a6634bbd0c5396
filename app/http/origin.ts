/**
 * Refuses requests that change state when they come from another site: on top of
 * SameSite=Lax cookies, a form or fetch posted from elsewhere never reaches an action. Checked
 * once, by the HTTP server (server/app.ts), before React Router reads the request.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_REFUSED = "ไม่อนุญาตให้ส่งคำขอจากเว็บไซต์อื่น";

export interface WriteOrigin {
  method: string;
  /**
   * The shop's own origin as this request reached it: scheme, host and port (`http://shop:3000`).
   * Behind trusted proxies (TRUST_PROXY) the scheme is the one the outer proxy was reached by
   * (X-Forwarded-Proto), so a shop behind a TLS proxy is `https://…`.
   */
  self: string;
  origin: string | null;
  fetchSite: string | null;
}

export function isCrossSite({ method, self, origin, fetchSite }: WriteOrigin): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (origin) {
    if (origin === "null") return true;
    try {
      // The whole origin: the same host on another scheme or port is another site.
      return new URL(origin).origin !== new URL(self).origin;
    } catch {
      return true;
    }
  }
  // No Origin: a browser still says where the request came from.
  return fetchSite === "cross-site";
}

/** The refusal: JSON { error } for a call (app/http/limits.ts: httpPolicy), plain Thai text for pages. */
export function crossSiteRefusal(call: boolean): Response {
  if (call) return Response.json({ error: CROSS_SITE_REFUSED }, { status: 403 });
  return new Response(CROSS_SITE_REFUSED, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
