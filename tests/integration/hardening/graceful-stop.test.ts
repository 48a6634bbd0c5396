import { readFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { hashPassword } from "~/domain/users/password.server";
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
 * SIGTERM in the middle of a burst of orders (customers adding a tailor's design to the cart and
 * placing it, through the JSON calls, back to back): the shop stops taking connections, answers
 * every request it had already taken, closes the database and exits 0. Every answer of 2xx has its
 * effect in the database, nothing is half done (no placed order without its event, the kept counts
 * right), and the next start needs no recovery: PGlite's control file says it was shut down
 * cleanly, and the data is all there.
 */

const CUSTOMERS = 6;
const PASSWORD = "graceful1234";

let buildDir: string;
let database: AppDatabase;
const running: AppProcess[] = [];
const customers: { email: string; id: number }[] = [];
let designId = 0;
/** What a customer adds to the cart: the tailor's design in a ready size. */
const addToCart = () => ({ designId, quantity: 1, sizeId: "size2" });

beforeAll(async () => {
  buildDir = prepareBuild();
  database = await createAppDatabase("graceful");
  const setup = database.open();
  const passwordHash = await hashPassword(PASSWORD);
  const tailor = await setup.prisma.user.create({
    data: {
      email: "graceful-tailor@example.com",
      name: "ช่างทดสอบการหยุด",
      passwordHash,
      roles: ["merchant"],
      status: "active",
      phone: "0812345678",
      address: "1 หมู่ 1 ตำบลทดสอบ",
      dob: new Date("1985-01-01"),
      shopName: "ร้านทดสอบการหยุด",
    },
  });
  designId = (
    await setup.prisma.design.create({ data: { ownerId: tailor.id, baseId: "shirt1", status: "approved", price: 500 } })
  ).id;
  for (let i = 0; i < CUSTOMERS; i++) {
    const email = `graceful-${i}@example.com`;
    const person = await setup.prisma.user.create({
      data: {
        email,
        name: `ลูกค้าทดสอบ ${i}`,
        passwordHash,
        roles: ["user"],
        status: "active",
        phone: "0812345678",
        address: "2 หมู่ 2 ตำบลทดสอบ",
        dob: new Date("1990-01-01"),
      },
    });
    customers.push({ email, id: person.id });
  }
  await setup.close();
}, 240_000);

afterAll(async () => {
  for (const app of running) await app.stop();
  await database?.drop();
});

function exitOf(app: AppProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const { child } = app;
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
}

/** PGlite's pg_control state: 1 is "shut down" (cleanly); 6 "in production" (open, or a crash). */
function pgliteControlState(): number {
  const file = readFileSync(path.join(database.env.DATA_DIR!, "pglite", "global", "pg_control"));
  return file.readUInt32LE(16);
}

interface Sent {
  path: string;
  sentAt: number;
  answeredAt?: number;
  status?: number;
  body?: { id?: number; orderIds?: number[] };
  error?: string;
}

test("SIGTERM during a burst of orders: requests in flight finish, nothing half done, a clean next start", async () => {
  const app = await startApp(buildDir, database, { SHUTDOWN_GRACE_MS: "10000" });
  running.push(app);
  const cookies = await Promise.all(customers.map((person) => loginCookie(app, person.email, PASSWORD)));

  const sent: Sent[] = [];
  let stopped = false;
  let signalAt = Number.POSITIVE_INFINITY;
  async function send(pathname: string, options: Parameters<typeof call>[2]): Promise<Sent> {
    const record: Sent = { path: pathname, sentAt: performance.now() };
    sent.push(record);
    try {
      const response = await call(app, pathname, options);
      record.status = response.status;
      record.body = (await response.json()) as Sent["body"];
      record.answeredAt = performance.now();
    } catch (error) {
      record.error = String((error as { cause?: unknown }).cause ?? error);
      stopped = true; // the shop no longer takes requests
    }
    return record;
  }
  async function customer(cookie: string) {
    while (!stopped) {
      await send("/api/cart/add", { cookie, json: { designId, quantity: 1, sizeId: "size2" } });
      if (stopped) break;
      await send("/api/orders/place", { cookie, method: "PATCH" });
    }
  }
  const burst = Promise.all(cookies.map(customer));
  // Let the burst run (each customer has added and placed at least once: not a fixed time, which a
  // busy machine may not fill), then stop the shop while requests are in flight.
  const answered = (pathname: string, status: number) =>
    sent.filter((record) => record.path === pathname && record.status === status).length;
  const deadline = performance.now() + 30_000;
  while (
    (answered("/api/cart/add", 201) <= CUSTOMERS || answered("/api/orders/place", 200) === 0) &&
    performance.now() < deadline
  ) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const inFlightAtSignal = sent.filter((record) => record.answeredAt === undefined && !record.error).length;
  signalAt = performance.now();
  app.child.kill("SIGTERM");
  const exit = await exitOf(app);
  const stoppedAfterMs = performance.now() - signalAt;
  stopped = true;
  await burst;

  expect(exit, app.output()).toEqual({ code: 0, signal: null });
  expect(stoppedAfterMs).toBeLessThan(10_000 + 3_000);
  expect(app.output()).toContain('"msg":"stopped"');
  expect(inFlightAtSignal).toBeGreaterThan(0);
  // Every request the shop had taken well before the signal was answered, not cut off.
  const takenBefore = sent.filter((record) => record.sentAt < signalAt - 200);
  const cut = takenBefore.filter((record) => record.error);
  expect(cut, JSON.stringify(cut)).toEqual([]);
  const answeredAfterSignal = sent.filter((record) => record.answeredAt !== undefined && record.answeredAt > signalAt);
  const serverErrors = sent.filter((record) => (record.status ?? 0) >= 500);
  expect(serverErrors, JSON.stringify(serverErrors)).toEqual([]);

  const added = sent.filter((record) => record.path === "/api/cart/add" && record.status === 201);
  const placed = sent.filter((record) => record.path === "/api/orders/place" && record.status === 200);
  expect(added.length).toBeGreaterThan(CUSTOMERS);
  expect(placed.length).toBeGreaterThan(0);

  // The next start needs no recovery: the embedded database was checkpointed and closed.
  if (!onPostgres) expect(pgliteControlState()).toBe(1);

  const check = database.open();
  try {
    const placedIds = placed.flatMap((record) => record.body?.orderIds ?? []);
    expect(placedIds.length).toBeGreaterThan(0);
    const placedRows = await check.prisma.order.findMany({
      where: { id: { in: placedIds } },
      select: { id: true, status: true, orderedAt: true, _count: { select: { events: true } } },
    });
    expect(placedRows).toHaveLength(new Set(placedIds).size);
    for (const row of placedRows) {
      expect(row.status, `order ${row.id}`).toBe("ordered");
      expect(row.orderedAt, `order ${row.id}`).not.toBeNull();
      expect(row._count.events, `order ${row.id}`).toBe(1);
    }
    // Each 2xx add-to-cart left its line: still in the cart or placed since.
    const addedIds = added.map((record) => record.body?.id).filter((id): id is number => typeof id === "number");
    const addedRows = await check.prisma.order.findMany({ where: { id: { in: addedIds } }, select: { id: true } });
    expect(addedRows).toHaveLength(new Set(addedIds).size);
    // Nothing half done anywhere: no order out of the cart without its event, the kept counts right.
    const [unrecorded] = await check.prisma.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM "Order" o WHERE o."status" <> 'cart'
        AND NOT EXISTS (SELECT 1 FROM "OrderEvent" e WHERE e."orderId" = o."id" AND e."toStatus" = 'ordered')`;
    expect(Number(unrecorded!.n)).toBe(0);
    const counted = await check.prisma.$queryRaw<{ status: string; kept: number; real: bigint }[]>`
      SELECT c."status"::text AS status, sum(c."orders")::int AS kept,
             (SELECT count(*) FROM "Order" o WHERE o."status" = c."status") AS real
      FROM "OrderStatusCount" c GROUP BY c."status"`;
    for (const row of counted) expect(row.kept, row.status).toBe(Number(row.real));
  } finally {
    await check.close();
  }
  if (!onPostgres) expect(pgliteControlState()).toBe(1);

  // The shop starts again on the same data, ready, and the buyers' orders are there.
  const again = await startApp(buildDir, database);
  running.push(again);
  expect((await call(again, "/readyz")).status).toBe(200);
  const mine = await call(again, "/api/user/my_orders", { cookie: cookies[0] });
  expect(mine.status).toBe(200);
  expect(((await mine.json()) as { total?: number; items?: unknown[] }).items?.length ?? 0).toBeGreaterThan(0);
  await again.stop();
  console.log(
    `graceful stop (${onPostgres ? "PostgreSQL" : "PGlite"}): ${sent.length} requests, ${inFlightAtSignal} in flight at SIGTERM, ${answeredAfterSignal.length} answered after it, stopped in ${Math.round(stoppedAfterMs)} ms`,
  );
}, 180_000);

interface Answer {
  status?: number;
  /** The answer's Connection header: "close" once the shop stops. */
  connection?: string;
  body?: { id?: number; orderIds?: number[] };
  /** What went wrong on the connection (a reset, a hang-up, a refused connection), as a client sees it. */
  error?: string;
}

/** One request on a kept-alive connection of `agent` (node:http, which reports resets as they are). */
function requestOn(
  agent: Agent,
  app: AppProcess,
  pathname: string,
  { method = "GET", cookie, json }: { method?: string; cookie?: string; json?: unknown } = {},
): Promise<Answer> {
  const body = json === undefined ? undefined : JSON.stringify(json);
  const headers: Record<string, string> = {};
  if (cookie) headers.Cookie = cookie;
  if (method !== "GET") headers.Origin = app.origin;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return new Promise((resolve) => {
    const asking = httpRequest({ host: "127.0.0.1", port: app.port, path: pathname, method, headers, agent }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => {
        let parsed: Answer["body"];
        try {
          parsed = JSON.parse(text) as Answer["body"];
        } catch {}
        resolve({ status: res.statusCode, connection: res.headers.connection, body: parsed });
      });
      res.on("error", (error) => resolve({ error: String((error as NodeJS.ErrnoException).code ?? error) }));
    });
    asking.on("error", (error) => resolve({ error: String((error as NodeJS.ErrnoException).code ?? error.message) }));
    asking.end(body);
  });
}

test("6 stops under a burst on kept-alive connections: idle ones reused after SIGTERM are answered, no reset, no 5xx, every answered write kept", async () => {
  /** Anything but an answer below 500, or a new connection refused once the shop has closed its port. */
  const failures: string[] = [];
  const added: number[] = [];
  const placed: number[] = [];
  let answeredAfterSignal = 0;
  let cookies: string[] | undefined;
  for (let round = 0; round < 6; round++) {
    const app = await startApp(buildDir, database, { SHUTDOWN_GRACE_MS: "10000" });
    running.push(app);
    cookies ??= await Promise.all(customers.map((person) => loginCookie(app, person.email, PASSWORD)));
    // Connections a browser or a proxy holds open: three unused since long before the stop (past
    // the stop's linger of 1 s), three answered just before it.
    const longIdle = new Agent({ keepAlive: true, maxSockets: 3 });
    const justUsed = new Agent({ keepAlive: true, maxSockets: 3 });
    const warm = async (agent: Agent) =>
      expect((await Promise.all([0, 1, 2].map(() => requestOn(agent, app, "/healthz")))).map((a) => a.status)).toEqual([
        200, 200, 200,
      ]);
    await warm(longIdle);
    const longIdleSince = performance.now();

    // Each customer on a kept-alive connection of its own, adding to the cart and placing, back to
    // back, until the shop refuses a new connection.
    let signalAt = Number.POSITIVE_INFINITY;
    const done = { add: 0, place: 0 };
    const record = (what: string, answer: Answer) => {
      if (answer.error && answer.error !== "ECONNREFUSED") failures.push(`round ${round}, ${what}: ${answer.error}`);
      if ((answer.status ?? 0) >= 500) failures.push(`round ${round}, ${what}: ${answer.status}`);
      if (answer.status && performance.now() > signalAt) answeredAfterSignal++;
      return answer;
    };
    const customer = async (cookie: string) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      for (;;) {
        const add = record(
          "add",
          await requestOn(agent, app, "/api/cart/add", { method: "POST", cookie, json: addToCart() }),
        );
        if (add.error) break;
        if (add.status === 201) {
          added.push(add.body!.id!);
          done.add++;
        }
        const place = record("place", await requestOn(agent, app, "/api/orders/place", { method: "PATCH", cookie }));
        if (place.error) break;
        if (place.status === 200) {
          placed.push(...place.body!.orderIds!);
          done.place++;
        }
      }
      agent.destroy();
    };
    const burst = Promise.all(cookies.map(customer));
    // Stop once every customer has added and placed and the long-idle connections are past the linger.
    const deadline = performance.now() + 30_000;
    while (
      (done.add < CUSTOMERS || done.place < CUSTOMERS || performance.now() - longIdleSince < 1_200) &&
      performance.now() < deadline
    )
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done.place, failures.join("\n")).toBeGreaterThanOrEqual(CUSTOMERS);
    await warm(justUsed);
    signalAt = performance.now();
    app.child.kill("SIGTERM");
    // Once the shop says it stops (so none of these is taken before it knew), a request on each
    // idle connection within the next 80 ms.
    await expect
      .poll(() => app.output().includes('"msg":"stopping: no new connections'), { interval: 5, timeout: 5_000 })
      .toBe(true);
    const reused = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * 16));
        return record("idle connection", await requestOn(i % 2 ? justUsed : longIdle, app, "/api/public/info"));
      }),
    );
    for (const answer of reused) {
      expect(answer, `round ${round}`).toMatchObject({ status: 200, connection: "close" });
    }
    expect(await exitOf(app), app.output()).toEqual({ code: 0, signal: null });
    await burst;
    longIdle.destroy();
    justUsed.destroy();
  }
  expect(failures).toEqual([]);
  expect(answeredAfterSignal).toBeGreaterThanOrEqual(60);

  // Every write the shop answered with success is in the database, whole.
  const check = database.open();
  try {
    expect(await check.prisma.order.count({ where: { id: { in: added } } })).toBe(new Set(added).size);
    const orders = await check.prisma.order.findMany({
      where: { id: { in: placed } },
      select: { id: true, status: true, _count: { select: { events: true } } },
    });
    expect(orders).toHaveLength(new Set(placed).size);
    for (const order of orders)
      expect(order, `order ${order.id}`).toMatchObject({ status: "ordered", _count: { events: 1 } });
  } finally {
    await check.close();
  }
  console.log(
    `6 stops under a burst (${onPostgres ? "PostgreSQL" : "PGlite"}): ${added.length} adds and ${placed.length} orders kept, ${answeredAfterSignal} answered after SIGTERM, ${failures.length} failures`,
  );
}, 300_000);

test.runIf(onPostgres)(
  "in cluster mode the primary passes SIGTERM on, waits for every worker and exits 0, with no connection left",
  async () => {
    const app = await startApp(buildDir, database, { WEB_CONCURRENCY: "2", SHUTDOWN_GRACE_MS: "10000" });
    running.push(app);
    // The first process to listen answers the start-up check; the stop is about both, so both listen.
    await expect.poll(() => app.output().match(/"msg":"listening"/g)?.length ?? 0, { timeout: 20_000 }).toBe(2);
    const cookie = await loginCookie(app, customers[0]!.email, PASSWORD);
    const pending = Array.from({ length: 8 }, () =>
      call(app, "/api/cart/add", {
        cookie,
        json: { designId, quantity: 1, sizeId: "size2" },
        headers: { Connection: "close" },
      }).then(
        (response) => response.status,
        (error: unknown) => String(error),
      ),
    );
    // Let the requests reach the workers, then stop the primary.
    await new Promise((resolve) => setTimeout(resolve, 50));
    app.child.kill("SIGTERM");
    const exit = await exitOf(app);
    expect(exit, app.output()).toEqual({ code: 0, signal: null });
    const stoppedLines = app.output().match(/"msg":"stopped"/g) ?? [];
    expect(stoppedLines).toHaveLength(2);
    expect(app.output()).toContain('"msg":"every app process stopped"');
    for (const status of await Promise.all(pending)) expect([201, "TypeError: fetch failed"]).toContain(status);

    // The workers closed their pools: no connection of theirs is left on the server. A server
    // process ends a moment after its client has gone, so this waits a little for the count.
    const client = await database.pgClient();
    try {
      const others = async () =>
        (
          await client.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
          )
        ).rows[0]!.n;
      await expect.poll(others, { timeout: 5_000, interval: 100 }).toBe(0);
    } finally {
      await client.end();
    }
  },
  120_000,
);
