import { redirect } from "react-router";
import type { Role } from "~/data/generated/enums";
import { redirectWithInfo } from "~/lib/toast.server";
import { getSessionUser, type SessionUser } from "./session.server";

/**
 * The guards every loader and action calls first. Pages redirect (to /login with the
 * notice, or to / for the wrong role); JSON calls answer 401 or 403 with { error }.
 */

export const PLEASE_LOG_IN = "กรุณาเข้าสู่ระบบ";
export const NOT_ALLOWED = "คุณไม่มีสิทธิ์ใช้งานส่วนนี้";

export function getOptionalUser(request: Request): Promise<SessionUser | null> {
  return getSessionUser(request);
}

export function hasRole(user: Pick<SessionUser, "roles"> | null, roles: Role | readonly Role[]): boolean {
  if (!user) return false;
  const wanted = typeof roles === "string" ? [roles] : roles;
  return wanted.some((role) => user.roles.includes(role));
}

/** A page's own path: React Router's data requests add ".data" (and "_root.data" for "/"). */
function pagePath(url: URL): string {
  if (url.pathname === "/_root.data") return "/";
  return url.pathname.replace(/\.data$/, "");
}

/** Where to come back to after logging in: the page's path and query (without React Router's own parameters). */
function returnPath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return pagePath(url) + (search ? `?${search}` : "");
}

/** A page for anyone signed in; visitors go to /login and come back after. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) {
    const back = request.method === "GET" ? returnPath(request) : pagePath(new URL(request.url));
    throw await redirectWithInfo(`/login?redirectTo=${encodeURIComponent(back)}`, PLEASE_LOG_IN);
  }
  return user;
}

/** A page for holders of one of the roles; anyone else signed in goes to /. */
export async function requireRole(request: Request, roles: Role | readonly Role[]): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!hasRole(user, roles)) throw redirect("/");
  return user;
}

/** A page for visitors only (register, login): someone signed in is sent on to their home. */
export async function requireVisitor(request: Request): Promise<void> {
  const user = await getSessionUser(request);
  if (user) throw redirect(homeFor(user));
}

/** Landing after login: admin, then merchant, then customer. */
export function homeFor(user: Pick<SessionUser, "roles">): string {
  if (user.roles.includes("admin")) return "/admin";
  if (user.roles.includes("merchant")) return "/merchant";
  return "/design?category=shirt";
}

export function apiError(status: number, error: string): Response {
  return Response.json({ error }, { status });
}

/** A JSON call for anyone signed in: 401 otherwise. */
export async function requireApiUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw apiError(401, PLEASE_LOG_IN);
  return user;
}

/** A JSON call for holders of one of the roles: 401 or 403 otherwise. */
export async function requireApiRole(request: Request, roles: Role | readonly Role[]): Promise<SessionUser> {
  const user = await requireApiUser(request);
  if (!hasRole(user, roles)) throw apiError(403, NOT_ALLOWED);
  return user;
}
