import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { type DataArea, versionOf } from "~/data/data-versions.server";
import { connection } from "~/data/db.server";
import { todayInBangkok } from "~/domain/users/birth-dates";
import { getPublicInfo } from "~/domain/users/public-info.server";
import { BoundedCache } from "~/lib/bounded-cache";
import { countKeptPage } from "~/lib/metrics.server";
import { hasNoticeWaiting } from "~/lib/toast.server";
import { carriesSessionCookie, contentSecurityPolicy, newNonce } from "./headers.server";
import { pageResponse } from "./page-compression.server";
import { routeLabel } from "./route-label";

/**
 * Pages a visitor reads as every other visitor does, kept as drawn. A visitor (no session, no
 * notice waiting) sees on these routes what depends only on the address and on a version each
 * route names: for the silk shops and a shop's reviews, the "shops" area's
 * (app/data/data-versions.server.ts); for the home page, its two counts. The first visitor's page
 * is drawn as usual and kept (entry.server.tsx hands it over); the next visitor of the same
 * address gets it again while that version is the same: one small statement at most, instead of
 * the loaders and the drawing, which were most of these pages' time (docs/decisions.md, 78).
 * Signed-in people, whose pages carry their name and role, are always drawn.
 *
 * Each answer still gets its own nonce (the Content-Security-Policy's): the kept page's is
 * replaced, and the page is compressed again for the client. A page whose loader fell back to a
 * message (the database failed) says so (`dontKeepThisPage`) and is not kept.
 */
type PageVersion = () => Promise<string | null>;

/** The version of a data area; none while the database has no row for it (then nothing is kept). */
const ofArea =
  (area: DataArea): PageVersion =>
  async () => {
    const version = await versionOf(area);
    return version >= 0n ? String(version) : null;
  };

/** A page drawn from the address alone (and the build). */
const addressOnly: PageVersion = async () => "";

/** Each kept route (React Router's pattern) and what its visitors' page depends on besides the address. */
const KEPT_FOR_VISITORS: Readonly<Record<string, PageVersion>> = {
  // The home page's two counts (kept exact by the database, one row each): they are its version.
  "/": async () => {
    const { userCount, merchantCount } = await getPublicInfo();
    return `${userCount},${merchantCount}`;
  },
  "/contact": addressOnly,
  "/privacy": addressOnly,
  "/login": addressOnly,
  // The date of birth it takes goes up to today (in Bangkok).
  "/register": async () => todayInBangkok(),
  "/measurements/guide": addressOnly,
  "/merchant/info": ofArea("shops"),
  "/merchant/info/:id/reviews": ofArea("shops"),
};

/** How many addresses a process keeps, and the largest page it keeps (its HTML before compression). */
const MAX_PAGES = 50;
const MAX_PAGE_BYTES = 256 * 1024;

interface KeptPage {
  version: string;
  html: Buffer<ArrayBuffer>;
  /** The nonce drawn into `html`, replaced by each answer's own. */
  nonce: string;
  status: number;
  headers: Headers;
}

/** What entry.server.tsx needs to keep the page it draws: under which address and version. */
interface Keeping {
  key: string;
  version: string;
  keep: boolean;
}

const keepingContext = createContext<Keeping | null>(null);

/** Kept per database connection (the integration tests switch databases within one process). */
const pagesByDatabase = new WeakMap<object, BoundedCache<KeptPage>>();

function keptPages(): BoundedCache<KeptPage> {
  const database = connection();
  let pages = pagesByDatabase.get(database);
  if (!pages) {
    pages = new BoundedCache<KeptPage>(MAX_PAGES);
    pagesByDatabase.set(database, pages);
  }
  return pages;
}

/** A visitor: no session cookie and no notice waiting (either would change the page). */
function isVisitor(request: Request): boolean {
  return !carriesSessionCookie(request) && !hasNoticeWaiting(request);
}

/**
 * In the root's middleware, after the session's: serves a visitor's page kept as drawn, or marks
 * the request for entry.server.tsx to keep what it draws. A document request only: a client-side
 * navigation's data (`.data`) and every other method pass on.
 */
export const keptVisitorPages: MiddlewareFunction<Response> = async ({ request, context, pattern }, next) => {
  if (import.meta.env.DEV || request.method !== "GET") return next();
  const route = routeLabel(pattern);
  const versionOfPage = KEPT_FOR_VISITORS[route];
  if (!versionOfPage || !isVisitor(request)) return next();
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) return next();
  // The database failing here is the loaders' to answer (the busy page, the fallback): drawn as usual.
  const version = await versionOfPage().catch(() => null);
  if (version === null) return next();
  const key = url.pathname + url.search;
  const held = keptPages().get(key);
  if (held && held.version === version) {
    countKeptPage(route, "kept");
    return servedAgain(held, request);
  }
  countKeptPage(route, "drawn");
  context.set(keepingContext, { key, version, keep: true });
  return next();
};

/** A loader that answered with a fallback (a message in place of the data): its page is drawn for this request only. */
export function dontKeepThisPage(context: Readonly<RouterContextProvider>): void {
  const keeping = context.get(keepingContext);
  if (keeping) keeping.keep = false;
}

/** entry.server.tsx: the page just drawn (whole, with its stylesheet), kept when the request was marked for it. */
export function keepDrawnPage(
  context: Readonly<RouterContextProvider>,
  page: { html: Buffer<ArrayBuffer>; nonce: string; status: number; headers: Headers },
): void {
  const keeping = context.get(keepingContext);
  if (!keeping?.keep || page.status !== 200 || page.html.length > MAX_PAGE_BYTES) return;
  if (page.headers.has("Set-Cookie")) return;
  // Two visitors may draw at once, at two versions: whichever is kept last, a request that reads
  // another version draws again. The data under a page is read after its version, never before.
  keptPages().set(keeping.key, { ...page, headers: new Headers(page.headers), version: keeping.version });
}

/** A kept page as a fresh answer: its own nonce in the page and in the policy, compressed for this client. */
function servedAgain(held: KeptPage, request: Request): Response {
  const nonce = newNonce();
  const html = withNonce(held.html, held.nonce, nonce);
  const headers = new Headers(held.headers);
  if (headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  return pageResponse(html, request, headers, held.status);
}

/** `html` with every `from` replaced by `to` (two nonces: the same length), in a copy. */
function withNonce(html: Buffer<ArrayBuffer>, from: string, to: string): Buffer<ArrayBuffer> {
  const copy = Buffer.from(html);
  const needle = Buffer.from(from);
  const replacement = Buffer.from(to);
  for (let at = copy.indexOf(needle); at !== -1; at = copy.indexOf(needle, at + needle.length)) {
    replacement.copy(copy, at);
  }
  return copy;
}
