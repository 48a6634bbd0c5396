/*
 * The shop's service worker (issue 51), served as /sw.js?v=<build> by ./sw.ts and registered by
 * the page's own script (app/entry.client.tsx): without JavaScript there is none.
 *
 * - Pages are asked of the network, with one exception: a kept page (below) opened again while a
 *   copy drawn by this build in the last half hour is here is shown from that copy at once, marked
 *   with <meta name="shop-refresh-at">: the page's script shows "กำลังอัปเดตข้อมูล…", stops its
 *   forms and reads the page's data from the network at once (a JavaScript read, network first),
 *   which makes it live. So a repeat visit paints without waiting for a slow network, and nobody
 *   acts on data older than what the network says now. Any other page is always the network's.
 *   Offline, the kept pages are shown from the copy last drawn for this browser, marked with
 *   <meta name="shop-offline-at"> (the bar "ออฟไลน์: ข้อมูลเมื่อ …", forms stopped); any other
 *   page is the Thai offline page.
 * - Fingerprinted files (scripts, styles, fonts, catalogue and design pictures) come from the
 *   cache once seen: their addresses change when their bytes do.
 * - Nothing personal outlives the person: the kept pages are emptied when anyone logs in or out
 *   here (a post to a login or logout address, LINE's return) and when the shop answers 401 or
 *   sends a kept page to /login (the session ended).
 * - A new build registers /sw.js?v=<new build>: the new worker takes over at once and deletes the
 *   older build's files.
 */

const VERSION = new URL(self.location.href).searchParams.get("v") || "0";
const FILES = `shop-files-${VERSION}`;
const PAGES = "shop-pages";
const OFFLINE_PAGE = "/offline";
/** When a kept copy was drawn, and by which build: headers of the copy, never sent by the shop. */
const KEPT_AT = "x-shop-kept-at";
const KEPT_BUILD = "x-shop-kept-build";
/** A kept copy younger than this, of this build, is shown at once while its data is read anew. */
const SHOW_KEPT_FIRST_MS = 30 * 60_000;

/** The pages a person may want on a bad connection: their orders, an order (with its PromptPay QR), the cart, measurements, and the visitor's pages. */
const KEPT_PAGES = [
  /^\/$/,
  /^\/design$/,
  /^\/merchant\/info(?:\/\d+)?$/,
  /^\/user\/orders$/,
  /^\/user\/product\/\d+$/,
  /^\/cart$/,
  /^\/profile\/measurements$/,
  /^\/measurements\/guide$/,
];
/** Pictures a kept page shows that belong to its person (the order's PromptPay QR). */
const KEPT_PICTURES = [/^\/api\/orders\/\d+\/payment\/qr\.png$/];
/** Files whose address changes with their bytes. */
const FINGERPRINTED = [
  /^\/assets\//,
  /^\/fonts\//,
  /^\/icons\//,
  /^\/images\//,
  /^\/api\/assets\//,
  /^\/api\/images\/\d+$/,
];
/** Where a person logs in or out (with JavaScript a form posts to the page's .data address). */
const SIGN_IN_OR_OUT =
  /^\/(?:login|logout|register|reset-password\/[^/]+|api\/auth\/[^/]+|line\/callback|liff|api\/auth\/line\/liff)(?:\.data)?$/;

const matches = (patterns, pathname) => patterns.some((pattern) => pattern.test(pathname));
/** The page a JavaScript navigation reads (/user/orders.data → /user/orders; /_root.data → /). */
const pageOfData = (pathname) => (pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, ""));

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const files = await caches.open(FILES);
      await files.add(new Request(OFFLINE_PAGE, { cache: "reload" }));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith("shop-files-") && name !== FILES) await caches.delete(name);
      await self.clients.claim();
      // The pages open now were drawn before this worker: kept from the start, as later ones are.
      for (const client of await self.clients.matchAll({ type: "window" })) {
        const url = new URL(client.url);
        const request = new Request(url, { credentials: "same-origin" });
        if (url.origin !== self.location.origin || !isKept(url.pathname, request)) continue;
        const response = await fetch(request).catch(() => null);
        if (response?.ok && !response.redirected) await keep(request, response);
      }
    })(),
  );
});

