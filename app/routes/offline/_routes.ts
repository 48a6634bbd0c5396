import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** A bad connection (issue 51): the service worker and the page it shows offline. */
export const offlineRoutes: RouteConfigEntry[] = [
  route("sw.js", "routes/offline/sw.ts"),
  route("offline", "routes/offline/offline-page.ts"),
];
