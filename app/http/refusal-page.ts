import type { RouterContextProvider } from "react-router";
import { SLIP_TOO_BIG, TOO_LARGE } from "./limits";
import { requestFacts } from "./request-facts.server";

/**
 * A refusal the edge gives before React Router reads a request (a body over its limit, 413) is
 * still answered, for a browser's page, with the shop's own page: header, the Thai reason, a way
 * back (issue 45). The edge (server/app.ts) asks React Router for that page with a GET of an
 * address no route has, the refusal in the request's facts (request-facts.server.ts), which only
 * the edge sets; the unknown-address route (routes/shop/not-found.tsx) then throws the refusal and
 * the root's error page draws it.
 */
export const REFUSAL_PAGE_PATH = "/__refused";

export interface EdgeRefusal {
  message: string;
  /** The page the refused form was on (its own address, as a page), to go back to. */
  back: string | null;
}

/** The refusal the edge asked to draw, or null for any other request. */
export function edgeRefusalOf(
  context: Readonly<RouterContextProvider>,
): { status: number; refusal: EdgeRefusal } | null {
  const { refused, body } = requestFacts(context);
  if (refused?.status !== 413) return null;
  // Only one of the shop's own page addresses (no scheme, no host): a way back, never a way out.
  const page = /^\/[\w\-/.%]*$/.test(refused.path) && !refused.path.startsWith("//") ? refused.path : null;
  const back = page ? page.replace(/\.data$/, "") || "/" : null;
  return { status: 413, refusal: { message: body === "photo" ? SLIP_TOO_BIG : TOO_LARGE, back } };
}
