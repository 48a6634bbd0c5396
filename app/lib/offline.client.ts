/**
 * The page's side of a bad connection (issue 51), with JavaScript only: registers the shop's
 * service worker (app/routes/offline/service-worker.js) for this build, and while the page shows
 * data kept from before (the worker marks such a page, or tells it after a JavaScript navigation)
 * or the browser is offline, a bar says so and when the data is from, and forms are not sent:
 * a post would fail, and what was typed stays on the page.
 */

const BAR_ID = "offline-bar";
const timeFormat = new Intl.DateTimeFormat("th-TH-u-ca-buddhist", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Bangkok",
});

let offline = false;

/** The bar at the top of the page; `at` is when the data shown was drawn (null: unknown). */
function showOffline(at: string | null) {
  offline = true;
  document.documentElement.dataset.offline = "1";
  let bar = document.getElementById(BAR_ID);
  if (!bar) {
    bar = document.createElement("div");
    bar.id = BAR_ID;
    bar.setAttribute("role", "status");
    bar.className =
      "sticky top-0 z-50 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-amber-100 px-4 py-2 text-center text-sm text-amber-950 ring-1 ring-amber-300";
    document.body.prepend(bar);
  }
  const when = at && !Number.isNaN(Date.parse(at)) ? timeFormat.format(new Date(at)) : null;
  bar.replaceChildren();
  const words = document.createElement("span");
  words.textContent = when
    ? `ออฟไลน์: ข้อมูลเมื่อ ${when} ส่งฟอร์มไม่ได้จนกว่าจะกลับมาออนไลน์`
    : "ออฟไลน์: ไม่มีการเชื่อมต่ออินเทอร์เน็ต ส่งฟอร์มไม่ได้จนกว่าจะกลับมาออนไลน์";
  const again = document.createElement("a");
  again.href = location.href;
  again.className = "font-semibold underline";
  again.textContent = "ลองอีกครั้ง";
  bar.append(words, again);
}

function showOnline() {
  offline = false;
  delete document.documentElement.dataset.offline;
  document.getElementById(BAR_ID)?.remove();
}

export function watchConnection() {
  const kept = document.querySelector<HTMLMetaElement>('meta[name="shop-offline-at"]');
  if (kept) showOffline(kept.content);
  else if (!navigator.onLine) showOffline(null);
  window.addEventListener("offline", () => showOffline(null));
  window.addEventListener("online", () => {
    // A page drawn from the kept copy is still old: the bar goes when the page is asked again.
    if (!kept) showOnline();
  });
  // Forms are not sent while offline (capture: before React Router's own handler).
  document.addEventListener(
    "submit",
    (event) => {
      if (!offline) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      document.getElementById(BAR_ID)?.focus();
    },
    true,
  );
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent<{ type?: string; at?: string }>) => {
    if (event.data?.type === "offline") showOffline(event.data.at ?? null);
  });
  const build = (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version ?? "0";
  // After the page has loaded: the worker never stands in the first paint's way.
  const register = () => navigator.serviceWorker.register(`/sw.js?v=${encodeURIComponent(build)}`, { scope: "/" });
  if (document.readyState === "complete") void register().catch(() => {});
  else window.addEventListener("load", () => void register().catch(() => {}), { once: true });
}
