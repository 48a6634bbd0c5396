import { requireApiRole } from "~/auth/guards.server";
import type { SessionUser } from "~/auth/session.server";
import type { AdminUser } from "~/domain/admin/users.server";
import { DomainError } from "~/domain/errors";

/** Pieces the admin JSON calls share. */

export function requireAdminApi(request: Request): Promise<SessionUser> {
  return requireApiRole(request, "admin");
}

/** A record id from the path: a positive integer, or "not found". */
export function idParam(value: string | undefined, notFound: string): number {
  const id = Number(value);
  if (!value || !/^\d{1,9}$/.test(value) || !Number.isSafeInteger(id) || id < 1)
    throw new DomainError("not_found", notFound);
  return id;
}

/** A user as the JSON calls show it: never the password. */
export function userJson(user: AdminUser) {
  return { ...user, createdAt: user.createdAt.toISOString() };
}
