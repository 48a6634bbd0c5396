import { createStaticHandler, matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { withRoutePatternMatching } from "../../../server/route-matching";

/*
 * The server matches requests with React Router's route-pattern matcher, the browser with its
 * older one (server/route-matching.ts). Both must send every address to the same routes, and the
 * page must not tell the browser to use a matcher it has not loaded.
 */

interface Entry {
  id?: string;
  path?: string;
  index?: boolean;
  file: string;
  children?: Entry[];
}

/** The route table as React Router's route objects, under the root route, as the framework nests it. */
function routeObjects(entries: readonly Entry[]): RouteObject[] {
  return entries.map((entry) => {
    const id = entry.id ?? entry.file;
    if (entry.index) return { id, index: true };
    return { id, path: entry.path, children: entry.children ? routeObjects(entry.children) : undefined };
  });
}
const table: RouteObject[] = [{ id: "root", path: "", children: routeObjects(routes as unknown as Entry[]) }];

/** Every route's pattern, joined from its parents'. */
function patterns(objects: readonly RouteObject[], prefix = ""): string[] {
  return objects.flatMap((route) => {
    const joined = route.path ? `${prefix}/${route.path}`.replace(/\/+/g, "/") : prefix;
    return [joined || "/", ...(route.children ? patterns(route.children, joined) : [])];
  });
}

/**
 * Addresses of a pattern: each parameter a number and a word, a splat a path, with and without a
 * trailing slash, in capitals, and one segment longer. (None has doubled slashes: the edge sends
 * those to the address with single ones before React Router sees them, server/app.ts.)
 */
function addressesOf(pattern: string): string[] {
  const withNumbers = pattern.replace(/:[^/]+/g, "7").replace(/\*$/, "a/b");
  const withWords = pattern.replace(/:[^/]+/g, "abc").replace(/\*$/, "x");
  const longer = `${withNumbers}/more`.replace("//", "/");
  return [withNumbers, `${withNumbers}/`.replace("//", "/"), withNumbers.toUpperCase(), withWords, longer];
}

const build = withRoutePatternMatching({ future: { unstable_optimizeDeps: false } } as unknown as ServerBuild);

describe("the server's route matching", () => {
  const onServer = createStaticHandler(table, { future: build.future });

  it("sends every address of the route table where the browser's matcher sends it", () => {
    const addresses = [...new Set(patterns(table).flatMap(addressesOf))];
    expect(addresses.length).toBeGreaterThan(300);
    for (const address of [...addresses, "/nope", "/nope/deeper", "/%E0%B8%81", "/designs/%20"]) {
      const inBrowser = matchRoutes(table, address)?.map((match) => [match.route.id, match.params]) ?? null;
      const server = onServer.match(address)?.map((match) => [match.route.id, match.params]) ?? null;
      expect(server, address).toEqual(inBrowser);
    }
  });

  it("uses the route-pattern matcher, and hands the page the build's flags without it", () => {
    expect((build.future as Record<string, unknown>).unstable_routePatternMatching).toBe(true);
    // The page writes the flags with JSON.stringify (window.__reactRouterContext.future).
    expect(JSON.parse(JSON.stringify({ future: build.future }))).toEqual({ future: { unstable_optimizeDeps: false } });
  });
});
