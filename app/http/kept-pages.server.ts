import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { requestSession } from "~/auth/guards.server";
import { getConfig } from "~/config.server";
import { type DataArea, perConnection, versionOf } from "~/data/data-versions.server";
import { todayInBangkok } from "~/domain/users/birth-dates";
import { getPublicInfo } from "~/domain/users/public-info.server";
import { BoundedCache } from "~/lib/bounded-cache";
import { countKeptPage } from "~/lib/metrics.server";
import { hasNoticeWaiting } from "~/lib/toast.server";
import { carriesSessionCookie } from "./headers.server";
import {
  type CompressedPage,
  compressPage,
  encodingFor,
  type PageEncoding,
  pageAnswer,
} from "./page-compression.server";
import { routeLabel } from "./route-label";

/**
 * Pages kept as drawn while what they show is unchanged (docs/decisions.md, 78 and 79). The first
 * request of an address is drawn as usual and kept (entry.server.tsx hands it over); the next
 * request of the same address by the same reader gets it again while the page's version is the
 * same: one small statement at most, instead of the loaders and the drawing, which were most of
 * these pages' time.
 *
 * - A visitor (no session cookie, no notice waiting) sees on the public routes what depends only
 *   on the address and on one version each route names: for the silk shops and a shop's reviews,
 *   the "shops" area's (app/data/data-versions.server.ts); for the home page, its two counts.
 * - A signed-in person's pages and JSON reads on the routes of KEPT_FOR_PEOPLE are drawn from the
 *   address, their session, what the database holds and the date in Bangkok. They are kept per
 *   session, under the database's state read with the session (PostgreSQL's snapshot,
 *   app/domain/users/sessions.server.ts): any change committed anywhere in the shop, the person's
 *   own or anyone's, draws them again. A page that shows something that changes with time besides
 *   the date says until when it holds (`keepPageUntil`).
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
  "/merchant/info/:id/reviews": ofArea("shops"),
};

/**
 * The routes whose page for a signed-in person is drawn only from the address, the session's
 * person, the database and the date in Bangkok (periods and dates of birth count in days): no
 * clock finer than the day, no other request header, nothing a process holds of its own.
 */
const KEPT_FOR_PEOPLE: ReadonlySet<string> = new Set([
  "/",
  "/contact",
  "/privacy",
  "/measurements/guide",
  "/merchant/info",
  "/merchant/info/:id/reviews",
  "/profile",
  "/profile/edit",
  "/profile/data",
  "/profile/delete",
  "/profile/measurements",
  "/design",
  "/merchant/popular_design",
  "/merchant/popular_design/:id",
  "/cart",
  "/merchant/select",
  "/user/orders",
  "/user/product/:id",
  "/merchant",
  "/merchant/order/:id",
  "/merchant/order/:id/sheet",
  "/merchant/pricing",
  "/merchant/statistics",
  "/admin",
  "/admin/manage/users",
  "/admin/manage/designs",
  "/admin/manage/orders",
  "/admin/manage/audit",
  "/admin/manage/reviews",
  "/admin/manage/pricings",
  "/admin/line-outbox",
  // The JSON reads of the same people (a kept answer is the JSON as it was sent).
  "/api/user/profile",
  "/api/user/measurements",
  "/api/design/merchant/popular_designs",
  "/api/cart",
  "/api/orders/:id",
  "/api/orders/:id/payment",
  "/api/user/my_orders",
  "/api/merchants/orders/me",
  "/api/merchants/order/:id/details",
  "/api/merchants/pricing",
  "/api/merchants/statistics",
  "/api/admin/dashboard/statistics",
  "/admin/dashboard/statistics",
  "/api/admin/users",
  "/admin/users",
  "/api/admin/users/:id",
  "/admin/users/:id",
  "/api/admin/designs/pending",
  "/admin/designs/pending",
  "/api/admin/orders",
  "/admin/orders",
]);

/**
 * How many pages a process keeps, and the largest it keeps (its HTML before compression): the
 * visitors' addresses are few; people's pages are per session, and the least used go first.
 */
const MAX_VISITOR_PAGES = 50;
const MAX_PEOPLE_PAGES = 100;
const MAX_PAGE_BYTES = 256 * 1024;

/** A page as drawn, or a JSON answer as sent. */
type Answer = { status: number; headers: Headers } & (
  | {
      html: Buffer<ArrayBuffer>;
      /**
       * The page in each encoding a client has asked for (the first: as drawn, until it is sent
       * again), or on its way: requests that come while it is being compressed wait for that one.
       */
      encoded: Map<PageEncoding, CompressedPage | Promise<CompressedPage>>;
    }
  | { json: ArrayBuffer }
);

type KeptPage = Answer & {
  version: string;
  /** When the page stops holding (ms since the epoch), if the page said (keepPageUntil). */
  until: number | null;
};

type Reader = "visitor" | "person";

/** What entry.server.tsx needs to keep the page it draws: under which address and version. */
interface Keeping {
  reader: Reader;
  key: string;
  version: string;
  keep: boolean;
  until: number | null;
}

const keepingContext = createContext<Keeping | null>(null);

/** Per database connection (app/data/data-versions.server.ts), the visitors' pages and people's apart. */
const pagesHere = perConnection(
  (): Record<Reader, BoundedCache<KeptPage>> => ({
    visitor: new BoundedCache(MAX_VISITOR_PAGES),
    person: new BoundedCache(MAX_PEOPLE_PAGES),
  }),
);

