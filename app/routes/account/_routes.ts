import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** Accounts: sign-up, login, logout, a forgotten password, one's own profile, and their JSON calls. */
export const accountRoutes: RouteConfigEntry[] = [
  route("register", "routes/account/register.tsx"),
  route("login", "routes/account/login.tsx"),
  route("logout", "routes/account/logout.ts"),
  route("forgot-password", "routes/account/forgot-password.tsx"),
  route("reset-password/:token", "routes/account/reset-password.tsx"),
  route("profile", "routes/account/profile.tsx"),
  route("profile/edit", "routes/account/profile-edit.tsx"),
  route("profile/data", "routes/account/my-data.tsx"),
  route("profile/data/export", "routes/account/my-data-export.ts"),
  route("profile/delete", "routes/account/close-account.tsx"),
  route("profile/measurements", "routes/account/measurements.tsx"),
  route("measurements/guide", "routes/account/measuring-guide.tsx"),
  route("notifications", "routes/account/notifications.tsx"),
  route("notifications/:id", "routes/account/notification-open.ts"),
  route("api/auth/register", "routes/account/api.register.ts"),
  route("api/auth/login", "routes/account/api.login.ts"),
  route("api/auth/logout", "routes/account/api.logout.ts"),
  route("api/user/profile", "routes/account/api.profile.ts"),
  route("api/user/line/reset", "routes/account/api.line-reset.ts"),
  route("api/user/measurements", "routes/account/api.measurements.ts"),
  route("api/user/notifications", "routes/account/api.notifications.ts"),
  route("api/user/notifications/read", "routes/account/api.notifications-read.ts"),
];
