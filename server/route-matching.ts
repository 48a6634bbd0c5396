import type { ServerBuild } from "react-router";
import { unstable_preloadRoutePattern } from "react-router/route-pattern";

/**
 * The build, matched on the server by React Router's route-pattern matcher
 * (`future.unstable_routePatternMatching`, which the framework's config does not pass on yet).
 * Each request is matched against the whole route table several times (the handler, the rendered
 * router, the manifest of the page's routes); React Router's older matcher tries the table's
 * branches one by one, a regular expression each, and with 128 routes that was about a tenth of a
 * visitor page's CPU (bench/README.md); this one matches them in one pass. Its rules hold for the
 * shop's routes: none is case-sensitive, a splat comes only at the end (it checks both at start).
 *
 * The browser keeps React Router's own matcher, which needs no extra script: the flags handed to
 * it in the page (window.__reactRouterContext.future, written with JSON.stringify) are the
 * build's, through `toJSON`. tests/integration/hardening/route-matching.test.ts holds both: every route of the table is matched
 * alike by the two matchers, and the flags in the page are the build's.
 */
export function withRoutePatternMatching(build: ServerBuild): ServerBuild {
  unstable_preloadRoutePattern();
  const handedToBrowser = build.future;
  const future = { ...handedToBrowser, unstable_routePatternMatching: true, toJSON: () => handedToBrowser };
  return { ...build, future: future as unknown as ServerBuild["future"] };
}
