import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** The JSON calls of the admin area answer under both /api/admin/... and /admin/... (spec section 7). */
function bothPrefixes(path: string, file: string): RouteConfigEntry[] {
  return [route(`api/${path}`, file, { id: `api/${path}` }), route(path, file, { id: path })];
}

/** Routes of the admin area (pages, form actions and their /api calls). */
export const adminRoutes: RouteConfigEntry[] = [
  route("admin", "routes/admin/dashboard.tsx"),
  route("admin/manage/users", "routes/admin/users.tsx"),
  route("admin/manage/designs", "routes/admin/designs.tsx"),
  route("admin/manage/orders", "routes/admin/orders.tsx"),
  route("admin/manage/audit", "routes/admin/audit.tsx"),
  route("admin/manage/reviews", "routes/admin/reviews.tsx"),
  route("admin/manage/problems", "routes/admin/problems.tsx"),
  route("admin/manage/audit/export", "routes/admin/audit-export.ts"),
  ...bothPrefixes("admin/dashboard/statistics", "routes/admin/api.statistics.ts"),
  ...bothPrefixes("admin/users", "routes/admin/api.users.ts"),
  ...bothPrefixes("admin/users/:id", "routes/admin/api.user.ts"),
  ...bothPrefixes("admin/designs/pending", "routes/admin/api.designs-pending.ts"),
  ...bothPrefixes("admin/designs/:id/:decision", "routes/admin/api.design-decision.ts"),
  ...bothPrefixes("admin/orders", "routes/admin/api.orders.ts"),
  ...bothPrefixes("admin/orders/:id/status", "routes/admin/api.order-status.ts"),
  ...bothPrefixes("admin/problems", "routes/admin/api.problems.ts"),
  ...bothPrefixes("admin/problems/:id/close", "routes/admin/api.problem-close.ts"),
];
