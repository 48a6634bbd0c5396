import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** Routes of the tailor area (pages, form actions and their /api calls). */
export const tailorRoutes: RouteConfigEntry[] = [
  route("merchant/pricing", "routes/tailor/pricing.tsx"),
  route("admin/manage/pricings", "routes/tailor/admin-pricings.tsx"),
  route("api/merchants/pricing", "routes/tailor/api.merchants-pricing.ts"),
  route("merchant/statistics", "routes/tailor/statistics.tsx"),
  route("merchant/info", "routes/tailor/shops.tsx"),
  route("merchant/info/:id", "routes/tailor/shop-page.tsx"),
  route("merchant/info/:id/reviews", "routes/tailor/reviews.tsx"),
  route("merchant/shop", "routes/tailor/shop-settings.tsx"),
  route("admin/manage/shops", "routes/tailor/admin-shop.tsx"),
  route("api/merchants/me/shop", "routes/tailor/api.merchant-shop.ts"),
  route("api/merchants/:id/reviews", "routes/tailor/api.merchant-reviews.ts"),
  route("api/public/merchants", "routes/tailor/api.public-merchants.ts"),
  route("api/merchants/statistics", "routes/tailor/api.merchants-statistics.ts"),
  route("api/charts/chart.svg", "routes/tailor/api.chart-image.ts"),
];
