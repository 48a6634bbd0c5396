import { once } from "node:events";
import { watch } from "node:fs";
import path from "node:path";
import type pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
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
 * An app process killed (SIGKILL, no clean-up of any kind) in the middle of placing an order or
 * changing a status leaves no half-done order: after a restart the order is exactly as before
 * and the same step then succeeds normally.
 */

const BUYER = "user@example.com";
const TAILOR = "tailor1@example.com";

let buildDir: string;
let database: AppDatabase;
const running: AppProcess[] = [];

async function start(): Promise<AppProcess> {
  const app = await startApp(buildDir, database);
  running.push(app);
  return app;
}

beforeAll(async () => {
  buildDir = prepareBuild();
  database = await createAppDatabase("crash");
}, 240_000);

afterAll(async () => {
  for (const app of running) await app.stop();
  await database?.drop();
});

interface OrderRow {
  id: number;
  status: string;
  orderedAt: Date | null;
  deliveryAddress: string | null;
  events: number;
}

async function ordersOf(client: pg.Client, ids: number[]): Promise<OrderRow[]> {
  const { rows } = await client.query<OrderRow>(
    `SELECT o.id, o.status::text AS status, o."orderedAt", o."deliveryAddress",
            (SELECT count(*)::int FROM "OrderEvent" e WHERE e."orderId" = o.id) AS events
       FROM "Order" o WHERE o.id = ANY($1) ORDER BY o.id`,
    [ids],
  );
  return rows;
}

