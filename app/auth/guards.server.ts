import { createContext, data, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { isDatabaseBusy } from "~/data/database-errors.server";
import type { Role } from "~/data/generated/enums";
import type { SessionUser } from "~/domain/users/sessions.server";
import { answerOnce } from "~/http/answer-once.server";
import { pagePath } from "~/http/paths";
import { databaseBusyJson, jsonError, orPageError } from "~/http/responses.server";
import { redirectWithInfo } from "~/lib/toast.server";
import { type RequestSession, readSession } from "./session.server";

/**
 * The one guard family. The session middleware (in root.tsx) puts this request's session in the
 * context; every loader and action calls a guard on that context first. Pages redirect (to
 * /login?redirectTo=… with the notice, or to / for the wrong role, or a 403 page where a screen
 * says so); JSON calls answer 401 or 403 with { error }. Screens with their own words (the order
 * pages, spec section 8) pass them as `messages`.
 */

export const PLEASE_LOG_IN = "กรุณาเข้าสู่ระบบ";
export const NOT_ALLOWED = "คุณไม่มีสิทธิ์ใช้งานส่วนนี้";

type Context = Readonly<RouterContextProvider>;

/** The request, and its session: looked up on the first ask, then the same answer for the rest of the request. */
const sessionContext = createContext<{
  request: Request;
  session: () => Promise<RequestSession | null>;
  user: () => Promise<SessionUser | null>;
}>();

/** Puts a request's session in its context: what the middleware does, and what tests calling a route do. */
export function provideSession(context: Context, request: Request): void {
  let session: Promise<RequestSession | null> | undefined;
  const read = () => (session ??= readSession(request));
  context.set(sessionContext, { request, session: read, user: async () => (await read())?.user ?? null });
}

/** Root middleware: the session of each request, once, for its loaders and actions. */
export const sessionMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  provideSession(context, request);
  return next();
};

/** Root middleware after the session's: a signed-in person's write with an idempotency key runs once (app/http/answer-once.server.ts). */
export const answerWritesOnce = answerOnce(async (context) => (await getOptionalUser(context))?.id ?? null);

export interface GuardOptions {
  /** Holders of any of these roles may pass (default: anyone signed in). */
  roles?: Role | readonly Role[];
  /** The screen's own words for a visitor and for the wrong role. */
  messages?: { notSignedIn?: string; forbidden?: string };
}

export interface PageGuardOptions extends GuardOptions {
  /** Someone signed in without the role: sent to / (default), or shown a 403 page (`messages.forbidden`). */
  wrongRole?: "home" | "forbidden";
}

/**
 * The signed-in person, or null. Read from the database once per request: when the database is
 * too busy to answer, a page gets the 503 page (orPageError) rather than a fault.
 */
export function getOptionalUser(context: Context): Promise<SessionUser | null> {
  return orPageError(() => context.get(sessionContext).user());
}

/** This request's session, if it holds: its id and person. */
export function requestSession(context: Context): Promise<RequestSession | null> {
  return context.get(sessionContext).session();
}

export function hasRole(user: Pick<SessionUser, "roles"> | null, roles: Role | readonly Role[]): boolean {
  if (!user) return false;
  const wanted = typeof roles === "string" ? [roles] : roles;
  return wanted.some((role) => user.roles.includes(role));
}

/** A page: visitors go to /login and come back after; the wrong role goes to / (or gets a 403 page). */
export async function requireUser(context: Context, options: PageGuardOptions = {}): Promise<SessionUser> {
  const { request } = context.get(sessionContext);
  const user = await getOptionalUser(context);
  if (!user) {
    // Back to the page after logging in, with its query when it was being read.
    const back = encodeURIComponent(pagePath(request, request.method === "GET"));
    throw await redirectWithInfo(`/login?redirectTo=${back}`, options.messages?.notSignedIn ?? PLEASE_LOG_IN);
  }
  if (options.roles && !hasRole(user, options.roles)) {
    if (options.wrongRole === "forbidden") throw data(options.messages?.forbidden ?? NOT_ALLOWED, { status: 403 });
    throw redirect("/");
  }
  return user;
}

/** A JSON call: 401 for a visitor, 403 for the wrong role, as { error }. */
export async function requireApiUser(context: Context, options: GuardOptions = {}): Promise<SessionUser> {
  const user = await context
    .get(sessionContext)
    .user()
    .catch((error: unknown) => {
      throw isDatabaseBusy(error) ? databaseBusyJson() : error;
    });
  if (!user) throw jsonError(401, options.messages?.notSignedIn ?? PLEASE_LOG_IN);
  if (options.roles && !hasRole(user, options.roles)) throw jsonError(403, options.messages?.forbidden ?? NOT_ALLOWED);
  return user;
}

/** A page for visitors only (register, login): someone signed in is sent on to their home. */
export async function requireVisitor(context: Context): Promise<void> {
  const user = await getOptionalUser(context);
  if (user) throw redirect(homeFor(user));
}

/** Landing after login: admin, then merchant, then customer. */
export function homeFor(user: Pick<SessionUser, "roles">): string {
  if (user.roles.includes("admin")) return "/admin";
  if (user.roles.includes("merchant")) return "/merchant";
  return "/design?category=shirt";
}
