import { randomBytes } from "node:crypto";
import { db } from "~/data/db.server";
import type { Role, UserStatus } from "~/data/generated/enums";

/**
 * Session rows: a signed-in browser is one row (its id is all its cookie holds, app/auth/session.server.ts),
 * so deleting the row (log out, deactivation, deletion) signs that browser out at once, in every app process.
 */

/** Who is signed in, as the guards and pages see them. */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  roles: Role[];
  status: UserStatus;
}

export const SESSION_DAYS = 30;
const RENEW_AFTER_DAYS = 1;
const DAY = 24 * 60 * 60 * 1000;

/** A session that holds: who is signed in. */
export interface HeldSession {
  user: SessionUser;
}

/** The active user of a session that has not expired; renews the session at most once a day. */
export async function heldSession(sessionId: string): Promise<HeldSession | null> {
  // Every signed-in request asks this: one statement with the join, not Prisma's two.
  const [session] = await db().$queryRaw<{ expiresAt: Date; user: SessionUser }[]>`
    SELECT s."expiresAt", json_build_object('id', u."id", 'name', u."name", 'email', u."email", 'roles', u."roles", 'status', u."status") AS "user"
    FROM "Session" AS s JOIN "User" AS u ON u."id" = s."userId"
    WHERE s."id" = ${sessionId}`;
  if (!session || session.expiresAt <= new Date() || session.user.status !== "active") return null;
  // Sliding expiry: renew at most once a day so most requests write nothing.
  if (session.expiresAt.getTime() - Date.now() < (SESSION_DAYS - RENEW_AFTER_DAYS) * DAY) {
    await db().session.updateMany({
      where: { id: sessionId },
      data: { expiresAt: new Date(Date.now() + SESSION_DAYS * DAY) },
    });
  }
  return { user: session.user };
}

/** A new session for the user; returns its id. */
export async function createSession(userId: number): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await db().session.create({ data: { id, userId, expiresAt: new Date(Date.now() + SESSION_DAYS * DAY) } });
  // Old, expired rows go now and then, so the table does not grow without end.
  if (Math.random() < 0.05) await db().session.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  return id;
}

export async function deleteSession(sessionId: string): Promise<void> {
  await db().session.deleteMany({ where: { id: sessionId } });
}

/** Signs the user out everywhere (deactivation, deletion, password change by an admin). */
export async function endAllSessionsOf(userId: number): Promise<void> {
  await db().session.deleteMany({ where: { userId } });
}
