import type { AdminUser } from "~/domain/admin/users.server";

/** A user as the admin JSON calls show it: never the password. */
export function userJson(user: AdminUser) {
  return { ...user, createdAt: user.createdAt.toISOString() };
}
