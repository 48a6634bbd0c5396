import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { trustedProxies } from "~/config.server";
import { TOO_MANY_TRIES, WRONG_LOGIN } from "~/domain/users/accounts.server";
import {
  type AppDatabase,
  type AppProcess,
  call,
  createAppDatabase,
  prepareBuild,
  sessionCookieOf,
  startApp,
} from "../../support/http-server";

/**
 * TRUST_PROXY is the number of proxies in front, or their addresses (decision 3): the login limits
 * (decision 34) count the address the outermost trusted proxy saw, never an X-Forwarded-For the
 * client wrote, nor one sent straight to the shop's port by a client that is not a trusted proxy.
 * One app at a time on one database (the embedded database is one process's).
 */

let buildDir: string;
let database: AppDatabase;
let app: AppProcess | undefined;

beforeAll(async () => {
  buildDir = prepareBuild();
  database = await createAppDatabase("proxies");
}, 240_000);

afterAll(async () => {
  await app?.stop();
  await database?.drop();
});

async function serve(env: Record<string, string>): Promise<AppProcess> {
  await app?.stop();
  app = await startApp(buildDir, database, env);
  return app;
}

async function login(shop: AppProcess, email: string, password: string, forwardedFor: string) {
  const response = await call(shop, "/api/auth/login", {
    json: { email, password },
    headers: { "X-Forwarded-For": forwardedFor },
  });
  return { status: response.status, error: ((await response.json()) as { error?: string }).error };
}

/** Five wrong tries, each with a different address of the client's own making on the left. */
async function fiveWrongTries(shop: AppProcess, email: string, trustedPart: string) {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const forwardedFor = [`10.9.${attempt}.${attempt}`, trustedPart].filter(Boolean).join(", ");
    expect(await login(shop, email, "not-the-password", forwardedFor)).toMatchObject({
      status: 401,
      error: WRONG_LOGIN,
    });
  }
}

/**
 * What the shop makes of `X-Forwarded-Proto: https`: the session cookie a login sets (`__Host-` and
 * Secure over HTTPS), HSTS, and whether a write from the https origin of the shop's host is its own.
 */
async function overForwardedHttps(shop: AppProcess) {
  const forwarded = { "X-Forwarded-Proto": "https" };
  // Sent as a client that is no browser sends it: no Origin to judge. An e-mail no other test
  // mistypes from this address (the login limits would refuse it).
  const login = await fetch(`${shop.origin}/api/auth/login`, {
    method: "POST",
    headers: { ...forwarded, "Content-Type": "application/json" },
    body: JSON.stringify({ email: "tailor3@example.com", password: "demo1234" }),
  });
  const page = await call(shop, "/", { headers: forwarded });
  await page.body?.cancel();
  // A write with no session: 401 once past the edge, 403 when the edge takes it for another site's.
  const write = await call(shop, "/api/user/profile", {
    method: "PUT",
    json: {},
    headers: { ...forwarded, Origin: `https://${new URL(shop.origin).host}` },
  });
  return {
    cookie: sessionCookieOf(login).split("=")[0],
    hsts: page.headers.has("strict-transport-security"),
    httpsOrigin: write.status === 403 ? "another site" : "same site",
  };
}

