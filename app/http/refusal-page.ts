import { isSlipWrite, SLIP_TOO_BIG, TOO_LARGE } from "./limits";

/**
 * A refusal the HTTP edge gives before React Router reads a request (a body over its limit, 413) is
 * still answered, for a browser's page, with the shop's own page: header, the Thai reason, a way
 * back (issue 45). The edge (server/app.ts) asks React Router for that page with a GET of an
 * address no route has, marked with these headers, which it sets itself and strips from every
 * client request; the unknown-address route (routes/shop/not-found.tsx) then throws the refusal
 * and the root's error page draws it.
 */
export const REFUSAL_STATUS_HEADER = "x-shop-refusal";
export const REFUSED_PATH_HEADER = "x-shop-refused-path";
export const REFUSAL_PAGE_PATH = "/__refused";

export interface EdgeRefusal {
  message: string;
  /** The page the refused form was on (its own address, as a page), to go back to. */
  back: string | null;
}

/** The refusal the edge asked to draw, or null for any other request. */
export function edgeRefusalOf(request: Request): { status: number; refusal: EdgeRefusal } | null {
  const status = Number(request.headers.get(REFUSAL_STATUS_HEADER));
  if (status !== 413) return null;
  const refused = request.headers.get(REFUSED_PATH_HEADER) ?? "";
  // Only one of the shop's own page addresses (no scheme, no host): a way back, never a way out.
  const page = /^\/[\w\-/.%]*$/.test(refused) && !refused.startsWith("//") ? refused.replace(/\.data$/, "") : null;
  const back = page && !page.startsWith("/api/") ? page || "/" : null;
  return { status, refusal: { message: isSlipWrite(refused) ? SLIP_TOO_BIG : TOO_LARGE, back } };
}