if (onPostgres) {
  describe("a process killed mid-transaction on PostgreSQL", () => {
    let locker: pg.Client;
    let watcher: pg.Client;
    let databaseName: string;

    beforeAll(async () => {
      locker = await database.pgClient();
      watcher = await database.pgClient();
      databaseName = (await watcher.query<{ name: string }>("SELECT current_database() AS name")).rows[0]!.name;
    });

    // A failed test must not leave the test's lock held into the next (CI once saw a deadlock follow).
    afterEach(async () => {
      await locker.query("ROLLBACK");
    });

    afterAll(async () => {
      await locker?.end();
      await watcher?.end();
    });

    /**
     * Waits until an app connection is stuck on the test's lock running the given statement, and
     * kills the app at once (Prisma would give up on a transaction after 5 s).
     */
    async function killWhenBlocked(app: AppProcess, pattern: RegExp): Promise<number> {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const { rows } = await watcher.query<{ pid: number; query: string }>(
          `SELECT pid, query FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
          [databaseName],
        );
        const hit = rows.find((row) => pattern.test(row.query));
        if (hit) {
          await app.kill();
          return hit.pid;
        }
        if (Date.now() > deadline)
          throw new Error(`no app statement waited on the lock; waiting: ${JSON.stringify(rows)}`);
        // Not a sleep for an event: PostgreSQL tells no one when a statement starts waiting on a
        // lock, so pg_stat_activity is polled, every 20 ms, until the deadline.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    /**
     * Whether the killed app's waiting transaction (its connection `pid`) had written something
     * and is still open. Only that connection is asked: another connection of the database may be
     * ending in its own time (CI once counted two writing transactions here), and says nothing
     * about the transaction under test. The message lists the database's connections.
     */
    async function stillOpenAfterWriting(pid: number): Promise<{ open: boolean; connections: string }> {
      const { rows } = await watcher.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks WHERE pid = $1 AND locktype = 'transactionid' AND granted`,
        [pid],
      );
      const activity = await watcher.query(
        `SELECT pid, state, wait_event_type, left(query, 80) AS query FROM pg_stat_activity
          WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [databaseName],
      );
      return { open: rows[0]!.n === 1, connections: JSON.stringify(activity.rows) };
    }

    function lockerPid(): number {
      return (locker as unknown as { processID: number }).processID;
    }

    /** Waits until every connection of the killed process is gone (its open transaction rolled back). */
    async function connectionsGone(): Promise<void> {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const { rows } = await watcher.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND pid <> $2`,
          [databaseName, lockerPid()],
        );
        if (rows[0]!.n === 0) return;
        if (Date.now() > deadline) throw new Error("the killed process's connections did not go away");
        // Polled as above: the server ends a dead client's backend in its own time, unannounced.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }

    test("placing an order: killed after the first cart item moved, nothing of it stays", async () => {
      let app = await start();
      const cookie = await loginCookie(app, BUYER);
      // Every cart item gets a tailor first, so the cart can be ordered.
      const cart = (await (await call(app, "/api/cart", { cookie })).json()) as {
        id: number;
        sellerId: number | null;
      }[];
      expect(cart.length).toBeGreaterThanOrEqual(2);
      const tailorId = (await watcher.query<{ id: number }>(`SELECT id FROM "User" WHERE email = $1`, [TAILOR]))
        .rows[0]!.id;
      for (const item of cart.filter((entry) => entry.sellerId === null)) {
        const chosen = await call(app, "/api/orders/select_merchant", {
          json: { productId: item.id, merchantId: tailorId },
          cookie,
        });
        expect(chosen.status, await chosen.clone().text()).toBe(200);
      }
      const ids = cart.map((item) => item.id).sort((x, y) => x - y);
      const before = await ordersOf(watcher, ids);
      expect(before.every((row) => row.status === "cart" && row.events === 0)).toBe(true);

      // The test holds the row of the cart item moved last (placing moves them by tailor, then
      // design): the place-order transaction moves the others (event + update), then waits on
      // this row (the move locks it first).
      const moved = await watcher.query<{ id: number }>(
        `SELECT id FROM "Order" WHERE id = ANY($1) ORDER BY "sellerId", "designId", id`,
        [ids],
      );
      await locker.query("BEGIN");
      await locker.query(`SELECT id FROM "Order" WHERE id = $1 FOR UPDATE`, [moved.rows.at(-1)!.id]);
      const placing = call(app, "/api/orders/place", { method: "PATCH", cookie }).catch((error: unknown) => error);
      const placingPid = await killWhenBlocked(app, /FROM "Order" WHERE "id" = \$1 FOR UPDATE/);
      // The killed app's transaction is still open, waiting, with the first item already moved.
      const placingTransaction = await stillOpenAfterWriting(placingPid);
      expect(placingTransaction.open, placingTransaction.connections).toBe(true);
      expect(await placing).toBeInstanceOf(Error);
      await locker.query("ROLLBACK");
      await connectionsGone();

      expect(await ordersOf(watcher, ids)).toEqual(before);

      app = await start();
      const placed = await call(app, "/api/orders/place", { method: "PATCH", cookie });
      expect(placed.status, await placed.clone().text()).toBe(200);
      expect(((await placed.json()) as { orderIds: number[] }).orderIds.sort((x, y) => x - y)).toEqual(ids);
      const after = await ordersOf(watcher, ids);
      expect(
        after.every((row) => row.status === "ordered" && row.events === 1 && row.orderedAt && row.deliveryAddress),
      ).toBe(true);
      await app.stop();
    }, 180_000);

    test("accepting an order: killed after the status changed but before its event, the order is still waiting", async () => {
      let app = await start();
      const cookie = await loginCookie(app, TAILOR);
      const tailorId = (await watcher.query<{ id: number }>(`SELECT id FROM "User" WHERE email = $1`, [TAILOR]))
        .rows[0]!.id;
      const orderId = (
        await watcher.query<{ id: number }>(
          `SELECT id FROM "Order" WHERE "sellerId" = $1 AND status = 'ordered' ORDER BY id LIMIT 1`,
          [tailorId],
        )
      ).rows[0]!.id;
      const before = await ordersOf(watcher, [orderId]);

      // The event row names the tailor (a foreign key): holding the tailor's user row makes the
      // app's transaction wait with the order's row locked, before its event and its update.
      await locker.query("BEGIN");
      await locker.query(`SELECT id FROM "User" WHERE id = $1 FOR UPDATE`, [tailorId]);
      const accepting = call(app, "/api/orders/accept", { method: "PATCH", json: { orderId }, cookie }).catch(
        (error: unknown) => error,
      );
      const acceptingPid = await killWhenBlocked(app, /INSERT INTO "public"\."OrderEvent"/);
      const acceptingTransaction = await stillOpenAfterWriting(acceptingPid);
      expect(acceptingTransaction.open, acceptingTransaction.connections).toBe(true);
      expect(await accepting).toBeInstanceOf(Error);
      await locker.query("ROLLBACK");
      await connectionsGone();

      expect(await ordersOf(watcher, [orderId])).toEqual(before);
      expect(before[0]!.status).toBe("ordered");

      app = await start();
      const accepted = await call(app, "/api/orders/accept", { method: "PATCH", json: { orderId }, cookie });
      expect(accepted.status, await accepted.clone().text()).toBe(200);
      expect(await ordersOf(watcher, [orderId])).toMatchObject([
        { id: orderId, status: "accepted", events: before[0]!.events + 1 },
      ]);
      await app.stop();
    }, 180_000);
  });
} else {
  describe("a process killed while placing an order on the embedded database", () => {
    test("after a restart the buyer's cart is either wholly ordered (one event per item) or wholly untouched", async () => {
      const setup = database.open();
      const tailor = await setup.prisma.user.findUniqueOrThrow({ where: { email: TAILOR }, select: { id: true } });
      await setup.close();

      let app = await start();
      const cookie = await loginCookie(app, BUYER);
      const cart = (await (await call(app, "/api/cart", { cookie })).json()) as {
        id: number;
        sellerId: number | null;
      }[];
      for (const item of cart.filter((entry) => entry.sellerId === null)) {
        expect(
          (
            await call(app, "/api/orders/select_merchant", {
              json: { productId: item.id, merchantId: tailor.id },
              cookie,
            })
          ).status,
        ).toBe(200);
      }
      // Killed at the first write to the database's files once the request has left (the
      // place-order transaction at work), or at its answer if that comes first: the process dies
      // somewhere in or around the transaction.
      const files = watch(path.join(database.env.DATA_DIR!, "pglite"), { recursive: true });
      const written = once(files, "change");
      const placing = call(app, "/api/orders/place", { method: "PATCH", cookie }).catch((error: unknown) => error);
      await Promise.race([written, placing]);
      files.close();
      await app.kill();
      await placing;

      // The embedded database opens again after the crash, and the cart is all or nothing.
      const check = database.open();
      const rows = await check.prisma.order.findMany({
        where: { id: { in: cart.map((item) => item.id) } },
        select: { status: true, orderedAt: true, _count: { select: { events: true } } },
      });
      await check.close();
      expect(rows).toHaveLength(cart.length);
      const allOrdered = rows.every((row) => row.status === "ordered" && row.orderedAt && row._count.events === 1);
      const untouched = rows.every((row) => row.status === "cart" && row.orderedAt === null && row._count.events === 0);
      expect(allOrdered || untouched, JSON.stringify(rows)).toBe(true);

      // And the shop works on it: the cart can be ordered (again, if the kill came first).
      app = await start();
      const placed = await call(app, "/api/orders/place", { method: "PATCH", cookie });
      expect(placed.status).toBe(untouched ? 200 : 409);
      await app.stop();
    }, 240_000);
  });
}
