// Page loads in Chromium under DevTools' network presets and a 4x slower CPU: bytes on the wire
// by type (CDP Network events, compressed as transferred, headers included), first contentful
// paint and the time until every script has loaded.
import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, chromium } from "@playwright/test";
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

/** One cold load of a page under a network profile. */
export async function measureLoad(
  browser: Browser,
  url: string,
  profile: NetworkProfile,
  cookie?: { name: string; value: string },
): Promise<PageLoad> {
  const context = await newContext(browser, cookie, new URL(url).origin);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: profile.latency,
      downloadThroughput: profile.download,
      uploadThroughput: profile.upload,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });

    const kinds = new Map<string, ResourceKind>();
    const urls = new Map<string, string>();
    const resources: PageLoad["resources"] = [];
    const bytes = Object.fromEntries(resourceKinds.map((kind) => [kind, 0])) as Record<ResourceKind, number>;
    const inflight = new Set<string>();
    const failed: string[] = [];
    let lastActivity = Date.now();
    let documentStatus: number | null = null;
    let navigationStart: number | null = null;
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
      const url = urls.get(event.requestId) ?? "?";
      resources.push({
        url: url.startsWith("http") ? new URL(url).pathname + new URL(url).search : url.slice(0, 40),
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

    await page.goto(url, { waitUntil: "load", timeout: 180_000 });
    // Then until the network has been quiet for a second: lazy chunks and data calls count too.
    const quietDeadline = Date.now() + 60_000;
    while (Date.now() < quietDeadline && (inflight.size > 0 || Date.now() - lastActivity < 1000)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const timing = await page.evaluate(() => {
      const fcp = performance.getEntriesByName("first-contentful-paint")[0];
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
      const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((entry) =>
        /\.m?js(\?|$)/.test(new URL(entry.name).pathname),
      );
      return {
        fcpMs: fcp ? fcp.startTime : null,
        loadEventMs: navigation ? navigation.loadEventEnd : null,
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
