import { MessageChannel } from "node:worker_threads";
import type { SqlDriverAdapter } from "@prisma/driver-adapter-utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connection, setDatabase } from "~/data/db.server";
import { type Prisma, PrismaClient } from "~/data/generated/client";
import { channelOverPort } from "~/data/pglite-host/channels.server";
import { serveDatabase } from "~/data/pglite-host/host.server";
import { RemoteDatabase } from "~/data/pglite-host/remote-adapter.server";
import { DomainError } from "~/domain/errors";
import { EMAIL_TAKEN, registerUser } from "~/domain/users/accounts.server";
import { makeOrder } from "./orders/support";

// With the embedded database and several app processes, the primary holds PGlite and the app
// processes reach it over a channel (server/cluster.ts, app/data/pglite-host). Here each "app
// process" is a Prisma client whose channel is a MessagePort pair to one host in this process
// (the same structured clones as Node's IPC). The host runs this test file's own database.

const EVERY_TYPE = `
  SELECT 12::int AS i, 9007199254740993::int8 AS big, 1234.50::numeric(10,2) AS price, 'ผ้าทอ'::text AS t,
         true AS yes, NULL::text AS nothing, '2026-11-23 14:05:06.789+00'::timestamptz AS at,
         '2026-11-23'::date AS day, '{"ลาย":[1,2]}'::jsonb AS jb, '\\x00ff10'::bytea AS bytes,
         ARRAY[1.5, 2.25]::numeric[] AS prices, ARRAY['a','ข']::text[] AS words, ARRAY[3,4]::int8[] AS bigs`;

const direct = connection();
let hostAdapter: SqlDriverAdapter;
interface AppProcess {
  prisma: PrismaClient;
  adapterFactory: RemoteDatabase;
  /** Closes its channel, as the death of its process does. */
  crash(): void;
}
const apps: AppProcess[] = [];

/** One app process: its Prisma client and a way to make it vanish as a killed process would. */
function appProcess(): AppProcess {
  const { port1: hostSide, port2: appSide } = new MessageChannel();
  serveDatabase(hostAdapter, channelOverPort(hostSide));
  const adapterFactory = new RemoteDatabase(channelOverPort(appSide));
  const prisma = new PrismaClient({ adapter: adapterFactory });
  const app = { prisma, adapterFactory, crash: () => appSide.close() };
  apps.push(app);
  return app;
}

beforeAll(async () => {
  hostAdapter = await direct.adapterFactory.connect();
});

afterAll(async () => {
  for (const app of apps) app.crash();
  setDatabase(direct);
  await hostAdapter.dispose();
});

