import { readdirSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { createRequestHandler as createReactRouterHandler, type ServerBuild } from "react-router";
import type { TrustedProxies } from "../app/config.server";
import { commonSecurityHeaders } from "../app/http/headers.server";
import { BODY_LIMITS, MAX_BODY_BYTES, TOO_LARGE } from "../app/http/limits";
import { crossSiteRefusal, isCrossSite } from "../app/http/origin";
import { BROTLI_PARAMS, COMPRESSION_THRESHOLD_BYTES } from "../app/http/page-compression.server";
import { REFUSAL_PAGE_PATH } from "../app/http/refusal-page";
import { HEALTH_PATH, healthEndpoints, READY_PATH, type ReadinessSources } from "./health";
import { requestMetrics } from "./metrics";
import { bodyMeter, createRequestHandler, urlOf } from "./request-handler";
import { requestLog } from "./request-log";
import { withRoutePatternMatching } from "./route-matching";
import { loadContextFor, type RoutePolicy, requestPolicy, secretAddresses } from "./route-policy";

/** Where the build's fingerprinted files are served (Vite's assets folder). */
const ASSETS_PATH = "/assets";

/** How long the connection of a body over the limit stays open, unread, after the 413. */
const LINGER_MS = 2000;

type AnyBuild = ServerBuild | (() => Promise<ServerBuild>);

/** Draws the shop's page for a refusal the edge gave itself (app/http/refusal-page.ts). */
type RefusalPageDrawer = (req: express.Request, status: number, policy: RoutePolicy) => Promise<Response>;

/**
 * A browser's page request (a form sent without JavaScript): its refusal is a shop page. React
 * Router's data requests (`.data`, JavaScript on) and the calls get the message as data.
 */
function wantsPage(req: express.Request, policy: RoutePolicy): boolean {
  return !req.path.endsWith(".data") && !policy.call && (req.get("accept") ?? "").includes("text/html");
}

/** React Router's page for an edge refusal: a GET of an address only the unknown-address route takes, the refusal in its facts. */
function refusalPageDrawer(build: AnyBuild): RefusalPageDrawer {
  const handleRequest = createReactRouterHandler(build, process.env.NODE_ENV);
  return async (req, status, policy) => {
    const headers = new Headers({ Accept: "text/html" });
    // The visitor's session draws their own header (their name, their cart).
    for (const name of ["cookie", "accept-language", "user-agent"]) {
      const value = req.get(name);
      if (value) headers.set(name, value);
    }
    const page = new Request(new URL(REFUSAL_PAGE_PATH, urlOf(req)), { headers });
    const facts = { body: policy.body, refused: { status, path: req.path }, clientAddress: req.ip ?? "unknown" };
    return handleRequest(page, loadContextFor(await resolved(build), page, facts).context);
  };
}

/** The shop's origin as this request reached it (behind trusted proxies, theirs); "" when its Host cannot make one (then any Origin is another site). */
function ownOrigin(req: express.Request): string {
  try {
    return new URL(urlOf(req)).origin;
  } catch {
    return "";
  }
}

function resolved(build: AnyBuild): Promise<ServerBuild> {
  return typeof build === "function" ? build() : Promise.resolve(build);
}

/**
 * The answer to a body over the limit, whether it said so (Content-Length) or went over as it
 * streamed (request-handler.ts). Nothing more of it is read: the request stays paused, and what
 * the client still sends waits in the sockets' buffers. Node closes the connection after this
 * answer (Connection: close) with the socket's destroySoon, which destroys it as soon as the
 * answer is written; a connection destroyed with unread bytes is reset, and a client still
 * sending then often never reads the answer (Node's own client reports EPIPE instead). So here
 * the destroy waits LINGER_MS: time for the client to read the answer and stop. A browser's page
 * gets the shop's page (header, the Thai reason, a way back; `drawPage`), a JSON call `{ error }`,
 * anything else the reason as text.
 */
function refuseTooLarge(
  req: express.Request,
  res: express.Response,
  drawPage: RefusalPageDrawer | null,
  policy: RoutePolicy,
): void {
  req.pause();
  const socket = req.socket;
  Object.assign(socket, {
    destroySoon() {
      socket.end();
      setTimeout(() => socket.destroy(), LINGER_MS).unref();
    },
  });
  res.status(413).set("Connection", "close");
  if (policy.call) {
    res.json({ error: TOO_LARGE });
    return;
  }
  if (!drawPage || !wantsPage(req, policy)) {
    res.type("text/plain; charset=utf-8").send(TOO_LARGE);
    return;
  }
  drawPage(req, 413, policy)
    .then(async (page) => {
      if (res.headersSent) return;
      res.set("Content-Type", page.headers.get("Content-Type") ?? "text/html; charset=utf-8");
      const csp = page.headers.get("Content-Security-Policy");
      if (csp) res.set("Content-Security-Policy", csp);
      res.set("Cache-Control", "private, no-store");
      res.send(await page.text());
    })
    .catch(() => {
      if (!res.headersSent) res.type("text/plain; charset=utf-8").send(TOO_LARGE);
    });
}

/**
 * How long an idle kept-alive connection stays open: longer than a browser or a proxy in front of
 * the shop waits before sending on it again (proxies commonly keep theirs 60 s). At Node's default
 * of 5 s the server closed connections just as clients reused them, and such a request failed with
 * a reset (through a proxy, a 502): seen in the end-to-end tests on a slow machine, where a test's
 * next request came 5.2 s after its last. The headers' timeout must outlast it.
 */
const IDLE_CONNECTION_MS = 65_000;

/** The listening server's connection timeouts (server/main.ts; the benchmark's floor the same). */
export function holdIdleConnections(server: Server): void {
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  server.headersTimeout = IDLE_CONNECTION_MS + 1_000;
}

export interface ShopServerOptions {
  /** The folder with client/ and server/ from `react-router build`; none in development (`npm run dev`). */
  buildDir?: string;
  /**
   * The proxies in front (TRUST_PROXY, app/config.server.ts): a hop count, of which express takes
   * that many hops of X-Forwarded-For/-Proto/-Host from the right (0 ignores them), or their
   * addresses, from which alone express takes them.
   */
  trustedProxies: TrustedProxies;
  /** What GET /readyz asks beyond the database (server/health.ts). */
  readiness?: ReadinessSources;
}

/**
 * The HTTP server around the app: compression, security headers, the body limit, cross-site
 * refusal; then long-lived caching for fingerprinted assets and every other request to the app.
 * Without a build (`npm run dev`) Vite serves the modules and builds the app from its sources as
 * requests come (middleware mode), behind the same edge.
 */
export async function createShopServer({ buildDir, trustedProxies, readiness = {} }: ShopServerOptions) {
  const app = express();
  app.disable("x-powered-by");
  // A hop count or the proxies' addresses, never `true` (which would take the left-most
  // X-Forwarded-For, the client's own words).
  app.set("trust proxy", trustedProxies === 0 ? false : trustedProxies);
  // The request log and request metrics see every answer, refusals of the edge included.
  // An address that carries a secret (a password reset link) is logged as its route, once the app is known (below).
  let secretPattern: (pathname: string) => string | null = () => null;
  app.use(...requestLog(trustedProxies, (pathname) => secretPattern(pathname)), requestMetrics());
  // Every answer but a page (which entry.server.tsx compresses whole, with the same settings).
  app.use(compression({ threshold: COMPRESSION_THRESHOLD_BYTES, brotli: { params: BROTLI_PARAMS } }));
  // An answer sent before the request body was read (a refusal) still reads the rest of the body
  // and throws it away: the client can finish sending and read the answer, and a kept-alive
  // connection stays usable. (React Router's body stream has paused the request, so Node would not
  // drain it by itself; closing instead would cut off a client still sending.) At most
  // MAX_BODY_BYTES are drained, then the connection is closed. A body over the limit is not
  // drained at all: its answer closes the connection (refuseTooLarge).
  app.use((req, res, next) => {
    // A body still on its way is marked as read by the shop (read(0) takes nothing from it).
    // Otherwise Node itself throws away the body of a request nobody read (a refusal given here,
    // before React Router) to its very end, whatever its size, and the drain below never sees it.
    if (!req.complete) req.read(0);
    res.on("finish", () => {
      if (req.complete || req.destroyed || res.getHeader("Connection") === "close") return;
      req.removeAllListeners("data");
      const isOver = bodyMeter(MAX_BODY_BYTES);
      req.on("data", (chunk: Buffer) => {
        if (isOver(chunk)) req.destroy();
      });
      req.resume();
    });
    next();
  });
  // A fingerprinted file (a script, a stylesheet) needs only nosniff: the others govern documents
  // (framing, the opener, referrers, features), and a page asks for up to a dozen such files.
  app.use((req, res, next) => {
    res.set(
      req.path.startsWith(`${ASSETS_PATH}/`)
        ? { "X-Content-Type-Options": "nosniff" }
        : commonSecurityHeaders(req.secure),
    );
    next();
  });
  // An address with doubled slashes ("//", "/contact//") is sent to the same address with single
  // ones: the server's and the browser's route matchers read such a path differently
  // (server/route-matching.ts), and "//" alone is no address at all. Every run of slashes becomes
  // one, so the answer's Location stays a path of this site ("//other.example" → "/other.example").
  app.use((req, res, next) => {
    const queryAt = req.originalUrl.indexOf("?");
    const pathname = queryAt === -1 ? req.originalUrl : req.originalUrl.slice(0, queryAt);
    if (!pathname.includes("//")) return next();
    res.redirect(308, pathname.replace(/\/{2,}/g, "/") + (queryAt === -1 ? "" : req.originalUrl.slice(queryAt)));
  });
  // Health and readiness answer before React Router: no session, no page middleware. Metrics and
  // backups are not on this port at all (server/ops-listener.ts).
  app.get([HEALTH_PATH, READY_PATH], healthEndpoints(readiness));
  // The page of a refusal the edge gives itself, and each write's policy, once the app is known (below).
  let drawPage: RefusalPageDrawer | null = null;
  let policyOf: (req: express.Request) => Promise<RoutePolicy> = async () => ({ body: "small", call: false });
  // A body that says it is over its route's limit is refused before it is read.
  app.use((req, res, next) => {
    const length = Number(req.get("content-length") ?? 0);
    if (length <= BODY_LIMITS.small) return next();
    policyOf(req).then((policy) => {
      if (length > BODY_LIMITS[policy.body]) refuseTooLarge(req, res, drawPage, policy);
      else next();
    }, next);
  });
  // Writes from other sites stop here, the one cross-site check, before React Router reads a body
  // (whose own check of a form's Origin would answer a bare 500 first).
  app.use((req, res, next) => {
    const origin = { origin: req.get("origin") ?? null, fetchSite: req.get("sec-fetch-site") ?? null };
    if (!isCrossSite({ method: req.method, self: ownOrigin(req), ...origin })) return next();
    policyOf(req).then(async (policy) => {
      const refusal = crossSiteRefusal(policy.call);
      res
        .status(refusal.status)
        .type(refusal.headers.get("Content-Type") ?? "text/plain")
        .send(await refusal.text());
    }, next);
  });
  // Every body React Router reads is counted as it streams and cut off at its route's limit,
  // whatever its framing: a chunked body says nothing of its size up front. The request's facts
  // (its route's policy, the client's address) go to the app in its context, and its route's
  // pattern comes back in them for the log and the metrics (request-handler.ts).
  const handle = (build: AnyBuild): express.RequestHandler => {
    drawPage = refusalPageDrawer(build);
    policyOf = async (req) => requestPolicy(await resolved(build), req.method, req.path);
    // (In development a build that fails to load here is the first request's to report.)
    resolved(build).then(
      (app) => {
        secretPattern = secretAddresses(app);
      },
      () => {},
    );
    return createRequestHandler({
      build,
      mode: process.env.NODE_ENV,
      refuseTooLarge: (req, res, policy) => refuseTooLarge(req, res, drawPage, policy),
    });
  };
  if (!buildDir) {
    const vite = await import("vite").then(({ createServer }) => createServer({ server: { middlewareMode: true } }));
    app.use(vite.middlewares);
    app.use(
      handle(() =>
        (vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>).then(
          withRoutePatternMatching,
        ),
      ),
    );
    return app;
  }
  const build = withRoutePatternMatching(
    (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild,
  );
  const clientDir = path.join(buildDir, "client");
  // Vite fingerprints everything under /assets: cache it for a year, never ask again (no ETag or
  // Last-Modified to revalidate with), and send the copies compressed at build time
  // (scripts/compress-assets.ts) to a browser that takes them; the compression middleware leaves
  // an answer already encoded as it is.
  app.use(
    ASSETS_PATH,
    (_req, res, next) => {
      res.locals.route = `${ASSETS_PATH}/*`;
      next();
    },
    expressStaticGzip(path.join(clientDir, "assets"), {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      serveStatic: {
        immutable: true,
        maxAge: "1y",
        fallthrough: false,
        etag: false,
        lastModified: false,
        acceptRanges: false,
      },
    }),
  );
  // The other public files (favicon, images) are few: only their names go to the file system,
  // so a page request does not first look for a file of its path on disk.
  const publicFiles = express.static(clientDir, { maxAge: "1d" });
  const publicNames = new Set(readdirSync(clientDir).filter((name) => name !== "assets"));
  app.use((req, res, next) => {
    if (!publicNames.has(req.path.split("/")[1] ?? "")) return next();
    res.locals.route = "(public file)";
    return publicFiles(req, res, next);
  });
  app.use(handle(build));
  return app;
}
