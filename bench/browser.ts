// Page loads in Chromium under DevTools' network presets and a 4x slower CPU: bytes on the wire
// by type (CDP Network events, compressed as transferred, headers included), first contentful
// paint and the time until every script has loaded.
import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, type CDPSession, chromium } from "@playwright/test";
import { chromiumArgs, cpuSlowdown, type NetworkProfile, phone } from "./config";

export type ResourceKind = "html" | "css" | "js" | "font" | "img" | "other";
export const resourceKinds: ResourceKind[] = ["html", "css", "js", "font", "img", "other"];

export interface PageLoad {
  bytes: Record<ResourceKind, number> & { total: number };
  requests: number;
  fcpMs: number | null;
  scriptsLoadedMs: number | null;
  loadEventMs: number | null;
  failed: string[];
  status: number | null;
  /** When the document, and the last stylesheet, had fully arrived (ms from the navigation's request). */
  htmlDoneMs: number | null;
  cssDoneMs: number | null;
  /** Every response: path, kind, bytes on the wire, when it had fully arrived. */
  resources: { url: string; kind: ResourceKind; bytes: number; doneMs: number | null }[];
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined,
    args: chromiumArgs,
  });
}

function kindOf(mimeType: string, resourceType: string): ResourceKind {
  const mime = mimeType.toLowerCase();
  if (resourceType === "Document" || mime.includes("html")) return "html";
  if (mime.includes("css")) return "css";
  if (mime.includes("javascript") || mime.includes("ecmascript")) return "js";
  if (mime.startsWith("font/") || mime.includes("woff") || mime.includes("opentype") || mime.includes("truetype"))
    return "font";
  if (mime.startsWith("image/")) return "img";
  return "other";
}

async function newContext(
  browser: Browser,
  cookie?: { name: string; value: string },
  origin?: string,
  javaScriptEnabled = true,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...phone,
    locale: "th-TH",
    timezoneId: "Asia/Bangkok",
    javaScriptEnabled,
  });
  if (cookie && origin) await context.addCookies([{ name: cookie.name, value: cookie.value, url: origin }]);
  return context;
}

/**
 * How long a load goes on. "quiet": until the load event and then a second without network
 * activity, so lazy chunks and data calls count (the bytes). "scripts": until the first paint and
 * every script file the page asks for (`scripts`, from its "quiet" load) has arrived, or as
 * "quiet" if that never happens: the images still arriving after the last script cannot move
 * either figure. "fcp": until the first paint only.
 */
export type LoadUntil = { kind: "quiet" } | { kind: "scripts"; scripts: string[] } | { kind: "fcp" };

/** A page's network as `profile` and its CPU `cpuSlowdown` times slower, through the DevTools protocol. */
async function throttle(cdp: CDPSession, profile: NetworkProfile): Promise<void> {
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: profile.latency,
    downloadThroughput: profile.download,
    uploadThroughput: profile.upload,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
}

/**
 * One cold load of a page, under a network profile with the CPU slowed down, or (no profile) as
 * fast as the machine goes, for the bytes only.
 */
