// What the benchmark measures and against which budgets. Sizes and durations can be
// turned down with environment variables while working on the tool itself.
import path from "node:path";

export const benchDir = import.meta.dirname;
export const projectRoot = path.resolve(benchDir, "..");
export const workDir = path.join(benchDir, ".data");

function intFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
}

export const scale = {
  orders: intFromEnv("BENCH_ORDERS", 100_000),
  users: intFromEnv("BENCH_USERS", 10_000),
  tailors: intFromEnv("BENCH_TAILORS", 50),
  /** Popular (tailor-made, approved) designs per tailor. */
  designsPerTailor: 4,
};

/** Ports on 127.0.0.1 only. */
const basePort = intFromEnv("BENCH_PORT", 3301);
export const ports = { shop: basePort, floor: basePort + 1, probe: basePort + 2, probeCounter: basePort + 3 };

export const load = {
  connections: 10,
  warmupSeconds: intFromEnv("BENCH_WARMUP", 2),
  seconds: intFromEnv("BENCH_SECONDS", 10),
  /** The JSON and artwork calls: shorter, they are only compared. */
  callSeconds: intFromEnv("BENCH_CALL_SECONDS", 5),
};

/** Browser loads per page and network profile; the median is reported. */
// Three loads, the median: one cold load under a 4x slower CPU varies by several hundred ms.
export const browserRuns = intFromEnv("BENCH_RUNS", 3);

export type Login = "user" | "tailor" | "admin";

export const logins: Record<Login, string> = {
  user: "user@example.com",
  tailor: "tailor1@example.com",
  admin: "admin@example.com",
};
export const loginPassword = "demo1234";

export interface PageTarget {
  path: string;
  public: boolean;
  login?: Login;
}

export const pages: PageTarget[] = [
  { path: "/", public: true },
  // The menus link here; bare /design redirects to it.
  { path: "/design?category=shirt", public: true },
  { path: "/merchant/info", public: true },
  { path: "/login", public: true },
  { path: "/register", public: true },
  { path: "/contact", public: true },
  { path: "/cart", public: false, login: "user" },
  { path: "/user/orders", public: false, login: "user" },
  { path: "/merchant", public: false, login: "tailor" },
  { path: "/admin/manage/orders", public: false, login: "admin" },
];

/** The framework floor's one page. */
export const floorPath = "/";

/** Catalogue calls that must be answered from memory (no database query). */
export const catalogueCalls = ["/api/patterns/shirt", "/api/patterns/color", "/api/assets/patterns/shirt1.svg"];
/** A call that does read the database: shows that the query counter counts. */
export const databaseControlCall = "/api/public/info";

/**
 * Chrome DevTools' presets (DevTools NetworkManager.ts; Puppeteer's PredefinedNetworkConditions
 * copies them): bytes per second, and a per-request latency that models the preset's RTT.
 * "Slow 4G" is the former "Fast 3G", renamed in DevTools.
 */
export const networkProfiles = [
  {
    name: "Slow 3G",
    rttMs: 400,
    downloadKbps: 400,
    download: ((500 * 1000) / 8) * 0.8,
    upload: ((500 * 1000) / 8) * 0.8,
    latency: 400 * 5,
  },
  {
    name: "Slow 4G",
    rttMs: 150,
    downloadKbps: 1440,
    download: ((1.6 * 1000 * 1000) / 8) * 0.9,
    upload: ((750 * 1000) / 8) * 0.9,
    latency: 150 * 3.75,
  },
] as const;
export type NetworkProfile = (typeof networkProfiles)[number];
export const cpuSlowdown = 4;

/** A phone like the one Lighthouse's mobile run emulates. */
export const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export const budgets = {
  publicFcpSlow3gMs: 3000,
  /** "Full content without scripts": the page with JavaScript off shows at least this share of the
   * text the page shows once scripts ran (hints about dragging on a canvas may be missing), and every form. */
  minTextShareWithoutJs: 0.85,
  publicJsToFloor: 1.3,
  homeHtmlCssFontBytes: 60_000,
  adminOrdersP99Ms: 200,
  adminOrdersPath: "/admin/manage/orders",
  minOrdersForAdminBudget: 100_000,
};
