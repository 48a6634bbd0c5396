import { describe, expect, it } from "vitest";
import { prisma } from "~/data/db.server";
import { queueOrderNotifications } from "~/domain/notifications/outbox.server";
import { startDeliveryWorker } from "~/domain/notifications/worker.server";
import { makeOrder } from "../orders/support";
import { lineId, useLineMock } from "./support";

const mock = useLineMock();

async function queuedForBuyer() {
  const { order, buyer, tailor } = await makeOrder({ status: "completed" });
  await prisma.user.update({ where: { id: buyer.id }, data: { lineUserId: lineId() } });
  const event = await prisma.orderEvent.create({ data: { orderId: order.id, fromStatus: "accepted", toStatus: "completed", actorId: tailor.id, actorRole: "merchant" } });
  await prisma.$transaction((tx) => queueOrderNotifications(tx, { eventId: event.id, orderId: order.id, toStatus: "completed" }));
  return prisma.outboxMessage.findFirstOrThrow({ where: { eventId: event.id } });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the delivery loop in the app process", () => {
  it("delivers queued messages on its own, never running two rounds at once", async () => {
    const message = await queuedForBuyer();
    mock.state.pushFailure = "timeout";
    const worker = startDeliveryWorker({ intervalMs: 20, pushTimeoutMs: 1_500 });
    await expect.poll(() => mock.state.pushAttempts, { timeout: 5_000 }).toBe(1);
    await sleep(300);
    // Many ticks have passed while the first round waits for LINE: still one push.
    expect(mock.state.pushAttempts).toBe(1);
    await worker.stop();
    // stop() waited for the round in flight, which recorded its outcome (no lease left behind).
    expect(await prisma.outboxMessage.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null });

    mock.state.pushFailure = "none";
    await prisma.outboxMessage.update({ where: { id: message.id }, data: { nextAttemptAt: new Date() } });
    const second = startDeliveryWorker({ intervalMs: 20 });
    await expect.poll(async () => (await prisma.outboxMessage.findUniqueOrThrow({ where: { id: message.id } })).status, { timeout: 5_000 }).toBe("sent");
    await second.stop();
    expect(mock.pushes).toHaveLength(1);
  });
});
