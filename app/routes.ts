import { type RouteConfig, route } from "@react-router/dev/routes";
import { accountRoutes } from "./routes/account/_routes";
import { adminRoutes } from "./routes/admin/_routes";
import { designerRoutes } from "./routes/designer/_routes";
import { lineRoutes } from "./routes/line/_routes";
import { offlineRoutes } from "./routes/offline/_routes";
import { ordersRoutes } from "./routes/orders/_routes";
import { sharingRoutes } from "./routes/sharing/_routes";
import { shopRoutes } from "./routes/shop/_routes";
import { tailorRoutes } from "./routes/tailor/_routes";

/**
 * The route table: every page, form action and /api call of the shop. Each area lists
 * its own routes in app/routes/<area>/_routes.ts; files there are that area's modules.
 */
export default [
  ...shopRoutes,
  ...accountRoutes,
  ...designerRoutes,
  ...ordersRoutes,
  ...tailorRoutes,
  ...adminRoutes,
  ...lineRoutes,
  ...sharingRoutes,
  ...offlineRoutes,
  route("*", "routes/shop/not-found.tsx"),
] satisfies RouteConfig;
