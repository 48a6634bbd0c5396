import type { MiddlewareFunction } from "react-router";
import { refuseNonFormWrite, refuseNulAddress } from "./form-body";
import { needsPrivateNoStore, PRIVATE_NO_STORE } from "./headers.server";
import { crossSiteRefusal, isCrossSiteWrite } from "./origin";
import { METHOD_NOT_ALLOWED } from "./responses.server";
import { ROUTE_LABEL_HEADER, routeLabel } from "./route-label";

/**
 * The edge's middleware, first in the root route: every request passes these before any loader or
 * action runs (server/app.ts has refused bodies over the limit and cross-site writes already; this
 * checks again for requests that reach the app another way).
 */

/** Writes from other sites stop before any action runs. */
const refuseCrossSite: MiddlewareFunction<Response> = ({ request }, next) =>
  isCrossSiteWrite(request) ? crossSiteRefusal(new URL(request.url).pathname) : next();

/** An address with NUL, or a page write that is not one of our forms: 400 in Thai. */
const refuseBadInput: MiddlewareFunction<Response> = async ({ request }, next) =>
  refuseNulAddress(request) ?? (await refuseNonFormWrite(request)) ?? next();

/**
 * React Router answers a method a resource route does not take (a POST to a read-only call) itself,
 * in English; say it in Thai, as { error } like every JSON call. (Write-only calls export a loader
 * that answers the Thai 405 themselves.)
 */
const methodInThai: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  if (response.status !== 405 || (response.headers.get("Content-Type") ?? "").includes("html")) return response;
  if ((await response.clone().text()).includes('"error"')) return response;
  const allow = response.headers.get("Allow");
  return Response.json({ error: METHOD_NOT_ALLOWED }, { status: 405, headers: allow ? { Allow: allow } : {} });
};

/** Personal pages and JSON answers are stored by no cache (headers.server.ts: needsPrivateNoStore). */
const privateAnswers: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  return needsPrivateNoStore(request, response) ? withHeader(response, "Cache-Control", PRIVATE_NO_STORE) : response;
};

/** Every answer carries the pattern of its route to the HTTP server, for the log and the metrics (route-label.ts). */
const labelRoute: MiddlewareFunction<Response> = async ({ pattern }, next) =>
  withHeader(await next(), ROUTE_LABEL_HEADER, routeLabel(pattern));

function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    // A response whose headers cannot change (one passed on from a fetch): a copy that can.
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}

export const edgeMiddleware = [labelRoute, privateAnswers, refuseCrossSite, refuseBadInput, methodInThai];