/** Every kept page and picture goes: another person may be next at this browser. */
function forgetPeople() {
  return caches.delete(PAGES);
}

self.addEventListener("message", (event) => {
  if (event.data?.type === "forget-people") event.waitUntil(forgetPeople());
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (SIGN_IN_OR_OUT.test(url.pathname)) {
    // Before and after: nothing kept for one person is shown to the next.
    event.waitUntil(forgetPeople());
    if (request.method !== "GET") return;
  }
  if (request.method !== "GET") return;
  if (matches(FINGERPRINTED, url.pathname)) return event.respondWith(fromFilesFirst(request));
  if (request.mode === "navigate") return event.respondWith(page(event, url.pathname, true));
  if (url.pathname.endsWith(".data") && matches(KEPT_PAGES, pageOfData(url.pathname)))
    return event.respondWith(page(event, pageOfData(url.pathname), false));
  if (matches(KEPT_PICTURES, url.pathname)) return event.respondWith(page(event, url.pathname, false));
});

async function fromFilesFirst(request) {
  const files = await caches.open(FILES);
  const kept = await files.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await files.put(request, response.clone());
  return response;
}

/** The network's answer, kept when it is one of the kept pages; offline, the kept copy or the offline page. */
async function page(event, pathname, isDocument) {
  const { request } = event;
  if (isDocument && self.navigator.onLine !== false && isKept(pathname, request)) {
    const kept = await (await caches.open(PAGES)).match(request, { ignoreVary: true });
    const age = Date.now() - Date.parse(kept?.headers.get(KEPT_AT) ?? "");
    if (kept && kept.headers.get(KEPT_BUILD) === VERSION && age >= 0 && age < SHOW_KEPT_FIRST_MS)
      return marked(kept, "shop-refresh-at");
  }
  try {
    const response = await fetch(request);
    const landedOnLogin = response.redirected && new URL(response.url).pathname === "/login";
    if (response.status === 401 || landedOnLogin) await forgetPeople();
    else if (response.ok && !response.redirected && isKept(pathname, request))
      event.waitUntil(keep(request, response.clone()));
    // A JavaScript navigation that reached the network: its page shows live data again.
    if (!isDocument && response.ok) tellPage(event.clientId, null, "fresh");
    return response;
  } catch (failure) {
    const kept = isKept(pathname, request)
      ? await (await caches.open(PAGES)).match(request, { ignoreVary: true })
      : undefined;
    if (kept) {
      if (!isDocument) tellPage(event.clientId, kept.headers.get(KEPT_AT));
      return isDocument ? marked(kept, "shop-offline-at") : kept;
    }
    if (isDocument) return (await caches.match(OFFLINE_PAGE)) ?? Response.error();
    throw failure;
  }
}

function isKept(pathname, request) {
  if (matches(KEPT_PICTURES, pathname)) return true;
  // One address per page: a list's later pages and filters are not kept (a JavaScript
  // navigation's `_routes`, which routes' data it reads, is part of the same page).
  const asked = [...new URL(request.url).searchParams.keys()];
  return matches(KEPT_PAGES, pathname) && asked.every((key) => key === "_routes");
}

async function keep(request, response) {
  const headers = new Headers(response.headers);
  headers.set(KEPT_AT, new Date().toISOString());
  headers.set(KEPT_BUILD, VERSION);
  const copy = new Response(await response.arrayBuffer(), { status: response.status, headers });
  await (await caches.open(PAGES)).put(request, copy);
}

/** The kept page with the time it was drawn, for the page's script (`name`: offline, or read anew now). */
async function marked(kept, name) {
  const html = await kept.text();
  const at = kept.headers.get(KEPT_AT) ?? "";
  const headers = new Headers(kept.headers);
  headers.delete("content-length");
  headers.delete("content-encoding");
  return new Response(html.replace("<head>", `<head><meta name="${name}" content="${at}">`), {
    status: 200,
    headers,
  });
}

async function tellPage(clientId, at, type = "offline") {
  const client = clientId ? await self.clients.get(clientId) : null;
  client?.postMessage({ type, at });
}