test("TRUST_PROXY reads as a count of proxies, or as their addresses", () => {
  expect(trustedProxies({})).toBe(0);
  expect(trustedProxies({ TRUST_PROXY: "" })).toBe(0);
  expect(trustedProxies({ TRUST_PROXY: "0" })).toBe(0);
  expect(trustedProxies({ TRUST_PROXY: "false" })).toBe(0);
  expect(trustedProxies({ TRUST_PROXY: "true" })).toBe(1);
  expect(trustedProxies({ TRUST_PROXY: "1" })).toBe(1);
  expect(trustedProxies({ TRUST_PROXY: "2" })).toBe(2);
  expect(() => trustedProxies({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
  expect(trustedProxies({ TRUST_PROXY: "127.0.0.1" })).toEqual(["127.0.0.1"]);
  expect(trustedProxies({ TRUST_PROXY: " 10.0.0.0/8, 192.168.1.5 ,loopback" })).toEqual([
    "10.0.0.0/8",
    "192.168.1.5",
    "loopback",
  ]);
  expect(() => trustedProxies({ TRUST_PROXY: "10.0.0.0/99" })).toThrow(/TRUST_PROXY/);
  expect(() => trustedProxies({ TRUST_PROXY: "127.0.0.1,,10.0.0.1" })).toThrow(/TRUST_PROXY/);
});

describe("the address the login limits count", () => {
  test("without TRUST_PROXY a new X-Forwarded-For on each try is the same address", async () => {
    const shop = await serve({});
    await fiveWrongTries(shop, "user@example.com", "");
    expect(await login(shop, "user@example.com", "demo1234", "10.9.9.9")).toMatchObject({
      status: 429,
      error: TOO_MANY_TRIES,
    });
  }, 120_000);

  test("TRUST_PROXY=1: the right-most address (the one the proxy added) counts", async () => {
    const shop = await serve({ TRUST_PROXY: "1" });
    await fiveWrongTries(shop, "tailor1@example.com", "203.0.113.9");
    expect(await login(shop, "tailor1@example.com", "demo1234", "10.9.9.9, 203.0.113.9")).toMatchObject({
      status: 429,
    });
    // Another client behind the same proxy is another address.
    expect(await login(shop, "tailor1@example.com", "demo1234", "10.9.9.9, 203.0.113.10")).toMatchObject({
      status: 200,
    });
  }, 120_000);

  test("TRUST_PROXY=2: the address the outer of two proxies saw counts", async () => {
    const shop = await serve({ TRUST_PROXY: "2" });
    await fiveWrongTries(shop, "tailor2@example.com", "198.51.100.7, 192.0.2.1");
    expect(await login(shop, "tailor2@example.com", "demo1234", "10.1.1.1, 198.51.100.7, 192.0.2.1")).toMatchObject({
      status: 429,
    });
    expect(await login(shop, "tailor2@example.com", "demo1234", "10.1.1.1, 198.51.100.8, 192.0.2.1")).toMatchObject({
      status: 200,
    });
  }, 120_000);
});

describe("TRUST_PROXY as the proxies' addresses", () => {
  test("from a trusted proxy's address the forwarded address counts", async () => {
    // The test connects from 127.0.0.1: here that is the proxy.
    const shop = await serve({ TRUST_PROXY: "127.0.0.1" });
    await fiveWrongTries(shop, "somchai@example.com", "203.0.113.21");
    expect(await login(shop, "somchai@example.com", "demo1234", "10.9.9.9, 203.0.113.21")).toMatchObject({
      status: 429,
    });
    expect(await login(shop, "somchai@example.com", "demo1234", "10.9.9.9, 203.0.113.22")).toMatchObject({
      status: 200,
    });
    // The request id a trusted proxy gives is kept, and the protocol it names is the shop's.
    const kept = await call(shop, "/healthz", { headers: { "X-Request-Id": "proxy-req-0123456789" } });
    expect(kept.headers.get("x-request-id")).toBe("proxy-req-0123456789");
    expect(await overForwardedHttps(shop)).toEqual({
      cookie: "__Host-shop_session",
      hsts: true,
      httpsOrigin: "same site",
    });
  }, 120_000);

  test("a client reaching the port straight, not from a proxy's address, cannot choose its address", async () => {
    const shop = await serve({ TRUST_PROXY: "10.0.0.0/8" });
    // A new X-Forwarded-For on every try: all of them are the one address the socket came from.
    for (let attempt = 1; attempt <= 5; attempt++)
      expect(await login(shop, "wanpen@example.com", "not-the-password", `198.51.100.${attempt}`)).toMatchObject({
        status: 401,
      });
    expect(await login(shop, "wanpen@example.com", "demo1234", "198.51.100.99")).toMatchObject({ status: 429 });
    // Nor its request id, nor its protocol: the same one rule for every forwarding header.
    const replaced = await call(shop, "/healthz", { headers: { "X-Request-Id": "client-made-0123456789" } });
    expect(replaced.headers.get("x-request-id")).not.toBe("client-made-0123456789");
    expect(await overForwardedHttps(shop)).toEqual({
      cookie: "shop_session",
      hsts: false,
      httpsOrigin: "another site",
    });
  }, 120_000);
});
