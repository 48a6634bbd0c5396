import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { takeLoginAttempt } from "~/domain/users/login-throttle.server";
import { action as apiLogin } from "~/routes/account/api.login";
import { callRoute, statusOf } from "../../support/requests";
import { createTestUser, TEST_PASSWORD } from "../../support/users";

/**
 * Decisions 34 and 90 (docs/decisions.md): every login attempt takes a point before the password
 * is checked. From a browser that signed in to the e-mail before (its device cookie), from that
 * device's own count (10 an hour); otherwise from three counters: one e-mail from one address (5 in
 * 15 minutes), one e-mail from anywhere (20 in 15 minutes), one address (300 an hour). A right
 * password gives the points back. Time passes here by moving the counters' expiry back in the
 * database, as if the minutes had gone by.
 */

let addresses = 0;
/** An address of its own for each use, so one test's attempts never count against another's. */
function newAddress(): string {
  addresses += 1;
  return `198.51.${Math.floor(addresses / 250)}.${addresses % 250}`;
}

/** POST /api/auth/login from `address` (with the browser's cookie, if any): the answer. */
async function loginAnswer(email: string, password: string, address: string, cookie?: string): Promise<Response> {
  return (await callRoute(apiLogin, "/api/auth/login", {
    json: { email, password },
    headers: { "x-shop-client-address": address, ...(cookie ? { Cookie: cookie } : {}) },
  })) as Response;
}

/** The status the person sees (200, 401 wrong, 429 locked). */
async function login(email: string, password: string, address: string, cookie?: string): Promise<number> {
  return statusOf(await loginAnswer(email, password, address, cookie));
}

/** The device cookie (name=value) a successful login gave this browser. */
function deviceCookieOf(answer: Response): string {
  const cookie = answer.headers.getSetCookie().find((value) => value.startsWith("shop_device="));
  if (!cookie) throw new Error(`no device cookie in the answer (${answer.status})`);
  return cookie.split(";")[0]!;
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
    const taken = await Promise.all(batch.map((i) => takeLoginAttempt(email(i), address(i), null)));
    allowed.push(...taken.map((attempt) => attempt.allowed));
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

describe("one e-mail from anywhere: 20 tries in 15 minutes", () => {
  it("guesses spread over many addresses lock the e-mail for new browsers after 20, for 15 minutes at most, and say how long", async () => {
    const user = await createTestUser();
    const spread = Array.from({ length: 10 }, newAddress);
    const allowed = await attempts(
      20,
      () => user.email,
      (i) => spread[i % 10]!,
    );
    expect(allowed.every(Boolean)).toBe(true);
    const refused = await loginAnswer(user.email, TEST_PASSWORD, newAddress());
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(14 * MINUTE);
    expect(wait).toBeLessThanOrEqual(15 * MINUTE);
    expect(((await refused.json()) as { error: string }).error).toBe(
      "เข้าสู่ระบบไม่สำเร็จหลายครั้งเกินไป กรุณารอ 15 นาทีแล้วลองใหม่",
    );

    await timePasses(10 * MINUTE);
    const later = await loginAnswer(user.email, TEST_PASSWORD, newAddress());
    expect(later.status).toBe(429);
    expect(Number(later.headers.get("Retry-After"))).toBeLessThanOrEqual(5 * MINUTE);
    expect(((await later.json()) as { error: string }).error).toBe("เข้าสู่ระบบไม่สำเร็จหลายครั้งเกินไป กรุณารอ 5 นาทีแล้วลองใหม่");
    await timePasses(5 * MINUTE + 1);
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

describe("a browser that signed in before (its device cookie)", () => {
  it("signs the owner in after 50 wrong passwords from 10 addresses; a new browser waits", async () => {
    const user = await createTestUser();
    const device = deviceCookieOf(await loginAnswer(user.email, TEST_PASSWORD, newAddress()));
    const spread = Array.from({ length: 10 }, newAddress);
    for (let i = 0; i < 50; i++) await login(user.email, "wrong-password", spread[i % 10]!);

    expect(await login(user.email, TEST_PASSWORD, newAddress())).toBe(429);
    expect(await login(user.email, TEST_PASSWORD, newAddress(), device)).toBe(200);
    // From an address the guessers spent, too.
    expect(await login(user.email, TEST_PASSWORD, spread[0]!, device)).toBe(200);
  });

  it("only for the e-mail it signed in to, and only when the shop signed it", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const otherDevice = deviceCookieOf(await loginAnswer(other.email, TEST_PASSWORD, newAddress()));
    const ownDevice = deviceCookieOf(await loginAnswer(owner.email, TEST_PASSWORD, newAddress()));
    await attempts(
      20,
      () => owner.email,
      () => newAddress(),
    );
    expect(await login(owner.email, TEST_PASSWORD, newAddress(), otherDevice)).toBe(429);
    // The owner's own cookie with its signature changed by one character.
    const at = ownDevice.length - 2;
    const forged = `${ownDevice.slice(0, at)}${ownDevice[at] === "A" ? "B" : "A"}${ownDevice.slice(at + 1)}`;
    expect(await login(owner.email, TEST_PASSWORD, newAddress(), forged)).toBe(429);
    expect(await login(owner.email, TEST_PASSWORD, newAddress(), ownDevice)).toBe(200);
  });

  it("has 10 tries an hour of its own: a guesser holding it is then a stranger like any other", async () => {
    const user = await createTestUser();
    const device = deviceCookieOf(await loginAnswer(user.email, TEST_PASSWORD, newAddress()));
    const address = newAddress();
    // Ten wrong tries through the device, then five more count as the stranger's pair.
    for (let i = 0; i < 15; i++) expect(await login(user.email, "wrong-password", address, device)).toBe(401);
    expect(await login(user.email, TEST_PASSWORD, address, device)).toBe(429);
    expect(await login(user.email, TEST_PASSWORD, newAddress(), device)).toBe(200);
  });

  it("keeps no e-mail or address in the counters' table", async () => {
    const user = await createTestUser({ email: "counted-owner-5521@example.com" });
    await login(user.email, "wrong-password", "203.0.113.77");
    const rows = JSON.stringify(await db().rateLimiterFlexible.findMany());
    expect(rows.length).toBeGreaterThan(2);
    expect(rows).not.toContain("counted-owner-5521");
    expect(rows).not.toContain("203.0.113.77");
  });
});
