import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/**
 * Sharing and installing the shop (issue 50): the web app manifest, the preview pictures a shared
 * link shows (addressed by what they show), and the public page of each design on sale.
 */
export const sharingRoutes: RouteConfigEntry[] = [
  route("manifest.webmanifest", "routes/sharing/manifest.ts"),
  route("designs/:id", "routes/sharing/design-page.tsx"),
  route("share/site/:file", "routes/sharing/picture-site.ts"),
  route("share/shops/:id/:file", "routes/sharing/picture-shop.ts"),
  route("share/designs/:id/:file", "routes/sharing/picture-design.ts"),
  route("share/designer/:file", "routes/sharing/picture-designer.ts"),
];
