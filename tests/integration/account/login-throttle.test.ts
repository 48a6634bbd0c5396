import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { takeLoginAttempt } from "~/domain/users/login-throttle.server";
import { action as apiLogin } from "~/routes/account/api.login";
import { callRoute, statusOf } from "../../support/requests";
import { createTestUser, TEST_PASSWORD } from "../../support/users";

/**
 * Decision 34 (docs/decisions.md): every login attempt takes a point from three counters before
 * the password is checked: one e-mail from one address (5 in 15 minutes), one e-mail from anywhere
 * (50 in 24 hours), one address (300 an hour). A right password gives the points back. Time passes
 * here by moving the counters' expiry back in the database, as if the minutes had gone by.
 */

let addresses = 0;
/** An address of its own for each use, so one test's attempts never count against another's. */
function newAddress(): string {
  addresses += 1;
  return `198.51.${Math.floor(addresses / 250)}.${addresses % 250}`;
}

/** POST /api/auth/login from `address`; the status the person sees (200, 401 wrong, 429 locked). */
async function login(email: string, password: string, address: string): Promise<number> {
  return statusOf(
    await callRoute(apiLogin, "/api/auth/login", {
      json: { email, password },
      headers: { "x-shop-client-address": address },
    }),
  );
}

async function failTimes(times: number, email: string, address: string): Promise<void> {
  for (let i = 0; i < times; i++)
    expect(await login(email, "wrong-password", address), `failed login ${i + 1}`).toBe(401);
}

/** `times` attempts counted the way a failed login counts them (without hashing a password each time), 25 at once. */
async function attempts(times: number, email: (i: number) => string, address: (i: number) => string) {
  const allowed: boolean[] = [];
  for (let start = 0; start < times; start += 25) {
    const batch = Array.from({ length: Math.min(25, times - start) }, (_, k) => start + k);
    allowed.push(...(await Promise.all(batch.map((i) => takeLoginAttempt(email(i), address(i))))));
  }
  return allowed;
}

/** Lets `seconds` go by for every login counter. */
async function timePasses(seconds: number): Promise<void> {
  await db().$executeRaw`UPDATE "RateLimiterFlexible" SET "expire" = "expire" - make_interval(secs => ${seconds})`;
}

const MINUTE = 60;

beforeEach(async () => {
  await db().rateLimiterFlexible.deleteMany();
});

describe("one e-mail from one address: 5 tries in 15 minutes", () => {
  it("locks after 5 failures, still at 14 minutes, and lets the owner in after 15", async () => {
    const user = await createTestUser();
    const address = newAddress();
    await failTimes(5, user.email, address);
    expect(await login(user.email, TEST_PASSWORD, address)).toBe(429);

    await timePasses(14 * MINUTE);
    expect(await login(user.email, TEST_PASSWORD, address)).toBe(429);

    await timePasses(MINUTE + 1);
    expect(await login(user.email, TEST_PASSWORD, address)).toBe(200);
  });

  it("does not lock the owner out from another address", async () => {
    const user = await createTestUser();
    await failTimes(5, user.email, newAddress());
    expect(await login(user.email, TEST_PASSWORD, newAddress())).toBe(200);
  });

  it("40 parallel wrong tries check the password 5 times; the other 35 are refused unchecked", async () => {
    const user = await createTestUser();
    const address = newAddress();
    const statuses = await Promise.all(Array.from({ length: 40 }, () => login(user.email, "wrong-password", address)));
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
  });

  it("a right password clears the pair's count: 4 more wrong tries do not lock it", async () => {
    const user = await createTestUser();
    const address = newAddress();
    await failTimes(4, user.email, address);
    expect(await login(user.email, TEST_PASSWORD, address)).toBe(200);
    await failTimes(4, user.email, address);
    expect(await login(user.email, TEST_PASSWORD, address)).toBe(200);
  });

  it("after the window, 5 new failures lock it again", async () => {
    const user = await createTestUser();
    const address = newAddress();
    await failTimes(5, user.email, address);
    await timePasses(15 * MINUTE + 1);
    await failTimes(5, user.email, address);
    expect(await login(user.email, TEST_PASSWORD, address)).toBe(429);
  });
});

describe("one e-mail from anywhere: 50 tries in 24 hours", () => {
  it("guesses spread over many addresses lock the e-mail everywhere after 50, for a day", async () => {
    const user = await createTestUser();
    const spread = Array.from({ length: 10 }, newAddress);
    const allowed = await attempts(
      50,
      () => user.email,
      (i) => spread[i % 10]!,
    );
    expect(allowed.every(Boolean)).toBe(true);
    expect(await login(user.email, TEST_PASSWORD, newAddress())).toBe(429);

    await timePasses(23 * 60 * MINUTE);
    expect(await login(user.email, TEST_PASSWORD, newAddress())).toBe(429);
    await timePasses(60 * MINUTE + 1);
    expect(await login(user.email, TEST_PASSWORD, newAddress())).toBe(200);
  });

  it("a guesser hammering from one address spends only that pair's count, never the owner's ceiling", async () => {
    const user = await createTestUser();
    const guesser = newAddress();
    const allowed = await attempts(
      80,
      () => user.email,
      () => guesser,
    );
    expect(allowed.filter(Boolean)).toHaveLength(5);
    expect(await login(user.email, TEST_PASSWORD, newAddress())).toBe(200);
  });
});

describe("one address, any e-mail: 300 tries an hour", () => {
  it("locks the address after 300 attempts at other e-mails; other addresses are not touched", async () => {
    const address = newAddress();
    const allowed = await attempts(
      300,
      (i) => `guess${i}@example.com`,
      () => address,
    );
    expect(allowed.every(Boolean)).toBe(true);
    const user = await createTestUser();
    expect(await login(user.email, TEST_PASSWORD, address)).toBe(429);
    expect(await login(user.email, TEST_PASSWORD, newAddress())).toBe(200);

    await timePasses(60 * MINUTE + 1);
    expect(await login(user.email, TEST_PASSWORD, address)).toBe(200);
  });

  it("customers logging in successfully behind one carrier address do not use it up", async () => {
    const address = newAddress();
    const user = await createTestUser();
    for (let i = 0; i < 5; i++) expect(await login(user.email, TEST_PASSWORD, address)).toBe(200);
    const left = await attempts(
      300,
      (i) => `guess${i}@example.com`,
      () => address,
    );
    expect(left.every(Boolean)).toBe(true);
  });
});
