import { isUniqueViolation, retryingWriteConflicts } from "~/data/database-errors.server";
import { db } from "~/data/db.server";
import type { Prisma } from "~/data/generated/client";
import { DomainError } from "~/domain/errors";
import { loginSucceeded, takeLoginAttempt } from "./login-throttle.server";
import { hashPassword, verifyPassword } from "./password.server";
import { PRIVACY_NOTICE_VERSION } from "./privacy";
import type { SessionUser } from "./sessions.server";
import type { ProfileInput, RegisterInput } from "./validation";

/** Registration, login checks and the profile of one's own account. */

export const EMAIL_TAKEN = "อีเมลนี้มีผู้ใช้แล้ว";
export const WRONG_LOGIN = "อีเมลหรือรหัสผ่านไม่ถูกต้อง";
/** An e-mail as logins compare it. */
export function normalizedEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The login refused by a limit, with the real wait in whole minutes (at least one). */
export function tooManyTries(retryAfterSeconds: number): string {
  return `เข้าสู่ระบบไม่สำเร็จหลายครั้งเกินไป กรุณารอ ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} นาทีแล้วลองใหม่`;
}
/** The words of a login refused by a limit, whatever the wait (for tests that read it). */
export const TOO_MANY_TRIES = /^เข้าสู่ระบบไม่สำเร็จหลายครั้งเกินไป กรุณารอ \d+ นาทีแล้วลองใหม่$/;
export const ACCOUNT_INACTIVE = "บัญชีนี้ถูกระงับการใช้งาน กรุณาติดต่อผู้ดูแลระบบ";
export const ACCOUNT_PENDING = "บัญชีนี้กำลังรอการอนุมัติจากผู้ดูแลระบบ";

/** A new customer account (role user, active). */
export async function registerUser(input: RegisterInput): Promise<{ id: number }> {
  try {
    return await db().user.create({
      data: {
        email: input.email,
        passwordHash: await hashPassword(input.password),
        name: input.name,
        address: input.address ?? null,
        phone: input.phone,
        dob: new Date(`${input.dob}T00:00:00Z`),
        lineId: input.lineId ?? null,
        facebookName: input.facebookName ?? null,
        roles: ["user"],
        status: "active",
        // Signing up is agreeing to the privacy notice the form links to (decision 52).
        privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
        privacyNoticeAcceptedAt: new Date(),
      },
      select: { id: true },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("conflict", EMAIL_TAKEN);
    throw error;
  }
}

/**
 * Checks an e-mail and password, within the login limits (login-throttle.server.ts); the
 * account's status is told only to someone who knows the password. `trustedDevice` is the id of a
 * device cookie this browser holds for this very e-mail (app/auth/device-cookie.server.ts), or
 * null: its tries are counted apart from strangers'.
 */
export async function verifyLogin(
  email: string,
  password: string,
  clientAddress: string,
  trustedDevice: string | null = null,
): Promise<SessionUser> {
  const normalized = normalizedEmail(email);
  const attempt = await takeLoginAttempt(normalized, clientAddress, trustedDevice);
  if (!attempt.allowed)
    throw new DomainError("rate_limited", tooManyTries(attempt.retryAfterSeconds), {
      retryAfterSeconds: attempt.retryAfterSeconds,
    });
  const user = await db().user.findUnique({
    where: { email: normalized },
    select: { id: true, name: true, email: true, roles: true, status: true, passwordHash: true },
  });
  // Hash even for an unknown e-mail, so the answer takes as long either way.
  let passwordOk = false;
  if (user) passwordOk = await verifyPassword(user.passwordHash, password);
  else await hashPassword(password);
  if (!user || !passwordOk) throw new DomainError("unauthorized", WRONG_LOGIN); // its point stays taken
  await loginSucceeded(normalized, clientAddress, trustedDevice, attempt);
  if (user.status === "inactive") throw new DomainError("forbidden", ACCOUNT_INACTIVE);
  if (user.status === "pending") throw new DomainError("forbidden", ACCOUNT_PENDING);
  const { passwordHash: _hash, ...sessionUser } = user;
  return sessionUser;
}

const profileSelect = {
  id: true,
  name: true,
  email: true,
  gender: true,
  dob: true,
  address: true,
  phone: true,
  lineId: true,
  lineUserId: true,
  facebookName: true,
  roles: true,
  status: true,
  createdAt: true,
} as const;

export type Profile = Prisma.UserGetPayload<{ select: typeof profileSelect }>;

export async function getProfile(userId: number): Promise<Profile> {
  const profile = await db().user.findUnique({ where: { id: userId }, select: profileSelect });
  if (!profile) throw new DomainError("not_found", "ไม่พบข้อมูลผู้ใช้");
  return profile;
}

/** The profile as JSON: dates as ISO strings, LINE linked as a flag. */
export function profileJson(profile: Profile) {
  return {
    ...profile,
    dob: profile.dob ? profile.dob.toISOString().slice(0, 10) : null,
    createdAt: profile.createdAt.toISOString(),
    lineLinked: Boolean(profile.lineUserId),
  };
}

export async function updateProfile(userId: number, input: ProfileInput): Promise<Profile> {
  try {
    return await retryingWriteConflicts(() =>
      db().user.update({
        where: { id: userId },
        data: {
          email: input.email,
          name: input.name,
          phone: input.phone,
          dob: new Date(`${input.dob}T00:00:00Z`),
          gender: input.gender ?? null,
          address: input.address ?? null,
          lineId: input.lineId ?? null,
          facebookName: input.facebookName ?? null,
        },
        select: profileSelect,
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("conflict", EMAIL_TAKEN);
    throw error;
  }
}

/** Unlinks LINE from the account. */
/** Unlinks LINE. An account that is not linked is left exactly as it is (not even its update time moves). */
export async function resetLineLink(userId: number): Promise<void> {
  await db().user.updateMany({ where: { id: userId, lineUserId: { not: null } }, data: { lineUserId: null } });
}
