import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { takeLoginAttempt } from "~/domain/users/login-throttle.server";
import { action as apiLogin } from "~/routes/account/api.login";
import { action as loginPage } from "~/routes/account/login";
import { callRoute, isDataWithResponseInit, locationOf, setCookiesOf, statusOf } from "../../support/requests";
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

/** POST /login, the page's form (without JavaScript; with it, the same action answers /login.data). */
function pageLogin(email: string, password: string, address: string, cookie?: string): Promise<unknown> {
  return callRoute(loginPage, "/login", {
    form: { email, password },
    headers: { "x-shop-client-address": address, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

/** The device cookies (whole Set-Cookie values) an answer set. */
function deviceSetCookiesOf(answer: unknown): string[] {
  return setCookiesOf(answer).filter((value) => /^(__Secure-)?shop_device=/.test(value));
}

/** The device cookie (name=value) a successful login gave this browser. */
function deviceCookieOf(answer: unknown): string {
  const cookie = deviceSetCookiesOf(answer)[0];
  if (!cookie) throw new Error(`no device cookie in the answer (${statusOf(answer)})`);
  return cookie.split(";")[0]!;
}

/** A cookie's attributes, by lower-case name ("path", "max-age", "httponly", ...). */
function attributesOf(setCookie: string): Map<string, string> {
  return new Map(
    setCookie
      .split(";")
      .slice(1)
      .map((part) => {
        const [name, ...value] = part.trim().split("=");
        return [name!.toLowerCase(), value.join("=")] as const;
      }),
  );
}

/** The JSON call's refusal as the person gets it: the wait in the header and the message. */
async function refusalOf(answer: Response): Promise<{ status: number; wait: number; error: string }> {
  const { error } = (await answer.json()) as { error: string };
  return { status: answer.status, wait: Number(answer.headers.get("Retry-After")), error };
}

/** The message for a wait of `seconds`, as the shop words it: the minutes rounded up. */
function waitMessage(seconds: number): string {
  return `เข้าสู่ระบบไม่สำเร็จหลายครั้งเกินไป กรุณารอ ${Math.ceil(seconds / 60)} นาทีแล้วลองใหม่`;
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
  it("signs the owner in after 50 wrong passwords from 10 addresses; a new browser waits at most 15 minutes, told how long", async () => {
    const user = await createTestUser();
    const device = deviceCookieOf(await loginAnswer(user.email, TEST_PASSWORD, newAddress()));
    const pageDevice = deviceCookieOf(await pageLogin(user.email, TEST_PASSWORD, newAddress()));
    const spread = Array.from({ length: 10 }, newAddress);
    for (let i = 0; i < 50; i++)
      expect([401, 429]).toContain(await login(user.email, "wrong-password", spread[i % 10]!));

    // The owner's browser, at either door, from a new address or one the guessers used.
    expect(await login(user.email, TEST_PASSWORD, newAddress(), device)).toBe(200);
    expect(await login(user.email, TEST_PASSWORD, spread[0]!, device)).toBe(200);
    expect(locationOf(await pageLogin(user.email, TEST_PASSWORD, newAddress(), pageDevice))).toBe(
      "/design?category=shirt",
    );

    // A new browser: 429 with the real wait, at most 15 minutes, in the header and in Thai.
    const refused = await refusalOf(await loginAnswer(user.email, TEST_PASSWORD, newAddress()));
    expect(refused.status).toBe(429);
    expect(refused.wait).toBeGreaterThan(0);
    expect(refused.wait).toBeLessThanOrEqual(15 * MINUTE);
    expect(refused.error).toBe(waitMessage(refused.wait));
    // The page's form says the same, with the same header.
    const page = await pageLogin(user.email, TEST_PASSWORD, newAddress());
    expect(statusOf(page)).toBe(429);
    if (!isDataWithResponseInit(page)) throw new Error("the page answered without its form's reply");
    const pageWait = Number(new Headers(page.init?.headers).get("Retry-After"));
    expect(pageWait).toBeGreaterThan(0);
    expect(pageWait).toBeLessThanOrEqual(15 * MINUTE);
    expect(JSON.stringify(page.data)).toContain(waitMessage(pageWait));

    await timePasses(refused.wait);
    expect(await login(user.email, TEST_PASSWORD, newAddress())).toBe(200);
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

  it("stops letting its holder past the e-mail's lock after 10 wrong passwords", async () => {
    const user = await createTestUser();
    const device = deviceCookieOf(await loginAnswer(user.email, TEST_PASSWORD, newAddress()));
    await attempts(
      20,
      () => user.email,
      () => newAddress(),
    );
    expect(await login(user.email, TEST_PASSWORD, newAddress())).toBe(429);
    for (let i = 0; i < 10; i++) expect(await login(user.email, "wrong-password", newAddress(), device)).toBe(401);
    // Spent: no longer trusted, so the e-mail's lock holds for it too, right password or not.
    expect(await login(user.email, TEST_PASSWORD, newAddress(), device)).toBe(429);
    expect(await login(user.email, "wrong-password", newAddress(), device)).toBe(429);
  });

  it("gives strangers no tries back when the owner signs in through it", async () => {
    const user = await createTestUser();
    const device = deviceCookieOf(await loginAnswer(user.email, TEST_PASSWORD, newAddress()));
    for (let i = 0; i < 5; i++) expect(await login(user.email, TEST_PASSWORD, newAddress(), device)).toBe(200);
    const spread = Array.from({ length: 10 }, newAddress);
    const allowed = await attempts(
      25,
      () => user.email,
      (i) => spread[i % 10]!,
    );
    expect(allowed.filter(Boolean)).toHaveLength(20);
  });

  it("is set for the login form and the JSON login only: httpOnly, Lax, a year, Secure over HTTPS", async () => {
    const user = await createTestUser();
    const doors = ["/login", "/login.data", "/api/auth/login"];
    for (const [answer, secure] of [
      [await loginAnswer(user.email, TEST_PASSWORD, newAddress()), false],
      [await pageLogin(user.email, TEST_PASSWORD, newAddress()), false],
      [
        await callRoute(apiLogin, "https://shop.test/api/auth/login", {
          json: { email: user.email, password: TEST_PASSWORD },
          headers: { "x-shop-client-address": newAddress() },
        }),
        true,
      ],
    ] as const) {
      const cookies = deviceSetCookiesOf(answer);
      // One per door, the same signed value in each: a cookie has one path, and no path but "/"
      // covers all three; "/" would send it with every page, and a visitor's page is shared only
      // with requests that carry no cookie.
      expect(cookies.map((cookie) => attributesOf(cookie).get("path")).sort()).toEqual([...doors].sort());
      expect(new Set(cookies.map((cookie) => cookie.split(";")[0])).size).toBe(1);
      for (const cookie of cookies) {
        const attributes = attributesOf(cookie);
        expect(cookie.startsWith(secure ? "__Secure-shop_device=" : "shop_device="), cookie).toBe(true);
        expect(attributes.has("httponly"), cookie).toBe(true);
        expect(attributes.get("samesite")?.toLowerCase(), cookie).toBe("lax");
        expect(Number(attributes.get("max-age")), cookie).toBe(365 * 24 * 60 * MINUTE);
        expect(attributes.has("secure"), cookie).toBe(secure);
        expect(attributes.has("domain"), cookie).toBe(false);
      }
    }
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
    const device = deviceCookieOf(await loginAnswer(user.email, TEST_PASSWORD, "203.0.113.78"));
    await login(user.email, "wrong-password", "203.0.113.77");
    await login(user.email.toUpperCase(), "wrong-password", "203.0.113.77", device);
    await pageLogin(user.email, "wrong-password", "203.0.113.79");
    const rows = await db().rateLimiterFlexible.findMany();
    // The pair, the e-mail and the address of each stranger's try, and the device's count.
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const stored = JSON.stringify(rows).toLowerCase();
    expect(stored).not.toContain("counted-owner-5521");
    expect(stored).not.toContain("example.com");
    expect(stored).not.toContain("203.0.113.");
  });
});
