import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** LINE: linking an account with LINE Login, logging in with a linked one (also inside LINE: the LIFF page), the callback, and the admins' view of undelivered messages. */
export const lineRoutes: RouteConfigEntry[] = [
  route("line/link", "routes/line/link.ts"),
  route("line/login", "routes/line/login.ts"),
  route("line/callback", "routes/line/callback.ts"),
  route("admin/line-outbox", "routes/line/admin-outbox.tsx"),
  route("liff", "routes/line/liff.tsx"),
  route("api/auth/line/liff", "routes/line/api.liff.ts"),
];
