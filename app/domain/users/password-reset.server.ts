import { createHash, randomBytes, randomUUID } from "node:crypto";
import { RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import { site } from "~/content/site";
import { db, type PrismaClient } from "~/data/db.server";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { DomainError } from "~/domain/errors";
import { getLineConfig } from "~/domain/line/config.server";
import { pushLineText } from "~/domain/line/messaging-client.server";
import { mailConfig, sendMail } from "~/domain/mail/mailer.server";
import { logger } from "~/lib/logger.server";
import { normalizedEmail } from "./accounts.server";
import { loginKeyOf } from "./login-throttle.server";
import { hashPassword } from "./password.server";
import { RESET_LINK_MINUTES, RESET_MESSAGES, type ResetLinkProblem } from "./password-reset";

/**
 * "Forgot password" (issue 45). Someone gives an e-mail; whether it has an account or not, the
 * answer is the same, and it comes before anything is looked up or sent: the work goes on after
 * it (`whenResetsDelivered` waits for it), so neither the answer nor its time says which e-mails
 * have accounts. For an account that is not suspended the shop makes a link,
 * `{PUBLIC_BASE_URL}/reset-password/{token}`, that holds for 60 minutes and sets a password once,
 * and sends it by e-mail (with SMTP_URL) and by LINE (when LINE is connected and the account linked
 * it). The database keeps only the token's SHA-256; the token itself is only in the messages
 * (never in the LINE outbox either: it is pushed directly, and a push that fails is not tried
 * again: the person asks again).
 *
 * Requests are limited like logins (login-throttle.server.ts, rate-limiter-flexible's Prisma store,
 * keys an HMAC of the e-mail and address): 3 an hour for one e-mail, whoever asks (nobody can bury
 * a mailbox in links), and 20 an hour from one address, whatever the e-mails.
 *
 * Setting the password spends the link and every other link of the account, and ends every
 * session of the account, in one transaction. Each request and each password set is in the audit
 * log, without the e-mail: a request names the account by id ("no account" otherwise) and the
 * ways the link went.
 */

const MINUTE = 60;
const LIMITS = {
  email: { keyPrefix: "reset-email", points: 3, duration: 60 * MINUTE },
  address: { keyPrefix: "reset-address", points: 20, duration: 60 * MINUTE },
} as const;

type Limiters = Record<keyof typeof LIMITS, RateLimiterPrisma>;

/** One set of limiters per database client (tests give each file its own database). */
const limitersByClient = new WeakMap<PrismaClient, Limiters>();

function limiters(): Limiters {
  const client = db();
  let found = limitersByClient.get(client);
  if (!found) {
    found = {
      email: new RateLimiterPrisma({ storeClient: client, ...LIMITS.email }),
      address: new RateLimiterPrisma({ storeClient: client, ...LIMITS.address }),
    };
    limitersByClient.set(client, found);
  }
  return found;
}

/** Takes a point: null when the counter had one to give, else the seconds until it has (rounded up). */
async function taken(limiter: RateLimiterPrisma, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
    throw refusal; // a database fault, not a limit
  }
}

/** How the shop can send a link now: by e-mail, by LINE (to accounts that linked it), or neither. */
export function resetChannels(): { mail: boolean; line: boolean } {
  return { mail: mailConfig() !== null, line: getLineConfig() !== null };
}

/** Link work still going on after the answers, in this process. */
const inFlight = new Set<Promise<void>>();

