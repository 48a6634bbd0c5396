import serviceWorker from "./service-worker.js?raw";

/**
 * /sw.js: the shop's service worker (./service-worker.js, issue 51). The page registers it as
 * /sw.js?v=<build>, so each build is a new worker; the script itself is asked again on every
 * registration check (no-cache), and may control the whole shop.
 */
export function loader() {
  return new Response(serviceWorker, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      "Service-Worker-Allowed": "/",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
