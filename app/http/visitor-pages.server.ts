import { LRUCache } from "lru-cache";
import type { MiddlewareFunction } from "react-router";
import { type DataArea, perConnection, versionOf } from "~/data/data-versions.server";
import { bangkokDate } from "~/lib/bangkok-date";
import { countKeptPage } from "~/lib/metrics.server";
import { isVisitorRequest } from "./headers.server";
import { requestFacts } from "./request-facts.server";
import { isMarkedSharedPage, notModified } from "./shared-pages.server";

/**
 * A visitor's page kept whole in the process while the data it shows is unchanged (issue 47). The
 * silk shops, a shop's page and its reviews are the pages every newcomer opens, from a LINE link
 * or a search, and they are the same for every visitor; drawn for each, the silk shops cost five
 * times the framework's bare page.
 *
 * A route keeps its visitors' pages by declaring it, with the data areas its page shows
 * (`export const middleware = [keepForVisitors(["shops"])]`). Its promise: the page is drawn from
 * the address, those areas (app/data/data-versions.server.ts: the database raises an area's
 * version in the transaction of every change that shows there) and the day in Bangkok, and from
 * nothing else. `tests/integration/tailor/kept-visitor-pages.test.ts` walks every route that
 * declares it and holds it to that. The page is kept with the versions read before it was drawn:
 * a change committed before they were read is in the page; one committed after has moved them, and
 * the next visitor's page is drawn anew (the argument of data-versions.server.ts).
 *
 * What is kept, by construction: a visitor's (no cookie but the device's) GET of the page itself
 * (not React Router's `.data`), answered 200 as a shared page (app/http/shared-pages.server.ts: no
 * cookie set, its ETag). A loader that could not read its data answers with an error status (the
 * silk shops' 503 with their message), so its page is never kept. At most KEPT_BYTES of pages per
 * process, the least used dropped first; one cache per database (tests switch databases).
 */

/** At most this many bytes of kept pages (compressed, as sent) per app process. */
const KEPT_BYTES = 8 * 1024 * 1024;

interface KeptPage {
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
}

const keptPages = perConnection(
  () =>
    new LRUCache<string, KeptPage>({
      maxSize: KEPT_BYTES,
      sizeCalculation: (page) => page.body.byteLength + 512,
    }),
);

/** A route's middleware that keeps its visitors' pages while `areas` are unchanged (none: while the build runs). */
export function keepForVisitors(areas: DataArea[]): MiddlewareFunction<Response> {
  const keep: MiddlewareFunction<Response> = async ({ request, context }, next) => {
    const facts = requestFacts(context);
    if (request.method !== "GET" || facts.dataRequest || !isVisitorRequest(request)) return next();
    let versions: bigint[];
    try {
      versions = await Promise.all(areas.map((area) => versionOf(area)));
    } catch {
      // The database cannot say: nothing is kept or answered from memory, and the page's loaders
      // meet the same fault and answer as they do without keeping (the silk shops' message).
      return next();
    }
    // The encoding the page was compressed for (entry.server.tsx chooses it from this header) is part of its key.
    const key = [request.url, request.headers.get("Accept-Encoding") ?? "", bangkokDate(), ...versions].join("\n");
    const kept = keptPages().get(key);
    if (kept) {
      countKeptPage(facts.route, "kept");
      const headers = new Headers(kept.headers);
      return notModified(request, headers) ?? new Response(kept.body, { status: 200, headers });
    }
    const response = await next();
    countKeptPage(facts.route, "drawn");
    if (!isMarkedSharedPage(response)) return response;
    const body = new Uint8Array(await response.arrayBuffer());
    keptPages().set(key, { headers: [...response.headers], body });
    return new Response(body, { status: response.status, headers: response.headers });
  };
  return Object.assign(keep, { keptAreas: areas });
}

/** The areas a route's module keeps its visitors' pages by, or null when it keeps none (for the tests that walk them). */
export function keptAreasOf(module: { middleware?: unknown }): DataArea[] | null {
  const middleware = Array.isArray(module.middleware) ? module.middleware : [];
  for (const step of middleware)
    if (typeof step === "function" && "keptAreas" in step) return (step as { keptAreas: DataArea[] }).keptAreas;
  return null;
}
