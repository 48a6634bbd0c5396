import { request } from "node:http";
import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
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
 * The operating parts (docs/decisions.md, 49) on the built shop, as production runs it: health
 * and readiness for a load balancer, the JSON request log and what it must never hold, request ids,
 * and Prometheus metrics, which answer only on the operations listener (server/ops-listener.ts).
 */

const METRICS_TOKEN = "metrics-token-for-the-test-0123456789";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let buildDir: string;
let database: AppDatabase;
const running: AppProcess[] = [];

async function start(extraEnv: Record<string, string> = {}): Promise<AppProcess> {
  const app = await startApp(buildDir, database, { METRICS_TOKEN, ...extraEnv });
  running.push(app);
  return app;
}

async function stopAll(): Promise<void> {
  for (const app of running.splice(0)) await app.stop();
}

beforeAll(async () => {
  buildDir = prepareBuild();
  database = await createAppDatabase("ops");
}, 240_000);

afterAll(async () => {
  await stopAll();
  await database?.drop();
});

/** The JSON lines of an app's output (the Thai start-up line is for people and is skipped). */
function logLines(app: AppProcess): Record<string, unknown>[] {
  return app
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Waits (up to 5 s) for a log line: a line is written once its answer has gone out, and the pipe is read later. */
async function waitForLine(
  app: AppProcess,
  match: (line: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown> | undefined> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = logLines(app).find(match);
    if (found || Date.now() > deadline) return found;
    // Polled: the child's output arrives on its pipe with no event to wait on for a given line.
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function metricValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`));
    if (wanted) return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return undefined;
}

/** The shop's own 404 page (not-found.tsx), as any unknown address gets it: nothing of metrics or a backup. */
async function expectShopNotFoundPage(answer: Response): Promise<void> {
  expect(answer.headers.get("content-type")).toMatch(/^text\/html/);
  const page = await answer.text();
  expect(page).toContain("ไม่พบหน้าที่ต้องการ");
  expect(page).not.toContain("shop_http_request_duration_seconds");
}

/** A request to the operations listener with node:http, which sends the Host header as given (fetch puts the address's own in its place). */
function opsRequest(url: string, headers: Record<string, string>, method = "GET") {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const asking = request(url, { method, headers }, (res) => {
      let body = "";
      res.setEncoding("latin1");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, type: res.headers["content-type"] ?? "", body }));
    });
    asking.on("error", reject);
    asking.end();
  });
}

/** This machine's address on its network, if it has one: a connection made to it does not come from loopback. */
const networkAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && !entry.internal && entry.family === "IPv4")?.address;

describe("health, readiness, request ids and the log", () => {
  let app: AppProcess;

  beforeAll(async () => {
    app = await start();
  }, 120_000);

  afterAll(stopAll);

  test("GET /healthz and /readyz answer JSON, make no session and are not logged at info level", async () => {
    const health = await call(app, "/healthz");
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await call(app, "/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok" } });
    for (const response of [health, ready]) {
      expect(response.headers.get("set-cookie")).toBeNull();
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
    // Many probes in a row are never refused (no rate limit).
    const probes = await Promise.all(Array.from({ length: 50 }, () => call(app, "/healthz")));
    expect(probes.every((probe) => probe.status === 200)).toBe(true);
    await (await call(app, "/api/public/info")).text();
    expect(
      await waitForLine(app, (line) => (line.req as { path?: string } | undefined)?.path === "/api/public/info"),
    ).toBeDefined();
    const lines = logLines(app);
    expect(lines.filter((line) => /^\/(healthz|readyz)$/.test(String((line.req as { path?: string })?.path)))).toEqual(
      [],
    );
  });

  test("every answer has a request id; an incoming one is ignored without a trusted proxy", async () => {
    const answer = await call(app, "/api/public/info", { headers: { "X-Request-Id": "chosen-by-the-client-1" } });
    const id = answer.headers.get("x-request-id") ?? "";
    expect(id).toMatch(UUID);
    await answer.text();
    const line = await waitForLine(app, (entry) => entry.reqId === id);
    expect(line).toMatchObject({ route: "/api/public/info", res: { statusCode: 200 } });
    expect(typeof line?.durationMs).toBe("number");
  });

  test("a login, a registration and a profile edit leave no password, cookie, address or phone in the log", async () => {
    const stamp = Date.now();
    const email = `ops-log-${stamp}@example.com`;
    const password = `Secret-Pass-${stamp}`;
    const address = `บ้านเลขที่ ${stamp % 1000} ซอยลับเฉพาะ ตำบลทดสอบ`;
    const phone = `08${String(stamp).slice(-8)}`;
    const newAddress = `หมู่บ้านใหม่ ${stamp % 997} ถนนส่วนตัว`;
    const newPhone = `09${String(stamp + 7).slice(-8)}`;

    const registered = await call(app, "/api/auth/register", {
      json: { email, password, confirmPassword: password, name: "คนทดสอบบันทึก", address, phone, dob: "1990-05-05" },
    });
    expect(registered.status, await registered.clone().text()).toBe(201);
    const userId = ((await registered.json()) as { id: number }).id;
    // A wrong password too: a refusal is logged like any answer.
    expect((await call(app, "/api/auth/login", { json: { email, password: `${password}-wrong` } })).status).toBe(401);
    const cookie = await loginCookie(app, email, password);
    const edited = await call(app, "/api/user/profile", {
      method: "PUT",
      cookie,
      json: { email, name: "คนทดสอบบันทึก", phone: newPhone, address: newAddress, dob: "1990-05-05" },
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    // The same through the page form (form body, a redirect answer).
    const form = new URLSearchParams({ email, name: "คนทดสอบบันทึก", phone, address, dob: "1990-05-05" });
    await call(app, "/profile/edit", {
      body: form,
      cookie,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });

    await waitForLine(app, (line) => line.route === "/profile/edit");
    // A "forgot password" link's token opens the account: its line names the route, not the token.
    const token = `reset-token-${stamp}`;
    await (await call(app, `/reset-password/${token}`)).text();
    const reset = await waitForLine(app, (line) => line.route === "/reset-password/:token");
    expect(reset?.req).toEqual({ method: "GET", path: "/reset-password/:token" });
    const output = app.output();
    const sessionValue = cookie.split("=")[1]!;
    for (const secret of [
      password,
      address,
      phone,
      newAddress,
      newPhone,
      sessionValue,
      decodeURIComponent(sessionValue),
      token,
    ])
      expect(output).not.toContain(secret);
    const lines = logLines(app);
    const edit = lines.find(
      (line) => line.route === "/api/user/profile" && (line.req as { method: string }).method === "PUT",
    );
    expect(edit).toMatchObject({ userId, res: { statusCode: 200 } });
    expect(lines.find((line) => line.route === "/api/auth/register")).toMatchObject({ res: { statusCode: 201 } });
    expect(lines.some((line) => line.route === "/api/auth/login" && line.userId === userId)).toBe(true);
  });
});

describe("readiness that fails", () => {
  afterAll(stopAll);

  test("a migration not applied makes /readyz 503 and names it; /healthz stays 200", async () => {
    const setup = database.open();
    const [renamed] = await setup.prisma.$queryRaw<{ name: string }[]>`
      UPDATE "_prisma_migrations" SET migration_name = migration_name || '_gone'
       WHERE migration_name LIKE '%cart_lines' RETURNING migration_name AS name`;
    await setup.close();
    expect(renamed).toBeDefined();
    try {
      const app = await start();
      const ready = await call(app, "/readyz");
      expect(ready.status).toBe(503);
      const body = (await ready.json()) as { status: string; checks: Record<string, string> };
      expect(body.status).toBe("unavailable");
      expect(body.checks.database).toBe("ok");
      expect(body.checks.migrations).toMatch(/^not applied: \d+_cart_lines$/);
      expect((await call(app, "/healthz")).status).toBe(200);
      await stopAll();
    } finally {
      const restore = database.open();
      await restore.prisma.$executeRaw`
        UPDATE "_prisma_migrations" SET migration_name = replace(migration_name, '_gone', '')
         WHERE migration_name LIKE '%cart_lines_gone'`;
      await restore.close();
    }
  });

  test("with LINE set up, readiness reports the LINE worker", async () => {
    const app = await start({
      LINE_LOGIN_CHANNEL_ID: "1234567890",
      LINE_LOGIN_CHANNEL_SECRET: "secret",
      LINE_MESSAGING_ACCESS_TOKEN: "token",
      PUBLIC_BASE_URL: "http://127.0.0.1",
      LINE_API_BASE: "http://127.0.0.1:9",
      LINE_WORKER_INTERVAL_MS: "60000",
    });
    const ready = await call(app, "/readyz");
    expect(await ready.json()).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "ok", lineWorker: "ok" },
    });
    await stopAll();
  });
});

describe("metrics", () => {
  afterAll(stopAll);

  test("GET /metrics from this machine: route patterns, database, outbox and orders by status", async () => {
    const app = await start();
    const cookie = await loginCookie(app, "user@example.com");
    for (const id of [9_000_001, 9_000_002, 9_000_003]) {
      const answer = await call(app, `/api/orders/${id}`, { cookie });
      // The label travels from React Router to the server inside it (the request's facts), and no further.
      expect([...answer.headers.keys()].filter((name) => name.startsWith("x-shop"))).toEqual([]);
      await answer.text();
    }
    await (await call(app, "/no-such-page-for-metrics")).text();
    await (await call(app, "/user/product/9000004.data", { cookie })).text();

    const scrape = await fetch(`${app.opsOrigin}/metrics`);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(scrape.headers.get("set-cookie")).toBeNull();
    const text = await scrape.text();
    // By pattern, never the raw address.
    expect(
      metricValue(text, "shop_http_request_duration_seconds_count", { route: "/api/orders/:id", method: "GET" }),
    ).toBe(3);
    expect(text).not.toContain("9000001");
    expect(text).not.toContain("no-such-page-for-metrics");
    expect(metricValue(text, "shop_http_request_duration_seconds_count", { route: "*", status: "404" })).toBe(1);
    // A data request counts as its page's.
    expect(metricValue(text, "shop_http_request_duration_seconds_count", { route: "/user/product/:id" })).toBe(1);
    expect(metricValue(text, "shop_db_query_duration_seconds_count", { kind: "query", outcome: "ok" })).toBeGreaterThan(
      0,
    );
    expect(metricValue(text, "shop_line_outbox_pending")).toBe(0);
    expect(metricValue(text, "shop_line_outbox_oldest_pending_age_seconds")).toBe(0);
    if (onPostgres) {
      expect(metricValue(text, "shop_db_pool_connections", { state: "total" })).toBeGreaterThan(0);
      expect(metricValue(text, "shop_db_pool_connections", { state: "waiting" })).toBe(0);
    } else expect(text).not.toContain("shop_db_pool_connections{");
    await app.stop();

    const check = database.open();
    const counts = await check.prisma.orderStatusCount.groupBy({ by: ["status"], _sum: { orders: true } });
    await check.close();
    for (const row of counts)
      expect(metricValue(text, "shop_orders", { status: row.status }), row.status).toBe(row._sum.orders);
  });

  test("the shop's port never answers metrics or backups; the operations listener refuses browsers and other host names", async () => {
    const app = await start({ TRUST_PROXY: "1" });
    // From this machine, with no proxy header, with the token, through a proxy: the shop's 404.
    const variants: Record<string, string>[] = [
      {},
      { Authorization: `Bearer ${METRICS_TOKEN}` },
      { "X-Forwarded-For": "203.0.113.9" },
    ];
    for (const headers of variants) {
      const metricsHere = await call(app, "/metrics", { headers });
      expect(metricsHere.status).toBe(404);
      await expectShopNotFoundPage(metricsHere);
      // As a form, so the edge's refusal of other page writes (400) does not stand in for the 404.
      const backupHere = await call(app, "/ops/backup", { method: "POST", headers, body: new URLSearchParams() });
      expect(backupHere.status).toBe(404);
      await expectShopNotFoundPage(backupHere);
    }
    // The operations listener: a page in a browser on this machine (an Origin, Sec-Fetch-Site, or a
    // host name of its own, as DNS rebinding would send) gets nothing.
    const ops = (pathname: string, headers: Record<string, string>, method = "GET") =>
      opsRequest(`${app.opsOrigin}${pathname}`, headers, method);
    const browserish: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { "Sec-Fetch-Site": "cross-site" },
      { Host: "evil.example" },
    ];
    for (const headers of browserish) {
      expect((await ops("/metrics", headers)).status, JSON.stringify(headers)).toBe(403);
      const backup = await ops("/ops/backup", headers, "POST");
      expect(backup.status, JSON.stringify(headers)).toBe(403);
      expect(backup.type).not.toContain("gzip");
    }
    const scrape = await ops("/metrics", {});
    expect(scrape.status).toBe(200);
    expect(scrape.body).toContain("shop_http_request_duration_seconds");

    // Behind a trusted proxy a sane incoming request id is kept; anything else is replaced.
    const kept = await call(app, "/healthz", { headers: { "X-Request-Id": "proxy-req-0123456789" } });
    expect(kept.headers.get("x-request-id")).toBe("proxy-req-0123456789");
    const replaced = await call(app, "/healthz", { headers: { "X-Request-Id": "bad id\twith spaces" } });
    expect(replaced.headers.get("x-request-id")).toMatch(UUID);
    await app.stop();
  });

  // Every machine with a network has such an address (CI's included); one with loopback alone cannot
  // make a connection that is not from this machine.
  test.runIf(networkAddress)(
    "from another address (OPS_HOST=0.0.0.0): /metrics only with METRICS_TOKEN, never the backup, never to a rebound name",
    async () => {
      const app = await start({ OPS_HOST: "0.0.0.0" });
      const there = `http://${networkAddress}:${new URL(app.opsOrigin).port}`;
      const token = { Authorization: `Bearer ${METRICS_TOKEN}` };
      expect((await opsRequest(`${there}/metrics`, {})).status).toBe(401);
      expect((await opsRequest(`${there}/metrics`, { Authorization: "Bearer not-the-token" })).status).toBe(401);
      const scrape = await opsRequest(`${there}/metrics`, token);
      expect(scrape.status).toBe(200);
      expect(scrape.body).toContain("shop_http_request_duration_seconds");
      const backup = await opsRequest(`${there}/ops/backup`, token, "POST");
      expect(backup.status).toBe(404);
      expect(backup.type).not.toContain("gzip");
      expect((await opsRequest(`${there}/metrics`, { ...token, Host: "evil.example" })).status).toBe(403);
      await app.stop();
    },
    120_000,
  );

  test.runIf(onPostgres)(
    "with two app processes one scrape counts the requests of both",
    async () => {
      // The shop says it is open once both processes listen, so any scrape already asks both.
      const app = await start({ WEB_CONCURRENCY: "2" });
      const scrape = async () => {
        const answer = await fetch(`${app.opsOrigin}/metrics`, { headers: { Connection: "close" } });
        expect(answer.status).toBe(200);
        return answer.text();
      };
      // A route nothing else asks for (startApp checks /api/public/info).
      const counted = async () =>
        metricValue(await scrape(), "shop_http_request_duration_seconds_count", { route: "/api/patterns/:kind" }) ?? 0;
      expect(await counted()).toBe(0);
      // New connections each time, so both processes answer some.
      for (let i = 0; i < 30; i++)
        await (await call(app, "/api/patterns/shirt", { headers: { Connection: "close" } })).text();
      // A request is counted when its answer has gone out ("finish"), which the process may get to
      // a moment after the client has read the answer: the count is awaited, then held to.
      await expect.poll(counted).toBe(30);
      for (let i = 0; i < 4; i++) {
        const text = await scrape();
        expect(metricValue(text, "shop_http_request_duration_seconds_count", { route: "/api/patterns/:kind" })).toBe(
          30,
        );
        expect(metricValue(text, "shop_line_outbox_pending")).toBe(0);
      }
      await app.stop();
    },
    120_000,
  );
});
