import { execFileSync } from "node:child_process";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { TOO_MANY_TRIES, WRONG_LOGIN } from "~/domain/users/accounts.server";
import { processPlan } from "../../../server/cluster";
import {
  type AppDatabase,
  type AppProcess,
  call,
  createAppDatabase,
  loginCookie,
  onPostgres,
  prepareBuild,
  startApp,
} from "../../support/http-server";

/**
 * Sessions and the login limit live in the database, not in an app process. On PostgreSQL two
 * processes serve one database side by side, and WEB_CONCURRENCY=2 starts two workers. The
 * embedded database belongs to one process: a shop asked for two processes on it runs one and
 * says why, and a second shop takes over the same folder after the first stops.
 */

const USER = "user@example.com";

let buildDir: string;
let database: AppDatabase;
const running: AppProcess[] = [];

async function start(): Promise<AppProcess> {
  const app = await startApp(buildDir, database);
  running.push(app);
  return app;
}

async function profileStatus(app: AppProcess, cookie: string) {
  const response = await call(app, "/api/user/profile", { cookie });
  return { status: response.status, body: (await response.json()) as { email?: string; error?: string } };
}

async function wrongLogin(app: AppProcess, email: string) {
  const response = await call(app, "/api/auth/login", { json: { email, password: "not-the-password" } });
  return { status: response.status, error: ((await response.json()) as { error: string }).error };
}

async function rightLogin(app: AppProcess, email: string) {
  const response = await call(app, "/api/auth/login", { json: { email, password: "demo1234" } });
  return {
    status: response.status,
    error: ((await response.json()) as { error?: string }).error,
    setCookie: response.headers.get("set-cookie"),
  };
}

/** The worker processes of a shop started with WEB_CONCURRENCY: its primary's children that run the shop. */
function workersOf(app: AppProcess): string[] {
  try {
    return execFileSync("pgrep", ["-P", String(app.child.pid), "-f", "server/main.js"], { encoding: "utf8" })
      .trim()
      .split("\n")
      .filter(Boolean);
  } catch (error) {
    if ((error as { status?: number }).status === 1) return []; // pgrep found none
    throw error;
  }
}

/**
 * One request on a connection of its own: the primary hands new connections to its workers in
 * turn, so a series of these reaches every worker (fetch would keep reusing one connection).
 */
