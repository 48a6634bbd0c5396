/** Addresses the shop builds from a request: where a page is, where to go back to. */

/** The page a request is for: React Router's data requests add ".data" (and "/_root.data" for "/") and `_routes`. */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  url.pathname = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  return url;
}

/** The page's path, with its query when `withQuery` (where to come back to after logging in). */
export function pagePath(request: Request, withQuery = false): string {
  const url = pageUrl(request);
  return withQuery ? url.pathname + url.search : url.pathname;
}

/** A place to go to that a request named (after logging in): only paths on this site. */
export function safeRedirect(target: unknown, fallback: string): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\"))
    return fallback;
  return target;
}

/** `target` when it is a path on this site (as safeRedirect takes it), else null: a `redirectTo` to carry on. */
export function localPathOrNull(target: unknown): string | null {
  const path = safeRedirect(target, "");
  return path === "" ? null : path;
}

/**
 * The same-site page the browser came from (Referer), for "go back with a notice"; otherwise the
 * fallback. With `samePage`, only the request's own page counts: its query may be newer than the
 * page's address (the designer rewrites its address in place).
 */
export function backTo(request: Request, fallback: string, { samePage = false } = {}): string {
  const referer = request.headers.get("Referer");
  if (!referer) return fallback;
  try {
    const from = new URL(referer);
    const here = pageUrl(request);
    if (from.host !== here.host || (samePage && from.pathname !== here.pathname)) return fallback;
    return from.pathname + from.search;
  } catch {
    return fallback;
  }
}
