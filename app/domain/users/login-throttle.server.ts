import { prisma } from "~/data/db.server";

/**
 * Slows down password guessing: failed logins are counted per e-mail and per address in
 * the database, so the limit holds across every app process on one PostgreSQL.
 */

export const THROTTLE_WINDOW_MINUTES = 15;
const LIMITS = { email: 5, address: 30 } as const;

function keys(email: string, address: string) {
  return { email: `email:${email}`, address: `addr:${address}` };
}

/** True when this e-mail or this address has failed too often within the window. */
export async function isThrottled(email: string, address: string): Promise<boolean> {
  const { email: emailKey, address: addressKey } = keys(email, address);
  const since = new Date(Date.now() - THROTTLE_WINDOW_MINUTES * 60_000);
  const rows = await prisma.loginThrottle.findMany({
    where: { key: { in: [emailKey, addressKey] }, windowStart: { gt: since } },
  });
  return rows.some((row) => row.failures >= (row.key === emailKey ? LIMITS.email : LIMITS.address));
}

/** Counts one failure for both keys; a window older than 15 minutes starts again at 1. One statement each, so parallel failures all count. */
export async function recordFailure(email: string, address: string): Promise<void> {
  const window = `${THROTTLE_WINDOW_MINUTES} minutes`;
  for (const key of Object.values(keys(email, address))) {
    await prisma.$executeRaw`
      INSERT INTO "LoginThrottle" ("key", "failures", "windowStart") VALUES (${key}, 1, now())
      ON CONFLICT ("key") DO UPDATE SET
        "failures" = CASE WHEN "LoginThrottle"."windowStart" < now() - ${window}::interval THEN 1 ELSE "LoginThrottle"."failures" + 1 END,
        "windowStart" = CASE WHEN "LoginThrottle"."windowStart" < now() - ${window}::interval THEN now() ELSE "LoginThrottle"."windowStart" END`;
  }
}

/** A successful login clears the e-mail's count (the address keeps its own). */
export async function clearFailures(email: string): Promise<void> {
  await prisma.loginThrottle.deleteMany({ where: { key: `email:${email}` } });
}