function overNewConnection(app: AppProcess, pathname: string, options: { cookie?: string; json?: unknown } = {}) {
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const body = options.json === undefined ? undefined : JSON.stringify(options.json);
    const headers: Record<string, string> = { Connection: "close" };
    if (options.cookie) headers.Cookie = options.cookie;
    if (body) Object.assign(headers, { "Content-Type": "application/json", Origin: app.origin });
    const request = http.request(
      `${app.origin}${pathname}`,
      { method: body ? "POST" : "GET", agent: false, headers },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

beforeAll(async () => {
  buildDir = prepareBuild();
  database = await createAppDatabase("two");
}, 240_000);

afterAll(async () => {
  for (const app of running) await app.stop();
  await database?.drop();
});

describe("how many app processes serve (server/cluster.ts)", () => {
  test("several only with PostgreSQL; on the embedded database one, with the reason when more were asked for", () => {
    const postgres = { DATABASE_URL: "postgres://127.0.0.1/shop" };
    expect(processPlan({ ...postgres, WEB_CONCURRENCY: "2" })).toEqual({ count: 2 });
    expect(processPlan(postgres).count).toBeGreaterThanOrEqual(1);
    expect(processPlan({})).toEqual({ count: 1 });
    expect(processPlan({ WEB_CONCURRENCY: "1" })).toEqual({ count: 1 });
    const refused = processPlan({ WEB_CONCURRENCY: "2" });
    expect(refused.count).toBe(1);
    expect(refused.notice).toContain("WEB_CONCURRENCY=2");
    expect(refused.notice).toMatch(/PGlite/);
    expect(refused.notice).toMatch(/DATABASE_URL/);
    expect(refused.notice).toMatch(/[\u0E00-\u0E7F]/);
  });
});

if (onPostgres) {
  describe("two app processes on one PostgreSQL", () => {
    let a: AppProcess;
    let b: AppProcess;
    beforeAll(async () => {
      [a, b] = await Promise.all([start(), start()]);
      expect(a.port).not.toBe(b.port);
    }, 120_000);

    test("one shop served by two worker processes (WEB_CONCURRENCY=2): every request answered, all stop together", async () => {
      const cluster = await startApp(buildDir, database, { WEB_CONCURRENCY: "2" });
      running.push(cluster);
      const workers = workersOf(cluster);
      expect(workers).toHaveLength(2);
      const cookie = await loginCookie(cluster, USER);
      const answers = await Promise.all(Array.from({ length: 20 }, () => profileStatus(cluster, cookie)));
      expect(answers.every((answer) => answer.status === 200 && answer.body.email === USER)).toBe(true);
      await cluster.stop();
      expect(cluster.child.exitCode).toBe(0);
      for (const pid of workers) expect(() => process.kill(Number(pid), 0)).toThrow();
    }, 60_000);

    test("one session serves both: log in on A, act on B, log out on B, A refuses the cookie", async () => {
      const cookie = await loginCookie(a, USER);

      expect(await profileStatus(b, cookie)).toMatchObject({ status: 200, body: { email: USER } });
      const cartOnB = await call(b, "/api/cart", { cookie });
      expect(cartOnB.status).toBe(200);
      const items = (await cartOnB.json()) as unknown[];
      expect(items.length).toBeGreaterThan(0);
      // Alternately, several times: no process keeps anything of its own.
      for (const app of [a, b, a, b]) expect((await profileStatus(app, cookie)).status).toBe(200);

      const logout = await call(b, "/api/auth/logout", { method: "POST", cookie });
      expect(logout.status).toBe(200);

      for (const app of [a, b]) {
        const after = await profileStatus(app, cookie);
        expect(after.status).toBe(401);
        expect(after.body.error).toMatch(/[\u0E00-\u0E7F]/);
      }
      expect((await call(a, "/api/cart", { cookie })).status).toBe(401);
    }, 60_000);

    test("the login limit counts failures on both processes together", async () => {
      const email = "somchai@example.com";
      for (const app of [a, b, a, b, a])
        expect(await wrongLogin(app, email)).toEqual({ status: 401, error: WRONG_LOGIN });
      // The sixth try is refused on either process, even with the right password, and signs nobody in.
      for (const app of [b, a]) {
        const refused = await rightLogin(app, email);
        expect(refused).toMatchObject({ status: 429, error: TOO_MANY_TRIES });
        expect(refused.setCookie ?? "").not.toContain("shop_session=");
      }
      // Another account is not affected by somchai's failures.
      expect((await rightLogin(b, "wanpen@example.com")).status).toBe(200);
    }, 60_000);
  });
} else {
  describe("the embedded database runs one app process", () => {
    test("WEB_CONCURRENCY=2: one process serves (no workers), says why once, and answers every request", async () => {
      const shop = await startApp(buildDir, database, { WEB_CONCURRENCY: "2" });
      running.push(shop);
      expect(workersOf(shop)).toEqual([]);
      const notice = processPlan({ WEB_CONCURRENCY: "2" }).notice!;
      expect(shop.output().split(notice).length - 1).toBe(1);
      expect(shop.output()).toContain("ร้านเปิดแล้วที่");
      expect(shop.output()).not.toMatch(/ร้านเปิดแล้วที่ \S+ \(\d+ โปรเซส\)/); // no process count: one process

      const cookie = await loginCookie(shop, USER);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => overNewConnection(shop, "/api/user/profile", { cookie })),
      );
      expect(answers.every((answer) => answer.status === 200 && answer.body.email === USER)).toBe(true);
      expect(workersOf(shop)).toEqual([]);
      await shop.stop();
    }, 120_000);
  });

  describe("a second process takes over the embedded database", () => {
    test("a session started on one process works on the next, and a log-out there holds after another restart", async () => {
      const first = await start();
      const cookie = await loginCookie(first, USER);
      expect((await profileStatus(first, cookie)).status).toBe(200);
      await first.stop();

      const second = await start();
      expect(await profileStatus(second, cookie)).toMatchObject({ status: 200, body: { email: USER } });
      expect((await call(second, "/api/cart", { cookie })).status).toBe(200);
      expect((await call(second, "/api/auth/logout", { method: "POST", cookie })).status).toBe(200);
      await second.stop();

      const third = await start();
      expect((await profileStatus(third, cookie)).status).toBe(401);
      await third.stop();
    }, 180_000);

    test("failed logins before a restart still count after it", async () => {
      const email = "somchai@example.com";
      const first = await start();
      for (let i = 0; i < 3; i += 1)
        expect(await wrongLogin(first, email)).toEqual({ status: 401, error: WRONG_LOGIN });
      await first.stop();

      const second = await start();
      for (let i = 0; i < 2; i += 1)
        expect(await wrongLogin(second, email)).toEqual({ status: 401, error: WRONG_LOGIN });
      expect(await rightLogin(second, email)).toMatchObject({ status: 429, error: TOO_MANY_TRIES });
      await second.stop();
    }, 180_000);
  });
}
