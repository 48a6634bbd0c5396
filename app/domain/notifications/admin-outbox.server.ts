import { db } from "~/data/db.server";
import { DomainError } from "~/domain/errors";

/** For admins: LINE messages not yet delivered (failed first), and a way to try again. */

export interface OutboxRow {
  id: number;
  status: "pending" | "failed";
  recipientName: string;
  recipientEmail: string;
  orderId: number | null;
  text: string;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  createdAt: Date;
}

export async function listUndelivered(limit = 200): Promise<{ rows: OutboxRow[]; sentCount: number }> {
  const [messages, sentCount] = await Promise.all([
    db().outboxMessage.findMany({
      where: { status: { in: ["failed", "pending"] } },
      orderBy: { id: "desc" },
      take: limit,
      select: {
        id: true,
        status: true,
        text: true,
        attempts: true,
        nextAttemptAt: true,
        lastError: true,
        createdAt: true,
        recipient: { select: { name: true, email: true } },
        event: { select: { orderId: true } },
      },
    }),
    db().outboxMessage.count({ where: { status: "sent" } }),
  ]);
  const rows = messages.map((message) => ({
    id: message.id,
    status: message.status as "pending" | "failed",
    recipientName: message.recipient.name,
    recipientEmail: message.recipient.email,
    orderId: message.event?.orderId ?? null,
    text: message.text,
    attempts: message.attempts,
    nextAttemptAt: message.nextAttemptAt,
    lastError: message.lastError,
    createdAt: message.createdAt,
  }));
  // Failed first (they need someone), then pending.
  rows.sort((a, b) => (a.status === b.status ? b.id - a.id : a.status === "failed" ? -1 : 1));
  return { rows, sentCount };
}

export const OUTBOX_MESSAGES = {
  retried: "ส่งข้อความนี้ใหม่อีกครั้งแล้ว",
  notRetryable: "ข้อความนี้ส่งแล้วหรือกำลังส่งอยู่ จึงส่งใหม่ไม่ได้",
} as const;

/** Puts a failed (or waiting) message back in line now, with a fresh set of attempts. */
export async function retryOutboxMessage(id: number, now = new Date()): Promise<void> {
  const { count } = await db().outboxMessage.updateMany({
    where: { id, status: { in: ["failed", "pending"] }, OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }] },
    data: { status: "pending", attempts: 0, nextAttemptAt: now, lockedUntil: null },
  });
  if (count !== 1) throw new DomainError("conflict", OUTBOX_MESSAGES.notRetryable);
}
