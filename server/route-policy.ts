import { matchRoutes, type RouteObject, RouterContextProvider, type ServerBuild } from "react-router";
import type { BodyKind, HttpPolicy } from "../app/http/limits";
import { newRequestFacts, provideRequestFacts, type RequestFacts } from "../app/http/request-facts.server";

/**
 * Each route's HTTP policy as its module declares it (app/http/limits.ts: `httpPolicy` in its
 * `handle`; a module without a component is a call), read from the build once, and the route a
 * write is for matched the way React Router matches it. Reads need no policy: only writes are
 * matched here, before React Router reads a body.
 */
export interface RoutePolicy {
  body: BodyKind;
  call: boolean;
}

const OF_A_READ: RoutePolicy = { body: "small", call: false };

const policiesByBuild = new WeakMap<ServerBuild, (pathname: string) => RoutePolicy>();

/** The policy of the route an address is for (React Router's data requests, `.data`, as their page's). */
export function routePolicies(build: ServerBuild): (pathname: string) => RoutePolicy {
  const known = policiesByBuild.get(build);
  if (known) return known;
  // React Router's own route objects, each with its policy as its handle.
  const nodes = new Map<string, { route: RouteObject & { children: RouteObject[] }; parentId?: string }>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const declared = (route.module.handle as { http?: HttpPolicy } | undefined)?.http ?? {};
    const policy: RoutePolicy = { body: declared.body ?? "small", call: declared.call ?? !route.module.default };
    const { id, path, index, caseSensitive } = route;
    nodes.set(id, {
      route: { id, path, index, caseSensitive, children: [], handle: policy } as RouteObject & {
        children: RouteObject[];
      },
      parentId: route.parentId,
    });
  }
  const roots: RouteObject[] = [];
  for (const { route, parentId } of nodes.values()) {
    const parent = parentId ? nodes.get(parentId) : undefined;
    (parent ? parent.route.children : roots).push(route);
  }
  const policyOf = (pathname: string): RoutePolicy => {
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    return (matchRoutes(roots, page, build.basename)?.at(-1)?.route.handle as RoutePolicy | undefined) ?? OF_A_READ;
  };
  policiesByBuild.set(build, policyOf);
  return policyOf;
}

/**
 * The pattern of the route an address is for when that route's address carries a secret (a
 * `:token` parameter: a "forgot password" link's, which opens an account for an hour), else null:
 * the request log names such an address by its route. Only those few routes are matched.
 */
export function secretAddresses(build: ServerBuild): (pathname: string) => string | null {
  const fullPath = (id: string | undefined): string => {
    const route = id ? build.routes[id] : undefined;
    if (!route) return "";
    const parent = fullPath(route.parentId);
    return route.path ? `${parent.replace(/\/$/, "")}/${route.path}` : parent;
  };
  const secret = Object.keys(build.routes)
    .map((id) => fullPath(id))
    .filter((pattern) => /(^|\/):token(\/|$)/.test(pattern))
    .map((pattern) => {
      const source = pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:[\w-]+/g, "[^/]+");
      return { pattern, address: new RegExp(`^${source}(\\.data)?/?$`) };
    });
  return (pathname) => secret.find(({ address }) => address.test(pathname))?.pattern ?? null;
}

/** The policy of a request: its route's for a write, a read's otherwise. */
export function requestPolicy(build: ServerBuild, method: string, pathname: string): RoutePolicy {
  return method === "GET" || method === "HEAD" ? OF_A_READ : routePolicies(build)(pathname);
}

/**
 * The context React Router answers a request in (getLoadContext): the request's facts
 * (app/http/request-facts.server.ts). Also what tests that call the built app directly hand it.
 */
export function loadContextFor(
  build: ServerBuild,
  request: { method: string; url: string },
  facts: Partial<RequestFacts> = {},
): { context: RouterContextProvider; facts: RequestFacts } {
  const context = new RouterContextProvider();
  // A path ("/x?y") or a whole address: read against a base as text, since `new URL("//", base)`
  // reads "//" as an address without a host and throws.
  const { pathname } = new URL(request.url.startsWith("/") ? `http://localhost${request.url}` : request.url);
  const requestFacts = newRequestFacts({
    ...requestPolicy(build, request.method, pathname),
    dataRequest: pathname.endsWith(".data"),
    ...facts,
  });
  provideRequestFacts(context, requestFacts);
  return { context, facts: requestFacts };
}