describe("app processes on a database held by another process", () => {
  it("read every type exactly as the database's own adapter does, in and out of transactions", async () => {
    const { prisma } = appProcess();
    const expected = await direct.prisma.$queryRawUnsafe(EVERY_TYPE);
    expect(expected).toMatchObject([
      { i: 12, big: 9007199254740993n, t: "ผ้าทอ", words: ["a", "ข"], jb: { ลาย: [1, 2] } },
    ]);
    expect(await prisma.$queryRawUnsafe(EVERY_TYPE)).toEqual(expected);
    expect(await prisma.$transaction(async (tx: Prisma.TransactionClient) => tx.$queryRawUnsafe(EVERY_TYPE))).toEqual(
      expected,
    );
  });

  it("get the database's refusals as Prisma errors: a taken e-mail is still P2002 and the Thai message", async () => {
    const app = appProcess();
    setDatabase({ adapterFactory: app.adapterFactory, prisma: app.prisma, close: () => app.prisma.$disconnect() });
    try {
      const input = {
        email: "somsri.host@example.com",
        password: "long-enough-1",
        confirmPassword: "long-enough-1",
        name: "สมศรี ทอผ้า",
        address: undefined,
        phone: "0812345678",
        dob: "1990-01-01",
        lineId: undefined,
        facebookName: undefined,
      };
      await registerUser(input);
      const second = await registerUser(input).catch((error: unknown) => error);
      expect(second).toBeInstanceOf(DomainError);
      expect((second as DomainError).message).toBe(EMAIL_TAKEN);
      await expect(
        app.prisma.user.create({
          data: { ...(await direct.prisma.user.findUniqueOrThrow({ where: { email: input.email } })), id: undefined },
        }),
      ).rejects.toMatchObject({
        code: "P2002",
      });
      expect(await direct.prisma.user.count({ where: { email: input.email } })).toBe(1);
    } finally {
      setDatabase(direct);
    }
  });

  it("keep transactions whole: a failure inside rolls everything back, a success commits everything", async () => {
    const { prisma } = appProcess();
    const { order } = await makeOrder({ status: "ordered" });
    await expect(
      prisma.$transaction(async (tx: Prisma.TransactionClient) => {
        await tx.order.update({ where: { id: order.id }, data: { status: "accepted" } });
        await tx.orderEvent.create({
          data: { orderId: order.id, fromStatus: "ordered", toStatus: "accepted", actorRole: "merchant" },
        });
        throw new Error("something after the writes failed");
      }),
    ).rejects.toThrow("something after the writes failed");
    expect((await direct.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("ordered");
    expect(await direct.prisma.orderEvent.count({ where: { orderId: order.id } })).toBe(0);

    await prisma.$transaction(async (tx: Prisma.TransactionClient) => {
      await tx.order.update({ where: { id: order.id }, data: { status: "accepted" } });
      await tx.orderEvent.create({
        data: { orderId: order.id, fromStatus: "ordered", toStatus: "accepted", actorRole: "merchant" },
      });
    });
    expect((await direct.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("accepted");
    expect(await direct.prisma.orderEvent.count({ where: { orderId: order.id } })).toBe(1);
  });

  it("two processes accepting one order at once: exactly one wins", async () => {
    const [a, b] = [appProcess(), appProcess()];
    const { order } = await makeOrder({ status: "ordered" });
    const accept = (prisma: PrismaClient) =>
      prisma.$transaction(async (tx: Prisma.TransactionClient) => {
        const moved = await tx.order.updateMany({
          where: { id: order.id, status: "ordered" },
          data: { status: "accepted" },
        });
        if (moved.count === 1)
          await tx.orderEvent.create({
            data: { orderId: order.id, fromStatus: "ordered", toStatus: "accepted", actorRole: "merchant" },
          });
        return moved.count;
      });
    const won = await Promise.all([accept(a.prisma), accept(b.prisma), accept(a.prisma), accept(b.prisma)]);
    expect(won.sort()).toEqual([0, 0, 0, 1]);
    expect(await direct.prisma.orderEvent.count({ where: { orderId: order.id } })).toBe(1);
  });

  it("a process that dies inside a transaction leaves nothing behind and holds up nobody", async () => {
    const [dying, other] = [appProcess(), appProcess()];
    const { order } = await makeOrder({ status: "ordered" });
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    void dying.prisma
      .$transaction(
        async (tx: Prisma.TransactionClient) => {
          await tx.order.update({ where: { id: order.id }, data: { status: "canceled" } });
          wrote();
          await new Promise(() => {}); // the process is killed here, before it commits
        },
        { timeout: 60_000 },
      )
      .catch(() => {});
    await written;
    dying.crash();

    // The other process goes on at once (the embedded database runs one transaction at a time:
    // had the dead one stayed open, this would wait for ever), and sees none of the dead one's work.
    const started = Date.now();
    const seen = await other.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(seen.status).toBe("ordered");
    await other.prisma.$transaction(async (tx: Prisma.TransactionClient) => {
      await tx.order.update({ where: { id: order.id }, data: { status: "accepted" } });
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await direct.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("accepted");
    // What is still sent on the dead channel fails at once instead of waiting for an answer.
    await expect(dying.prisma.$queryRawUnsafe("SELECT 1")).rejects.toThrow();
  });
});
