import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** Routes of the designer area (pages, form actions and their /api calls). */
export const designerRoutes: RouteConfigEntry[] = [
  route("design", "routes/designer/design.tsx"),
  route("merchant/popular_design", "routes/designer/popular-designs.tsx"),
  route("merchant/popular_design/:id", "routes/designer/popular-design-edit.tsx"),
  route("api/patterns/:kind", "routes/designer/api.patterns.ts"),
  route("api/assets/*", "routes/designer/api.assets.ts"),
  route("api/images/:id", "routes/designer/api.images.ts"),
  route("api/designs/:id/preview.svg", "routes/designer/api.design-preview.ts"),
  route("api/designer/preview.svg", "routes/designer/api.preview.ts"),
  route("api/design", "routes/designer/api.design.ts"),
  route("api/design/quote", "routes/designer/api.design-quote.ts"),
  route("api/design/merchant/popular_designs", "routes/designer/api.popular-designs.ts"),
  route("api/design/merchant/:id", "routes/designer/api.merchant-design.ts"),
];
