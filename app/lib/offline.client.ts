import { connectionBar } from "./connection-bar.client";
import { CONNECTION_LOST } from "./resend.client";

/**
 * The page's side of a bad connection (issue 51), with JavaScript only: registers the shop's
 * service worker (app/routes/offline/service-worker.js) for this build. While the page shows data
 * kept from before (the worker marks such a page, or tells it after a JavaScript navigation), a bar
 * says so and when the data is from, and its forms are not sent: they belong to a page that may no
 * longer be true, and what was typed stays on the page. When a live page loses the connection, the
 * bar says so and its forms still try (a write that does not get through waits to be sent again:
 * resend.client.ts). A kept page opened again online is shown from its copy at once (the worker
 * marks it `shop-refresh-at`) while its data is read anew (components/kept-page-refresh.tsx): the
 * bar says it is updating and its forms wait for the live data.
 */

const BAR_ID = "offline-bar";
const timeFormat = new Intl.DateTimeFormat("th-TH-u-ca-buddhist", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Bangkok",
});

/** When the kept data the page shows was drawn; null while the page is live. Its forms are not sent. */
let keptAt: string | null = null;

/**
 * The bar at the top of the page; `at` is when the kept data shown was drawn (null: a live page
 * offline); `updating`: online, the page's data is being read anew.
 */
function showOffline(at: string | null, updating = false) {
  if (at) {
    keptAt = at;
    document.documentElement.dataset.offline = "1";
  }
  const { bar } = connectionBar(BAR_ID, { role: "status", place: "top" });
  const when = keptAt && !Number.isNaN(Date.parse(keptAt)) ? timeFormat.format(new Date(keptAt)) : null;
  bar.replaceChildren();
  const words = document.createElement("span");
  if (updating) {
    words.textContent = `กำลังอัปเดตข้อมูล… แสดงข้อมูลเมื่อ ${when ?? ""}`.trim();
    bar.append(words);
    return;
  }
  words.textContent = when ? `ออฟไลน์: ข้อมูลเมื่อ ${when} ส่งฟอร์มไม่ได้จนกว่าจะกลับมาออนไลน์` : "ออฟไลน์: ไม่มีการเชื่อมต่ออินเทอร์เน็ต";
  const again = document.createElement("a");
  again.href = location.href;
  again.className = "font-semibold underline";
  again.textContent = "ลองอีกครั้ง";
  bar.append(words, again);
}

function showOnline() {
  keptAt = null;
  delete document.documentElement.dataset.offline;
  document.getElementById(BAR_ID)?.remove();
}

export function watchConnection() {
  const kept = document.querySelector<HTMLMetaElement>('meta[name="shop-offline-at"]');
  const refreshing = document.querySelector<HTMLMetaElement>('meta[name="shop-refresh-at"]');
  if (kept) showOffline(kept.content);
  else if (refreshing) showOffline(refreshing.content, true);
  else if (!navigator.onLine) showOffline(null);
  window.addEventListener("offline", () => showOffline(null));
  // A kept page's data could not be read anew (resend.client.ts waits for the connection): offline.
  window.addEventListener(CONNECTION_LOST, () => showOffline(keptAt));
  window.addEventListener("online", () => {
    // A page drawn from the kept copy is still old: the bar goes when the page is asked again.
    if (!keptAt) showOnline();
  });
  // A kept copy's forms are not sent (capture: before React Router's own handler).
  document.addEventListener(
    "submit",
    (event) => {
      if (!keptAt) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      document.getElementById(BAR_ID)?.focus();
    },
    true,
  );
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent<{ type?: string; at?: string }>) => {
    if (event.data?.type === "offline") showOffline(event.data.at ?? null);
    // A JavaScript navigation answered by the network: the page is live again.
    if (event.data?.type === "fresh") showOnline();
  });
  const build = (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version ?? "0";
  // After the page has loaded: the worker never stands in the first paint's way.
  const register = () => navigator.serviceWorker.register(`/sw.js?v=${encodeURIComponent(build)}`, { scope: "/" });
  if (document.readyState === "complete") void register().catch(() => {});
  else window.addEventListener("load", () => void register().catch(() => {}), { once: true });
}
