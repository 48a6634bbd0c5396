import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "~/data/db.server";
import { queueOrderNotifications } from "~/domain/notifications/outbox.server";
import { startDeliveryWorker } from "~/domain/notifications/worker.server";
import { makeOrder } from "../orders/support";
import { lineId, startLineMock } from "./support";

// The delivery rounds the loop starts, counted: the real deliverDueMessages runs underneath.
const rounds = vi.hoisted(() => ({ started: 0 }));
vi.mock("~/domain/notifications/delivery.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/domain/notifications/delivery.server")>();
  return {
    ...real,
    deliverDueMessages: (...args: Parameters<typeof real.deliverDueMessages>) => {
      rounds.started += 1;
      return real.deliverDueMessages(...args);
    },
  };
});

const mock = startLineMock();

async function queuedForBuyer() {
  const { order, buyer, tailor } = await makeOrder({ status: "completed" });
  await db().user.update({ where: { id: buyer.id }, data: { lineUserId: lineId() } });
  const event = await db().orderEvent.create({
    data: {
      orderId: order.id,
      fromStatus: "accepted",
      toStatus: "completed",
      actorId: tailor.id,
      actorRole: "merchant",
    },
  });
  await db().$transaction((tx) =>
    queueOrderNotifications(tx, { eventId: event.id, orderId: order.id, toStatus: "completed" }),
  );
  return db().outboxMessage.findFirstOrThrow({ where: { eventId: event.id } });
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the delivery loop in the app process", () => {
  it("delivers queued messages on its own, never running two rounds at once", async () => {
    const message = await queuedForBuyer();
    mock.state.pushFailure = "timeout";
    // The loop's ticks are the test's to give (only setInterval is faked: the push's own
    // time limit and the database keep real time). LINE never answers, so the first round
    // waits out its 1.5 s push limit: long enough to give the ticks while it is in flight.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    rounds.started = 0;
    const worker = startDeliveryWorker({ intervalMs: 20, pushTimeoutMs: 1_500 });
    await expect.poll(() => mock.state.pushAttempts, { timeout: 5_000 }).toBe(1);
    // Fifteen ticks come while the first round still waits for LINE: none starts another round.
    vi.advanceTimersByTime(15 * 20);
    expect(rounds.started).toBe(1);
    expect(mock.state.pushAttempts).toBe(1);
    await worker.stop();
    vi.useRealTimers();
    // stop() waited for the round in flight, which recorded its outcome (no lease left behind).
    expect(await db().outboxMessage.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({
      status: "pending",
      attempts: 1,
      lockedUntil: null,
    });

    mock.state.pushFailure = "none";
    await db().outboxMessage.update({ where: { id: message.id }, data: { nextAttemptAt: new Date() } });
    const second = startDeliveryWorker({ intervalMs: 20 });
    await expect
      .poll(async () => (await db().outboxMessage.findUniqueOrThrow({ where: { id: message.id } })).status, {
        timeout: 5_000,
      })
      .toBe("sent");
    await second.stop();
    expect(mock.pushes).toHaveLength(1);
  });
});
