import { index, route } from "@react-router/dev/routes";

/** Public pages of the shop: home, contact, the home counts. */
export const shopRoutes = [
  index("routes/shop/home.tsx"),
  route("contact", "routes/shop/contact.tsx"),
  route("privacy", "routes/shop/privacy.tsx"),
  route("api/public/info", "routes/shop/api.public-info.ts"),
];
