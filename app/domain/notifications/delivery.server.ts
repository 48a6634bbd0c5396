import { createHash } from "node:crypto";
import { db } from "~/data/db.server";
import { getLineConfig, type LineConfig } from "~/domain/line/config.server";
import { LineApiError } from "~/domain/line/http.server";
import { pushLineText } from "~/domain/line/messaging-client.server";

/**
 * Delivers due outbox messages to LINE. Each message is first claimed with one
 * conditional update (pending, due, and not leased by a live worker) that sets a lease
 * (`lockedUntil`), so two workers in one or several processes never both send it. The
 * result is written only while the lease is still ours. A failure counts an attempt
 * and waits longer each time (exponential backoff); after MAX_ATTEMPTS the message is
 * `failed` and waits for an admin. The LINE retry key (fixed per message) makes a
 * resend after a crash harmless: LINE answers 409 and nothing is sent twice.
 */

export const MAX_ATTEMPTS = 8;
const BASE_DELAY_MS = 30_000;
const MAX_DELAY_MS = 60 * 60_000;
/** Longer than one push may take (its timeout), so a live worker never loses its lease. */
export const LEASE_MS = 60_000;

export interface DeliveryOptions {
  now?: Date;
  /** How many messages one run takes on. */
  limit?: number;
  /** Time limit of one push (ms). */
  pushTimeoutMs?: number;
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
}

/** Wait before attempt n+1 after n failed attempts: 30 s, 1 min, 2 min, ... at most 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);
}

/** The X-Line-Retry-Key of a message: a UUID-shaped hash that never changes for it. */
export function retryKeyFor(message: { id: number; createdAt: Date }): string {
  const hex = createHash("sha256").update(`shop-outbox:${message.id}:${message.createdAt.toISOString()}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export async function deliverDueMessages(options: DeliveryOptions = {}): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  const config = getLineConfig();
  if (!config) return report;
  const now = options.now ?? new Date();
  const claimed = await claimDue(now, options.limit ?? 10);
  const outcomes = await Promise.all(claimed.map((claim) => deliverOne(config, claim, now, options.pushTimeoutMs)));
  for (const outcome of outcomes) if (outcome) report[outcome] += 1;
  return report;
}

interface Claim {
  id: number;
  lease: Date;
}

function claimable(now: Date) {
  return {
    status: "pending" as const,
    nextAttemptAt: { lte: now },
    OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }],
  };
}

async function claimDue(now: Date, limit: number): Promise<Claim[]> {
  const due = await db().outboxMessage.findMany({
    where: claimable(now),
    orderBy: { id: "asc" },
    take: limit,
    select: { id: true },
  });
  const lease = new Date(now.getTime() + LEASE_MS);
  const claims: Claim[] = [];
  for (const { id } of due) {
    // Re-checked by the database: another worker that claimed it first makes this count 0.
    const { count } = await db().outboxMessage.updateMany({
      where: { id, ...claimable(now) },
      data: { lockedUntil: lease },
    });
    if (count === 1) claims.push({ id, lease });
  }
  return claims;
}

async function deliverOne(
  config: LineConfig,
  claim: Claim,
  now: Date,
  pushTimeoutMs?: number,
): Promise<keyof DeliveryReport | null> {
  const message = await db().outboxMessage.findUnique({
    where: { id: claim.id },
    select: { id: true, text: true, attempts: true, createdAt: true, recipient: { select: { lineUserId: true } } },
  });
  if (!message) return null;
  const ours = { id: claim.id, lockedUntil: claim.lease };
  const attempts = message.attempts + 1;
  const to = message.recipient.lineUserId;
  if (!to) {
    const { count } = await db().outboxMessage.updateMany({
      where: ours,
      data: { status: "failed", attempts, lockedUntil: null, lastError: "ผู้รับยกเลิกการเชื่อมต่อ LINE แล้ว" },
    });
    return count === 1 ? "failed" : null;
  }
  try {
    await pushLineText(config, { to, text: message.text, retryKey: retryKeyFor(message) }, pushTimeoutMs);
  } catch (error) {
    const reason = error instanceof LineApiError ? error.message : `ส่งไม่สำเร็จ: ${String(error)}`;
    const giveUp = attempts >= MAX_ATTEMPTS || (error instanceof LineApiError && !error.retryable);
    const { count } = await db().outboxMessage.updateMany({
      where: ours,
      data: giveUp
        ? { status: "failed", attempts, lockedUntil: null, lastError: reason }
        : {
            attempts,
            lockedUntil: null,
            lastError: reason,
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
          },
    });
    return count === 1 ? (giveUp ? "failed" : "retrying") : null;
  }
  const { count } = await db().outboxMessage.updateMany({
    where: ours,
    data: { status: "sent", attempts, sentAt: new Date(), lockedUntil: null, lastError: null },
  });
  return count === 1 ? "sent" : null;
}
