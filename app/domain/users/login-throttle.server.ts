import { createHmac } from "node:crypto";
import { RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import { getConfig } from "~/config.server";
import { db, type PrismaClient } from "~/data/db.server";

/**
 * Login limits (decision 34, and 90 for trusted devices), after rate-limiter-flexible's
 * login-endpoint recipe, OWASP ASVS 5.0 section 6.3 and OWASP's device cookies. Every attempt
 * takes a point before the password is checked, each with one upsert in the database, so a burst
 * of parallel attempts is counted one by one in every app process and checks at most the limit.
 *
 * From a browser that signed in to this e-mail before (a valid device cookie,
 * app/auth/device-cookie.server.ts) an attempt counts only against that device: 10 tries an hour,
 * and none of the strangers' counters below (nor the address's: neighbours behind one carrier
 * address cannot lock the owner out either). Strangers' failures never lock the owner out of a
 * browser they used before; a device that spends its tries is treated as any other client until
 * its hour is over.
 *
 * From any other client, three counters:
 * - one e-mail from one address: 5 tries in 15 minutes. This is the lock a guesser meets, and it
 *   is theirs alone: the owner, from any other address, is not locked out by it.
 * - one e-mail from anywhere: 20 tries in 15 minutes, the ceiling against guesses spread over many
 *   addresses; the owner on a new browser waits at most 15 minutes.
 * - one address, any e-mail: 300 tries an hour. Generous, because a mobile carrier puts many
 *   customers behind one address.
 *
 * A successful login gives back the points it took (and clears the e-mail-and-address count and
 * the device's), so only failures add up. The address is the one server/app.ts saw: never a value the
 * client chose.
 */

const MINUTE = 60;
const LIMITS = {
  pair: { keyPrefix: "login-pair", points: 5, duration: 15 * MINUTE },
  email: { keyPrefix: "login-email-15m", points: 20, duration: 15 * MINUTE },
  address: { keyPrefix: "login-address", points: 300, duration: 60 * MINUTE },
  device: { keyPrefix: "login-device", points: 10, duration: 60 * MINUTE },
} as const;

type Limiters = Record<keyof typeof LIMITS, RateLimiterPrisma>;

/** One set of limiters per database client (tests give each file its own database). */
const limitersByClient = new WeakMap<PrismaClient, Limiters>();

function limiters(): Limiters {
  const client = db();
  let found = limitersByClient.get(client);
  if (!found) {
    const make = (options: (typeof LIMITS)[keyof typeof LIMITS]) =>
      new RateLimiterPrisma({ storeClient: client, ...options });
    found = {
      pair: make(LIMITS.pair),
      email: make(LIMITS.email),
      address: make(LIMITS.address),
      device: make(LIMITS.device),
    };
    limitersByClient.set(client, found);
  }
  return found;
}

/**
 * A value as the counters (and the device cookie) keep it: an HMAC with the shop's session secret,
 * never the e-mail or address itself. The table holds no one's e-mail after their account is
 * closed, and a key cannot be turned back into an e-mail by hashing a list of guesses without the
 * secret (decision 89). A new secret starts the counts afresh.
 */
export function loginKeyOf(value: string): string {
  return createHmac("sha256", getConfig().sessionSecrets[0]!).update(value).digest("base64url");
}

function keysOf(email: string, address: string, device: string | null): Record<keyof Limiters, string> {
  return {
    pair: loginKeyOf(`${email}|${address}`),
    email: loginKeyOf(`email:${email}`),
    address: loginKeyOf(`address:${address}`),
    device: loginKeyOf(`device:${device ?? ""}`),
  };
}

/**
 * An attempt may go on to the password (its point taken from the trusted device's counter or from
 * the strangers' counters), or must wait this long.
 */
export type LoginAttempt =
  | { allowed: true; countedAs: "device" | "stranger" }
  | { allowed: false; retryAfterSeconds: number };

/**
 * Takes this attempt's point: from the device's counter when it comes from a trusted device
 * (`device`, the device cookie's id) whose tries are not spent, otherwise from each of the
 * strangers' counters, stopping at the first spent one.
 */
export async function takeLoginAttempt(email: string, address: string, device: string | null): Promise<LoginAttempt> {
  const all = limiters();
  const keys = keysOf(email, address, device);
  if (device !== null && (await taken(all.device, keys.device)) === null) return { allowed: true, countedAs: "device" };
  // In this order, stopping at the first spent counter: a guesser who keeps trying one e-mail from
  // one address only adds to that pair's count, never to the e-mail's ceiling that the owner shares.
  for (const name of ["pair", "email", "address"] as const) {
    const retryAfterSeconds = await taken(all[name], keys[name]);
    if (retryAfterSeconds !== null) return { allowed: false, retryAfterSeconds };
  }
  return { allowed: true, countedAs: "stranger" };
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

/**
 * The password was right: the points this attempt took go back, and the pair's and the device's
 * counts start again. Only the points it took: a reward to a counter that gave none would push it
 * below zero, and every login through a trusted device would then give strangers a try more at the
 * e-mail.
 */
export async function loginSucceeded(
  email: string,
  address: string,
  device: string | null,
  attempt: Extract<LoginAttempt, { allowed: true }>,
): Promise<void> {
  const all = limiters();
  const keys = keysOf(email, address, device);
  if (attempt.countedAs === "stranger") {
    await all.pair.delete(keys.pair);
    await all.email.reward(keys.email, 1);
    await all.address.reward(keys.address, 1);
  }
  if (device !== null) await all.device.delete(keys.device);
}
