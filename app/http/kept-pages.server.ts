import { LRUCache } from "lru-cache";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { requestSession } from "~/auth/guards.server";
import { getConfig } from "~/config.server";
import { type DataArea, perConnection, versionOf } from "~/data/data-versions.server";
import { todayInBangkok } from "~/domain/users/birth-dates";
import { getPublicInfo } from "~/domain/users/public-info.server";
import { countKeptPage } from "~/lib/metrics.server";
import { isVisitorRequest } from "./headers.server";
import {
  type CompressedPage,
  compressPage,
  encodingFor,
  type PageEncoding,
  pageAnswer,
} from "./page-compression.server";
import { routeLabel } from "./route-label";
import { notModified } from "./shared-pages.server";

/**
 * A visitor's page kept as drawn while what it shows is unchanged (docs/decisions.md, 78). The first
 * request of an address is drawn as usual and kept; the next request of the same address gets it
 * again while the page's version is the same: one small statement at most, instead of the loaders
 * and the drawing, which were most of these pages' time.
 *
 * Only what nobody's cookies can change is shared: a page is served from here, and kept here, only
 * for a visitor's request (no cookie, or only the device cookie: isVisitorRequest in
 * headers.server.ts), and kept only when the session the page was
 * drawn with (the same one the root loader read, app/auth/guards.server.ts) is nobody's. Whether a
 * request is somebody's is never guessed from the header's text: a cookie spelled in any way the
 * cookie parser accepts (a space before "=", a tab, twice, in two headers) makes the request
 * somebody's, and so drawn for them alone (decision 86). Signed-in pages are drawn for each request.
 *
 * A visitor sees on the kept routes what depends only on the address and on one version each route
 * names: for the silk shops and a shop's reviews, the "shops" area's
 * (app/data/data-versions.server.ts); for the home page, its two counts; today's date for the
 * register page.
 *
 * A kept page is sent again as bytes kept with it, already compressed (its policy names its
 * scripts' hashes, not a nonce: app/http/headers.server.ts). Its first answer was compressed
 * quickly, as every drawn page is; the first time it is sent again it is compressed once more,
 * smaller, and those bytes go to every answer after (app/http/page-compression.server.ts). A client
 * that takes another encoding gets it compressed that way once, then kept too. A page whose loader
 * fell back to a message (the database failed) says so (`dontKeepThisPage`) and is not kept.
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
  "/merchant/info/:id": ofArea("shops"),
  "/merchant/info/:id/reviews": ofArea("shops"),
};

/**
 * The bytes a process keeps for each database connection, counted as a page's HTML twice (its
 * compressed copies are a fraction of it), and the largest page it keeps (its HTML). The least
 * used goes first.
 */
const MAX_KEPT_BYTES = 8 * 1024 * 1024;
const MAX_PAGE_BYTES = 256 * 1024;

/** A page as drawn, in each encoding a client has asked for. */
interface KeptPage {
  status: number;
  headers: Headers;
  html: Buffer<ArrayBuffer>;
  /**
   * The page in each encoding a client has asked for (the first: as drawn, until it is sent
   * again), or on its way: requests that come while it is being compressed wait for that one.
   */
  encoded: Map<PageEncoding, CompressedPage | Promise<CompressedPage>>;
  version: string;
}

/** A request marked for keeping its page: under which address and version, and the page once drawn. */
interface Keeping {
  address: string;
  version: string;
  keep: boolean;
  drawn?: Omit<KeptPage, "version">;
}

const keepingContext = createContext<Keeping | null>(null);

/** Per database connection (app/data/data-versions.server.ts). */
const pagesHere = perConnection(
  () => new LRUCache<string, KeptPage>({ maxSize: MAX_KEPT_BYTES, sizeCalculation: (page) => 2 * page.html.length }),
);

/**
 * The address and version under which this request's page is shared, or null when it is not: a
 * route not kept, a client-side navigation's data (`.data`), or a request that carries any cookie.
 */
async function sharedAs(route: string, request: Request): Promise<Omit<Keeping, "keep"> | null> {
  const versionOfPage = KEPT_FOR_VISITORS[route];
  if (!versionOfPage || !isVisitorRequest(request)) return null;
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) return null;
  const version = await versionOfPage();
  return version === null ? null : { address: url.pathname + url.search, version };
}

/**
 * In the root's middleware, after the session's: serves a visitor's page kept as drawn, or marks
 * the request for keeping the page it draws (entry.server.tsx hands it over). GET only. Off in
 * development and with KEEP_PAGES=0.
 */
export const keptPages: MiddlewareFunction<Response> = async ({ request, context, pattern }, next) => {
  if (import.meta.env.DEV || request.method !== "GET" || !getConfig().keepPages) return next();
  const route = routeLabel(pattern);
  // The database failing here is the loaders' to answer (the busy page, the fallback): drawn as usual.
  const shared = await sharedAs(route, request).catch(() => null);
  if (!shared) return next();
  const held = pagesHere().get(shared.address);
  if (held && held.version === shared.version) {
    countKeptPage(route, "kept");
    return notModified(request, held.headers) ?? (await servedAgain(held, request));
  }
  countKeptPage(route, "drawn");
  const keeping: Keeping = { ...shared, keep: true };
  context.set(keepingContext, keeping);
  const answer = await next();
  // Kept only when the page was drawn for nobody: the session its loaders read, not the header's text.
  if (keeping.drawn && keeping.keep && (await requestSession(context).catch(() => undefined)) === null)
    keepPage(keeping, keeping.drawn);
  return answer;
};

/** A loader that answered with a fallback (a message in place of the data): its page is drawn for this request only. */
export function dontKeepThisPage(context: Readonly<RouterContextProvider>): void {
  const keeping = context.get(keepingContext);
  if (keeping) keeping.keep = false;
}

/** entry.server.tsx: the page just drawn (whole, with its stylesheet), handed over when the request was marked for it. */
export function keepDrawnPage(
  context: Readonly<RouterContextProvider>,
  page: { html: Buffer<ArrayBuffer>; compressed: CompressedPage; status: number; headers: Headers },
): void {
  const keeping = context.get(keepingContext);
  if (!keeping) return;
  const encoded = new Map([[page.compressed.encoding, page.compressed]]);
  keeping.drawn = { html: page.html, encoded, status: page.status, headers: new Headers(page.headers) };
}

/** What is kept: a page that answered 200, set no cookie and is at most MAX_PAGE_BYTES. */
function keepPage(keeping: Keeping, page: Omit<KeptPage, "version">): void {
  if (page.status !== 200 || page.html.length > MAX_PAGE_BYTES || page.headers.has("Set-Cookie")) return;
  // Two requests may draw at once, at two versions: whichever is kept last, a request that reads
  // another version draws again. The data under a page is read after its version, never before.
  pagesHere().set(keeping.address, { ...page, version: keeping.version });
}

/** A kept page in the encoding this client takes, as compressed for keeping (once, the first time it is sent again in that encoding). */
async function servedAgain(held: KeptPage, request: Request): Promise<Response> {
  const encoding = encodingFor(held.html, request.headers.get("accept-encoding"));
  let page = held.encoded.get(encoding);
  if (page === undefined || ("asKept" in page && !page.asKept)) {
    page = compressPage(held.html, encoding, "kept").catch((error: unknown) => {
      held.encoded.delete(encoding);
      throw error;
    });
    held.encoded.set(encoding, page);
  }
  return pageAnswer(await page, new Headers(held.headers), held.status);
}