export async function measureLoad(
  browser: Browser,
  url: string,
  profile: NetworkProfile | null,
  cookie?: { name: string; value: string },
  until: LoadUntil = { kind: "quiet" },
): Promise<PageLoad> {
  const context = await newContext(browser, cookie, new URL(url).origin);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    if (profile) await throttle(cdp, profile);
    // The first paint, as soon as it happens (the page's own entry, read once the load ends).
    let painted = false;
    await page.exposeFunction("__benchPainted", () => {
      painted = true;
    });
    await page.addInitScript(() => {
      new PerformanceObserver((list) => {
        if (list.getEntriesByName("first-contentful-paint").length)
          (window as unknown as { __benchPainted: () => void }).__benchPainted();
      }).observe({ type: "paint", buffered: true });
    });

    const kinds = new Map<string, ResourceKind>();
    const urls = new Map<string, string>();
    const resources: PageLoad["resources"] = [];
    const bytes = Object.fromEntries(resourceKinds.map((kind) => [kind, 0])) as Record<ResourceKind, number>;
    const inflight = new Set<string>();
    const arrived = new Set<string>();
    const failed: string[] = [];
    let lastActivity = Date.now();
    let documentStatus: number | null = null;
    let navigationStart: number | null = null;
    const short = (full: string) =>
      full.startsWith("http") ? new URL(full).pathname + new URL(full).search : full.slice(0, 40);
    cdp.on("Network.requestWillBeSent", (event) => {
      if (navigationStart === null && event.type === "Document") navigationStart = event.timestamp;
      inflight.add(event.requestId);
      urls.set(event.requestId, event.request.url);
      lastActivity = Date.now();
    });
    cdp.on("Network.responseReceived", (event) => {
      kinds.set(event.requestId, kindOf(event.response.mimeType, event.type));
      if (event.type === "Document" && documentStatus === null) documentStatus = event.response.status;
    });
    cdp.on("Network.loadingFinished", (event) => {
      inflight.delete(event.requestId);
      lastActivity = Date.now();
      const kind = kinds.get(event.requestId) ?? "other";
      bytes[kind] += event.encodedDataLength;
      const url = short(urls.get(event.requestId) ?? "?");
      arrived.add(url);
      resources.push({
        url,
        kind,
        bytes: event.encodedDataLength,
        doneMs: navigationStart === null ? null : Math.round((event.timestamp - navigationStart) * 1000),
      });
    });
    cdp.on("Network.loadingFailed", (event) => {
      inflight.delete(event.requestId);
      lastActivity = Date.now();
      if (!event.canceled) failed.push(`${event.type}: ${event.errorText}`);
    });

    const scriptInFlight = () =>
      [...inflight].some((id) => kinds.get(id) === "js" || /\.m?js(\?|$)/.test(urls.get(id) ?? ""));
    const done = () => {
      if (until.kind === "fcp") return painted;
      if (until.kind === "scripts" && painted && until.scripts.every((script) => arrived.has(script)))
        return !scriptInFlight();
      return false;
    };
    let loaded = false;
    let navigationError: unknown = null;
    // Not awaited: a load that has what `until` asks for ends before its load event.
    void page.goto(url, { waitUntil: "load", timeout: 180_000 }).then(
      () => {
        loaded = true;
      },
      (error: unknown) => {
        navigationError = error;
      },
    );
    // Until the load event and then a second of quiet network (lazy chunks and data calls count
    // too), or earlier when the load has what `until` asks for.
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline && !done() && navigationError === null) {
      if (loaded && inflight.size === 0 && Date.now() - lastActivity >= 1000) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (navigationError !== null && !done()) throw navigationError;
    const timing = await page.evaluate(() => {
      const fcp = performance.getEntriesByName("first-contentful-paint")[0];
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
      const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter(
        (entry) => /\.m?js(\?|$)/.test(new URL(entry.name).pathname) && entry.responseEnd > 0,
      );
      return {
        fcpMs: fcp ? fcp.startTime : null,
        loadEventMs: navigation?.loadEventEnd ? navigation.loadEventEnd : null,
        scriptsLoadedMs: scripts.length ? Math.max(...scripts.map((entry) => entry.responseEnd)) : null,
      };
    });
    const total = resourceKinds.reduce((sum, kind) => sum + bytes[kind], 0);
    const doneOf = (kind: ResourceKind) => {
      const times = resources.filter((r) => r.kind === kind && r.doneMs !== null).map((r) => r.doneMs!);
      return times.length ? (kind === "html" ? times[0]! : Math.max(...times)) : null;
    };
    return {
      bytes: { ...bytes, total },
      requests: kinds.size,
      ...timing,
      scriptsLoadedMs: until.kind === "fcp" ? null : timing.scriptsLoadedMs,
      htmlDoneMs: doneOf("html"),
      cssDoneMs: doneOf("css"),
      failed,
      status: documentStatus,
      resources,
    };
  } finally {
    await context.close();
  }
}

