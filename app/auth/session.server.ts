import { randomBytes } from "node:crypto";
import { type Cookie, createCookie } from "react-router";
import { getConfig } from "~/config.server";
import { prisma } from "~/data/db.server";
import type { Role, UserStatus } from "~/data/generated/enums";

/**
 * Cookie sessions backed by database rows: the signed, httpOnly cookie holds only a
 * session id, so deleting the row (log out, deactivation, deletion) signs that browser
 * out at once, in every app process.
 */

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  roles: Role[];
  status: UserStatus;
}

const SESSION_DAYS = 30;
const RENEW_AFTER_DAYS = 1;
const DAY = 24 * 60 * 60 * 1000;

let cookies: { plain: Cookie; secure: Cookie } | undefined;

function sessionCookies() {
  const secrets = getConfig().sessionSecrets;
  const options = { httpOnly: true, sameSite: "lax" as const, path: "/", secrets, maxAge: SESSION_DAYS * 24 * 60 * 60 };
  cookies ??= {
    plain: createCookie("shop_session", { ...options, secure: false }),
    // Over HTTPS the cookie is Secure and host-only (__Host- prefix).
    secure: createCookie("__Host-shop_session", { ...options, secure: true }),
  };
  return cookies;
}

/** The session cookie for this request: Secure whenever the shop is reached over HTTPS. */
export function cookieFor(request: Request): Cookie {
  const { plain, secure } = sessionCookies();
  return new URL(request.url).protocol === "https:" ? secure : plain;
}

async function readSessionId(request: Request): Promise<string | null> {
  const value = (await cookieFor(request).parse(request.headers.get("Cookie"))) as unknown;
  return typeof value === "string" && value.length > 0 ? value : null;
}

const userCache = new WeakMap<Request, Promise<SessionUser | null>>();

/** Who is signed in on this request (active accounts only); cached per request. */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  let pending = userCache.get(request);
  if (!pending) {
    pending = lookUpSessionUser(request);
    userCache.set(request, pending);
  }
  return pending;
}

async function lookUpSessionUser(request: Request): Promise<SessionUser | null> {
  const sessionId = await readSessionId(request);
  if (!sessionId) return null;
  // Every signed-in request asks this: one statement with the join, not Prisma's two.
  const [session] = await prisma.$queryRaw<{ expiresAt: Date; user: SessionUser }[]>`
    SELECT s."expiresAt", json_build_object('id', u."id", 'name', u."name", 'email', u."email", 'roles', u."roles", 'status', u."status") AS "user"
    FROM "Session" AS s JOIN "User" AS u ON u."id" = s."userId"
    WHERE s."id" = ${sessionId}`;
  if (!session || session.expiresAt <= new Date() || session.user.status !== "active") return null;
  // Sliding expiry: renew at most once a day so most requests write nothing.
  if (session.expiresAt.getTime() - Date.now() < (SESSION_DAYS - RENEW_AFTER_DAYS) * DAY) {
    await prisma.session.updateMany({
      where: { id: sessionId },
      data: { expiresAt: new Date(Date.now() + SESSION_DAYS * DAY) },
    });
  }
  return session.user;
}

/** Starts a session for the user; returns the Set-Cookie header value. */
export async function startSession(request: Request, userId: number): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await prisma.session.create({ data: { id, userId, expiresAt: new Date(Date.now() + SESSION_DAYS * DAY) } });
  // Old, expired rows go now and then, so the table does not grow without end.
  if (Math.random() < 0.05) await prisma.session.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  return cookieFor(request).serialize(id);
}

/** Ends this browser's session; returns the Set-Cookie header value that clears it. */
export async function endSession(request: Request): Promise<string> {
  const sessionId = await readSessionId(request);
  if (sessionId) await prisma.session.deleteMany({ where: { id: sessionId } });
  return cookieFor(request).serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Signs the user out everywhere (deactivation, deletion, password change by an admin). */
export async function endAllSessionsOf(userId: number): Promise<void> {
  await prisma.session.deleteMany({ where: { userId } });
}
