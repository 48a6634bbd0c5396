import type { MiddlewareFunction } from "react-router";
import { refuseNonFormWrite, refuseNulAddress } from "./form-body";
import { needsPrivateNoStore, PRIVATE_NO_STORE } from "./headers.server";
import { requestFacts } from "./request-facts.server";
import { METHOD_NOT_ALLOWED } from "./responses.server";
import { routeLabel } from "./route-label";

/**
 * The edge's middleware, first in the root route: every request passes these before any loader or
 * action runs (server/app.ts has refused bodies over their route's limit and writes from other
 * sites already). What each route
 * takes comes with the request's facts (request-facts.server.ts), from the route's own declaration.
 */

/** An address with NUL, or a page write that is not one of our forms: 400 in Thai. */
const refuseBadInput: MiddlewareFunction<Response> = async ({ request, context }, next) =>
  refuseNulAddress(request) ?? (await refuseNonFormWrite(request, requestFacts(context))) ?? next();

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

/** The pattern of the request's route goes back to the HTTP server in its facts, for the log and the metrics (route-label.ts). */
const labelRoute: MiddlewareFunction<Response> = ({ pattern, context }, next) => {
  requestFacts(context).route = routeLabel(pattern);
  return next();
};

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

export const edgeMiddleware = [labelRoute, privateAnswers, refuseBadInput, methodInThai];