export interface ContentCheck {
  /** Visible text of the page without JavaScript, as a share of the text with JavaScript. */
  textShare: number;
  formsWithoutJs: number;
  formsWithJs: number;
  /** Lines shown with JavaScript that the page without it lacks (a few, shortened). */
  missingWithoutJs: string[];
}

/** Does the server-rendered page (JavaScript off) show what the page shows once scripts ran? */
export async function checkContentWithoutScripts(browser: Browser, url: string): Promise<ContentCheck> {
  const read = async (javaScriptEnabled: boolean) => {
    const context = await newContext(browser, undefined, undefined, javaScriptEnabled);
    try {
      const page = await context.newPage();
      await page.goto(url, { waitUntil: "load" });
      if (javaScriptEnabled) await page.waitForLoadState("networkidle");
      return await page.evaluate(() => ({
        text: (document.querySelector("main") ?? document.body).textContent,
        forms: document.querySelectorAll("form").length,
      }));
    } finally {
      await context.close();
    }
  };
  const withoutJs = await read(false);
  const withJs = await read(true);
  const flat = (text: string) => text.replace(/\s+/g, " ").trim();
  const linesWithoutJs = new Set(withoutJs.text.split("\n").map(flat));
  const missing = withJs.text
    .split("\n")
    .map(flat)
    .filter((line) => line && !linesWithoutJs.has(line));
  return {
    textShare: flat(withJs.text).length ? Math.min(1, flat(withoutJs.text).length / flat(withJs.text).length) : 1,
    missingWithoutJs: missing.slice(0, 3).map((line) => (line.length > 60 ? `${line.slice(0, 60)}…` : line)),
    formsWithoutJs: withoutJs.forms,
    formsWithJs: withJs.forms,
  };
}

/**
 * Runs `jobs` with at most `concurrency` at a time, in the order given; answers in that order.
 */
export async function inPool<T, R>(jobs: T[], concurrency: number, work: (job: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      results[index] = await work(jobs[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, jobs.length)) }, worker));
  return results;
}

export interface RepeatVisit {
  /** First contentful paint of the first visit (empty cache) and of the visit after it, same browser. */
  firstFcpMs: number | null;
  repeatFcpMs: number | null;
  /** The repeat visit was painted from the service worker's kept copy (read anew at once). */
  fromKeptCopy: boolean;
}

/**
 * A person opening a page twice (issue 51): a first visit with an empty cache, and once the
 * shop's service worker has kept the page, a second visit in a new tab of the same browser, both
 * under the network profile with the CPU slowed down.
 */
export async function measureRepeatVisit(
  browser: Browser,
  url: string,
  profile: NetworkProfile,
  cookie?: { name: string; value: string },
): Promise<RepeatVisit> {
  const context = await newContext(browser, cookie, new URL(url).origin);
  const visit = async () => {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await throttle(cdp, profile);
    await page.goto(url, { waitUntil: "load", timeout: 180_000 });
    const fcpMs = (await page
      .waitForFunction(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null, null, {
        timeout: 60_000,
      })
      .then((handle) => handle.jsonValue())) as number;
    const fromKeptCopy = await page.evaluate(() => document.querySelector('meta[name="shop-refresh-at"]') !== null);
    return { page, fcpMs, fromKeptCopy };
  };
  try {
    const first = await visit();
    // Until the worker is in charge and has kept this page (it registers after the load).
    const pathname = new URL(url).pathname;
    await first.page.waitForFunction(
      async (path) => {
        if (!navigator.serviceWorker.controller) return false;
        const kept = await (await caches.open("shop-pages")).keys();
        return kept.some((request) => new URL(request.url).pathname === path);
      },
      pathname,
      { timeout: 120_000, polling: 250 },
    );
    await first.page.close();
    const again = await visit();
    return { firstFcpMs: first.fcpMs, repeatFcpMs: again.fcpMs, fromKeptCopy: again.fromKeptCopy };
  } finally {
    await context.close();
  }
}
