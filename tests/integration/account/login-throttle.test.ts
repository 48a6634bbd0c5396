import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/data/db.server";
import { recordFailure } from "~/domain/users/login-throttle.server";
import { action as apiLogin } from "~/routes/account/api.login";
import { callRoute, statusOf } from "../../support/requests";
import { createTestUser, TEST_PASSWORD } from "../../support/users";

/**
 * Decision 4 (docs/decisions.md): 5 failed logins per e-mail and 30 per address within 15 minutes
 * lock that e-mail or address out until the 15 minutes are over; a successful login clears the
 * e-mail's count (the address keeps its own). Time passes here by moving the counters' window
 * start back in the database, as if the minutes had gone by: no real waiting.
 */

let addresses = 0;
/** An address of its own for each test, so one test's failures never count against another's. */
function newAddress(): string {
  addresses += 1;
  return `198.51.100.${addresses}`;
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

/**
 * `times` failed logins from one address, each for another e-mail, counted the way a failed login
 * counts them (without hashing 30 passwords for nothing).
 */
async function guessesFrom(address: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) await recordFailure(`guess${i}@example.com`, address);
}

/** Lets `seconds` go by for every login counter (their windows started that much earlier). */
async function timePasses(seconds: number): Promise<void> {
  await prisma.$executeRaw`UPDATE "LoginThrottle" SET "windowStart" = "windowStart" - make_interval(secs => ${seconds})`;
}

const MINUTE = 60;

beforeEach(async () => {
  await prisma.loginThrottle.deleteMany();
});

describe("the login lock-out lasts 15 minutes, not for ever", () => {
  it("an e-mail locked after 5 failures is still locked at 14 minutes and can log in after 15", async () => {
    const user = await createTestUser();
    const address = newAddress();
    await failTimes(5, user.email, address);
    expect(await login(user.email, TEST_PASSWORD, address)).toBe(429);

    await timePasses(14 * MINUTE);
    expect(await login(user.email, TEST_PASSWORD, address)).toBe(429);

    await timePasses(MINUTE + 1);
    expect(await login(user.email, TEST_PASSWORD, address)).toBe(200);
  });

  it("an address locked after 30 failures can be used again after 15 minutes", async () => {
    const address = newAddress();
    await guessesFrom(address, 29);
    expect(await login("guess29@example.com", "wrong-password", address)).toBe(401);
    const user = await createTestUser();
    expect(await login(user.email, TEST_PASSWORD, address)).toBe(429);

    await timePasses(15 * MINUTE + 1);
    expect(await login(user.email, TEST_PASSWORD, address)).toBe(200);
  });
});

describe("the counts start again", () => {
  it("a successful login clears the e-mail's failures: 4 more wrong tries do not lock it", async () => {
    const user = await createTestUser();
    const address = newAddress();
    await failTimes(4, user.email, address);
    expect(await login(user.email, TEST_PASSWORD, address)).toBe(200);
    await failTimes(4, user.email, address);
    expect(await login(user.email, TEST_PASSWORD, address)).toBe(200);
  });

  it("after the window, failures count from one again: one new failure does not lock the e-mail", async () => {
    const user = await createTestUser();
    const address = newAddress();
    await failTimes(5, user.email, address);
    await timePasses(15 * MINUTE + 1);
    // The first failure of a new window, not the sixth of the old one.
    await failTimes(1, user.email, address);
    expect(await login(user.email, TEST_PASSWORD, address)).toBe(200);
  });

  it("after the window, 5 new failures lock the e-mail again", async () => {
    const user = await createTestUser();
    const address = newAddress();
    await failTimes(5, user.email, address);
    await timePasses(15 * MINUTE + 1);
    await failTimes(5, user.email, address);
    expect(await login(user.email, TEST_PASSWORD, address)).toBe(429);
  });

  it("a successful login does not clear the address's count: the 30th failure from it still locks it", async () => {
    const address = newAddress();
    await guessesFrom(address, 29);
    const own = await createTestUser();
    expect(await login(own.email, TEST_PASSWORD, address)).toBe(200);
    expect(await login("guess29@example.com", "wrong-password", address)).toBe(401);
    expect(await login(own.email, TEST_PASSWORD, address)).toBe(429);
  });
});
