import { db } from "./db.server";

/**
 * The store of writes sent with an idempotency key (app/http/answer-once.server.ts decides what
 * to do with them): one row per person and key, claimed by the first write that brings it, then
 * holding that write's answer for 24 hours.
 */

/** An answer as kept: enough to send it again byte for byte. */
export interface KeptAnswer {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer> | null;
}

export type KeyState =
  | { state: "claimed" }
  | { state: "answered"; answer: KeptAnswer }
  | { state: "running" }
  /** The key was first sent with another method or to another address. */
  | { state: "elsewhere" };

/** How long a key holds its answer. */
export const KEY_HOURS = 24;
/** A claim whose write has said nothing for this long was left by a process that stopped: it may be taken over. */
const ABANDONED_AFTER_MS = 2 * 60_000;

/**
 * Claims `key` for this person's write to `request` (method and address), or says what holds it.
 * The insert is the claim: of writes arriving at once, exactly one inserts (the primary key), on
 * PostgreSQL at READ COMMITTED as on PGlite.
 */
export async function claimKey(userId: number, key: string, request: string): Promise<KeyState> {
  const claimed = await db().answeredPost.createMany({ data: [{ userId, key, request }], skipDuplicates: true });
  if (claimed.count === 1) {
    // Now and then, keys past their day go (as expired sessions do).
    if (Math.random() < 0.02) await forgetOldKeys();
    return { state: "claimed" };
  }
  const row = await db().answeredPost.findUnique({ where: { userId_key: { userId, key } } });
  // Freed between the insert and this read (its write was refused): try again.
  if (!row) return claimKey(userId, key, request);
  if (row.request !== request) return { state: "elsewhere" };
  const dayAgo = new Date(Date.now() - KEY_HOURS * 3_600_000);
  if (row.createdAt < dayAgo) {
    // Past its day: the key is new again (one of several writers deletes it, all claim anew).
    await db().answeredPost.deleteMany({ where: { userId, key, createdAt: { lt: dayAgo } } });
    return claimKey(userId, key, request);
  }
  if (row.status !== null)
    return {
      state: "answered",
      answer: {
        status: row.status,
        headers: (row.headers as [string, string][] | null) ?? [],
        body: row.body ? new Uint8Array(row.body) : null,
      },
    };
  // A claim left running by a process that stopped: taken over by one writer.
  const taken = await db().answeredPost.updateMany({
    where: { userId, key, status: null, createdAt: { lt: new Date(Date.now() - ABANDONED_AFTER_MS) } },
    data: { createdAt: new Date() },
  });
  return taken.count === 1 ? { state: "claimed" } : { state: "running" };
}

/** Keeps the answer of the write that claimed `key`. */
export async function keepAnswer(userId: number, key: string, answer: KeptAnswer): Promise<void> {
  await db().answeredPost.updateMany({
    where: { userId, key, status: null },
    data: { status: answer.status, headers: answer.headers, body: answer.body },
  });
}

/** Frees `key`: its write was refused or failed, so the same key may run again. */
export async function freeKey(userId: number, key: string): Promise<void> {
  await db().answeredPost.deleteMany({ where: { userId, key, status: null } });
}

export async function forgetOldKeys(): Promise<void> {
  await db().answeredPost.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - KEY_HOURS * 3_600_000) } } });
}
