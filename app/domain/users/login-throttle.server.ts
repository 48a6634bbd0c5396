import { createHmac } from "node:crypto";
import { RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import { getConfig } from "~/config.server";
import { db, type PrismaClient } from "~/data/db.server";

/**
 * Login limits (decision 34), after rate-limiter-flexible's login-endpoint recipe and OWASP ASVS 5.0
 * section 6.3. Every attempt takes a point from three counters before the password is checked,
 * each taken with one upsert in the database, so a burst of parallel attempts is counted one by
 * one in every app process and checks at most the limit:
 *
 * - one e-mail from one address: 5 tries in 15 minutes. This is the lock a guesser meets, and it
 *   is theirs alone: the owner, from any other address, is not locked out by it.
 * - one e-mail from anywhere: 50 tries in 24 hours, the slower ceiling against guesses spread over
 *   many addresses.
 * - one address, any e-mail: 300 tries an hour. Generous, because a mobile carrier puts many
 *   customers behind one address.
 *
 * A successful login gives its points back (and clears the e-mail-and-address count), so only
 * failures add up. The address is the one server/app.ts saw: never a value the client chose.
 */

const MINUTE = 60;
const LIMITS = {
  pair: { keyPrefix: "login-pair", points: 5, duration: 15 * MINUTE },
  email: { keyPrefix: "login-email", points: 50, duration: 24 * 60 * MINUTE },
  address: { keyPrefix: "login-address", points: 300, duration: 60 * MINUTE },
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
    found = { pair: make(LIMITS.pair), email: make(LIMITS.email), address: make(LIMITS.address) };
    limitersByClient.set(client, found);
  }
  return found;
}

/**
 * The counters' keys, as the database keeps them: an HMAC of the e-mail and of the address with the
 * shop's session secret, never the e-mail or address itself. The table holds no one's e-mail after
 * their account is closed, and a key cannot be turned back into an e-mail by hashing a list of
 * guesses without the secret (decision 89). A new secret starts the counts afresh.
 */
function keysOf(email: string, address: string): Record<keyof Limiters, string> {
  const hashed = (value: string) =>
    createHmac("sha256", getConfig().sessionSecrets[0]!).update(value).digest("base64url");
  return {
    pair: hashed(`${email}|${address}`),
    email: hashed(`email:${email}`),
    address: hashed(`address:${address}`),
  };
}

/**
 * Takes this attempt's point from each counter. False when one of them is spent: the attempt
 * must then stop before the password is checked.
 */
export async function takeLoginAttempt(email: string, address: string): Promise<boolean> {
  const all = limiters();
  const keys = keysOf(email, address);
  // In this order, stopping at the first spent counter: a guesser who keeps trying one e-mail from
  // one address only adds to that pair's count, never to the e-mail's ceiling that the owner shares.
  for (const name of ["pair", "email", "address"] as const) {
    try {
      await all[name].consume(keys[name]);
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return false;
      throw refusal; // a database fault, not a limit
    }
  }
  return true;
}

/** The password was right: the attempt's points go back and the pair's count starts again. */
export async function loginSucceeded(email: string, address: string): Promise<void> {
  const all = limiters();
  const keys = keysOf(email, address);
  await all.pair.delete(keys.pair);
  await all.email.reward(keys.email, 1);
  await all.address.reward(keys.address, 1);
}