function pagesKeptFor(reader: Reader): BoundedCache<KeptPage> {
  return pagesHere()[reader];
}

/**
 * Under which key and version this request's page is kept, or null when it is not: not a kept
 * route for this reader, a notice waiting, a session cookie whose session does not hold.
 */
async function keptAs(
  route: string,
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<Omit<Keeping, "keep" | "until"> | null> {
  if (hasNoticeWaiting(request)) return null;
  const reader: Reader = carriesSessionCookie(request) ? "person" : "visitor";
  const versionOfPage = reader === "visitor" ? KEPT_FOR_VISITORS[route] : undefined;
  if (reader === "visitor" ? !versionOfPage : !KEPT_FOR_PEOPLE.has(route)) return null;
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) return null;
  const address = url.pathname + url.search;
  if (versionOfPage) {
    const version = await versionOfPage();
    return version === null ? null : { reader, key: address, version };
  }
  const session = await requestSession(context);
  if (!session) return null;
  return {
    reader,
    key: `${session.sessionId}\n${address}`,
    version: `${session.databaseState}\n${todayInBangkok()}`,
  };
}

/**
 * In the root's middleware, after the session's: serves a page or JSON read kept as drawn, or marks
 * the request for keeping what it answers (a page: entry.server.tsx hands it over). GET only; a
 * client-side navigation's data (`.data`) passes on. Off in development and with KEEP_PAGES=0.
 */
export const keptPages: MiddlewareFunction<Response> = async ({ request, context, pattern }, next) => {
  if (import.meta.env.DEV || request.method !== "GET" || !getConfig().keepPages) return next();
  const route = routeLabel(pattern);
  // The database failing here is the loaders' to answer (the busy page, the fallback): drawn as usual.
  const kept = await keptAs(route, request, context).catch(() => null);
  if (!kept) return next();
  const held = pagesKeptFor(kept.reader).get(kept.key);
  if (held && held.version === kept.version && (held.until === null || Date.now() < held.until)) {
    countKeptPage(route, "kept");
    return await servedAgain(held, request);
  }
  countKeptPage(route, "drawn");
  const keeping: Keeping = { ...kept, keep: true, until: null };
  context.set(keepingContext, keeping);
  const answer = await next();
  // A page was handed over by entry.server.tsx; a JSON call's answer is kept here.
  return answer.headers.get("Content-Type")?.startsWith("application/json") ? keptJson(keeping, answer) : answer;
};

/** A JSON call's answer, kept when it may be, and sent. */
async function keptJson(keeping: Keeping, answer: Response): Promise<Response> {
  if (!keeping.keep || answer.status !== 200) return answer;
  const json = await answer.arrayBuffer();
  keepAnswer(keeping, { json, status: answer.status, headers: answer.headers }, json.byteLength);
  return new Response(json, { status: answer.status, headers: new Headers(answer.headers) });
}

/** A loader that answered with a fallback (a message in place of the data): its page is drawn for this request only. */
export function dontKeepThisPage(context: Readonly<RouterContextProvider>): void {
  const keeping = context.get(keepingContext);
  if (keeping) keeping.keep = false;
}

/**
 * A loader whose page shows something that changes at a moment (a form offered until a deadline):
 * its page is kept until then at the latest.
 */
export function keepPageUntil(context: Readonly<RouterContextProvider>, moment: Date): void {
  const keeping = context.get(keepingContext);
  if (keeping) keeping.until = Math.min(keeping.until ?? Number.POSITIVE_INFINITY, moment.getTime());
}

/** entry.server.tsx: the page just drawn (whole, with its stylesheet), kept when the request was marked for it. */
export function keepDrawnPage(
  context: Readonly<RouterContextProvider>,
  page: { html: Buffer<ArrayBuffer>; compressed: CompressedPage; status: number; headers: Headers },
): void {
  const keeping = context.get(keepingContext);
  if (!keeping) return;
  const encoded = new Map([[page.compressed.encoding, page.compressed]]);
  keepAnswer(keeping, { html: page.html, encoded, status: page.status, headers: page.headers }, page.html.length);
}

/**
 * The one rule for what is kept, page or JSON: a request marked for it, whose loader did not fall
 * back (dontKeepThisPage), answered 200, set no cookie and is at most MAX_PAGE_BYTES.
 */
function keepAnswer(keeping: Keeping, answer: Answer, bytes: number): void {
  if (!keeping.keep || answer.status !== 200 || bytes > MAX_PAGE_BYTES || answer.headers.has("Set-Cookie")) return;
  // Two requests may draw at once, at two versions: whichever is kept last, a request that reads
  // another version draws again. The data under a page is read after its version, never before.
  pagesKeptFor(keeping.reader).set(keeping.key, {
    ...answer,
    headers: new Headers(answer.headers),
    version: keeping.version,
    until: keeping.until,
  });
}

/**
 * A kept page in the encoding this client takes, as compressed for keeping (once, the first time it
 * is sent again in that encoding); a JSON answer as it was (the server compresses it on its way out).
 */
async function servedAgain(held: KeptPage, request: Request): Promise<Response> {
  if ("json" in held) return new Response(held.json, { status: held.status, headers: new Headers(held.headers) });
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