/** Resolves when every link asked for so far has been looked up, made, sent and logged (tests, a stop). */
export async function whenResetsDelivered(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

/**
 * A request for a link to the account of `email` from `address` (the address the shop's server
 * saw). Refused only by a limit; otherwise the link goes (or nothing, for an e-mail without an
 * account) after this returns.
 */
export async function requestPasswordReset(
  email: string,
  address: string,
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const normalized = normalizedEmail(email);
  const all = limiters();
  // The address first: one address asking for many e-mails stops there, without spending their points.
  const byAddress = await taken(all.address, loginKeyOf(`reset-address:${address}`));
  if (byAddress !== null) return { allowed: false, retryAfterSeconds: byAddress };
  const byEmail = await taken(all.email, loginKeyOf(`reset-email:${normalized}`));
  if (byEmail !== null) return { allowed: false, retryAfterSeconds: byEmail };
  const work = deliverResetLink(normalized).catch((error: unknown) => {
    logger().error({ err: error }, "password reset: the link could not be made or sent");
  });
  inFlight.add(work);
  void work.finally(() => inFlight.delete(work));
  return { allowed: true };
}

/** The SHA-256 the database keeps of a token. */
function tokenHashOf(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** 32 random bytes, base64url: 43 letters, digits, `-` and `_`. Anything else is no token of ours. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const REQUESTER = { id: null, name: "คำขอจากหน้าลืมรหัสผ่าน" };

/** Looks the account up, makes the link, sends it, and logs what was done. */
async function deliverResetLink(email: string): Promise<void> {
  const user = await db().user.findUnique({
    where: { email },
    select: { id: true, status: true, lineUserId: true, email: true },
  });
  if (!user) {
    await recordAudit(db(), {
      actor: REQUESTER,
      action: "account.password_reset_request",
      target: { type: "user", id: null, label: "อีเมลที่ไม่มีบัญชี" },
      changes: { sentBy: { to: [] } },
    });
    return;
  }
  const target = { type: "user" as const, id: user.id, label: `ผู้ใช้ #${user.id}` };
  const mail = mailConfig();
  const line = getLineConfig();
  const byLine = line !== null && user.lineUserId !== null;
  if (user.status === "inactive" || (!mail && !byLine)) {
    await recordAudit(db(), {
      actor: REQUESTER,
      action: "account.password_reset_request",
      target,
      changes: { sentBy: { to: [] }, ...(user.status === "inactive" ? { status: { to: user.status } } : {}) },
    });
    return;
  }
  const token = randomBytes(32).toString("base64url");
  await db().passwordReset.create({
    data: {
      userId: user.id,
      tokenHash: tokenHashOf(token),
      expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60_000),
    },
  });
  const baseUrl = (mail?.publicBaseUrl ?? line?.publicBaseUrl)!;
  const link = `${baseUrl}/reset-password/${token}`;
  const sentBy: string[] = [];
  if (mail) {
    try {
      await sendMail({ to: user.email, ...resetMail(link) });
      sentBy.push("อีเมล");
    } catch (error) {
      logger().warn({ userId: user.id, reason: (error as Error).message }, "password reset: the e-mail was not sent");
      sentBy.push("อีเมล (ส่งไม่สำเร็จ)");
    }
  }
  if (line && user.lineUserId) {
    try {
      await pushLineText(line, { to: user.lineUserId, text: resetLineText(link), retryKey: randomUUID() });
      sentBy.push("LINE");
    } catch (error) {
      logger().warn(
        { userId: user.id, reason: (error as Error).name },
        "password reset: the LINE message was not sent",
      );
      sentBy.push("LINE (ส่งไม่สำเร็จ)");
    }
  }
  await recordAudit(db(), {
    actor: REQUESTER,
    action: "account.password_reset_request",
    target,
    changes: { sentBy: { to: sentBy } },
  });
}

/** The e-mail: Thai, plain text with an HTML twin, the link written out whole. */
export function resetMail(link: string): { subject: string; text: string; html: string } {
  const subject = `ตั้งรหัสผ่านใหม่ | ${site.enterpriseName}`;
  const lines = [
    "สวัสดีค่ะ",
    "",
    `มีผู้ขอตั้งรหัสผ่านใหม่สำหรับบัญชีของคุณที่${site.enterpriseName}`,
    `เปิดลิงก์นี้เพื่อตั้งรหัสผ่านใหม่ (ใช้ได้ครั้งเดียว ภายใน ${RESET_LINK_MINUTES} นาที):`,
    "",
    link,
    "",
    "ถ้าคุณไม่ได้ขอ ไม่ต้องทำอะไร รหัสผ่านเดิมของคุณยังใช้ได้ตามเดิม",
    "",
    site.enterpriseName,
  ];
  const safeLink = escapeHtml(link);
  const html = [
    `<p>สวัสดีค่ะ</p>`,
    `<p>มีผู้ขอตั้งรหัสผ่านใหม่สำหรับบัญชีของคุณที่${escapeHtml(site.enterpriseName)}</p>`,
    `<p><a href="${safeLink}">ตั้งรหัสผ่านใหม่</a> (ใช้ได้ครั้งเดียว ภายใน ${RESET_LINK_MINUTES} นาที)</p>`,
    `<p>หรือคัดลอกลิงก์นี้ไปเปิดในเบราว์เซอร์:<br>${safeLink}</p>`,
    `<p>ถ้าคุณไม่ได้ขอ ไม่ต้องทำอะไร รหัสผ่านเดิมของคุณยังใช้ได้ตามเดิม</p>`,
    `<p>${escapeHtml(site.enterpriseName)}</p>`,
  ].join("\n");
  return { subject, text: lines.join("\n"), html };
}

/** The LINE message. */
export function resetLineText(link: string): string {
  return [
    `${site.shortName}: มีผู้ขอตั้งรหัสผ่านใหม่สำหรับบัญชีของคุณ`,
    `เปิดลิงก์นี้เพื่อตั้งรหัสผ่านใหม่ (ใช้ได้ครั้งเดียว ภายใน ${RESET_LINK_MINUTES} นาที):`,
    link,
    "ถ้าคุณไม่ได้ขอ ไม่ต้องทำอะไร รหัสผ่านเดิมของคุณยังใช้ได้ตามเดิม",
  ].join("\n");
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Why this token cannot set a password now, or null when it can (read through `client`: a transaction's own). */
export async function resetLinkProblem(
  token: string,
  client: Pick<PrismaClient, "passwordReset"> = db(),
): Promise<ResetLinkProblem | null> {
  if (!TOKEN.test(token)) return "unknown";
  const link = await client.passwordReset.findUnique({
    where: { tokenHash: tokenHashOf(token) },
    select: { expiresAt: true, usedAt: true, user: { select: { status: true } } },
  });
  if (!link) return "unknown";
  if (link.usedAt) return "used";
  if (link.expiresAt.getTime() <= Date.now()) return "expired";
  if (link.user.status === "inactive") return "inactive";
  return null;
}

/** A link refused: its problem, said in Thai (404 for no such link, 409 for one used or run out, 403 suspended). */
export class ResetLinkRefused extends DomainError {
  constructor(readonly problem: ResetLinkProblem) {
    super(
      problem === "inactive" ? "forbidden" : problem === "unknown" ? "not_found" : "conflict",
      RESET_MESSAGES[problem],
    );
  }
}

/**
 * Sets the account's new password with a link: spends it and every other link of the account, and
 * ends every session of the account, in one transaction (two submissions of one link: the second
 * finds it used). Returns the account's e-mail, for the login form.
 */
export async function setPasswordWithLink(token: string, password: string): Promise<{ userId: number; email: string }> {
  const problem = await resetLinkProblem(token);
  if (problem) throw new ResetLinkRefused(problem);
  const passwordHash = await hashPassword(password);
  const tokenHash = tokenHashOf(token);
  return db().$transaction(async (tx) => {
    const now = new Date();
    const { count } = await tx.passwordReset.updateMany({
      where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    // Used or run out since it was read above.
    if (count === 0) throw new ResetLinkRefused((await resetLinkProblem(token, tx)) ?? "used");
    const { userId } = await tx.passwordReset.findUniqueOrThrow({ where: { tokenHash }, select: { userId: true } });
    const user = await tx.user.update({
      where: { id: userId },
      data: { passwordHash },
      select: { id: true, email: true, status: true },
    });
    if (user.status === "inactive") throw new ResetLinkRefused("inactive");
    await tx.passwordReset.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
    const { count: sessionsEnded } = await tx.session.deleteMany({ where: { userId } });
    await recordAudit(tx, {
      actor: { id: userId, name: "" },
      action: "account.password_reset",
      target: { type: "user", id: userId, label: `ผู้ใช้ #${userId}` },
      changes: { password: {}, sessionsEnded: { to: sessionsEnded } },
    });
    return { userId, email: user.email };
  });
}
