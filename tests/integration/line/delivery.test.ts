import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { deliverDueMessages, MAX_ATTEMPTS, retryDelayMs } from "~/domain/notifications/delivery.server";
import { queueOrderNotifications } from "~/domain/notifications/outbox.server";
import type { OrderStatusName } from "~/domain/orders/state-machine";
import { makeOrder } from "../orders/support";
import { lineId, startLineMock } from "./support";

const mock = startLineMock();

/** An order whose customer and tailor are linked with LINE (or not), and one event queued. */
async function queuedEvent({ buyerLinked = true, tailorLinked = true, to = "accepted" as OrderStatusName } = {}) {
  const { order, buyer, tailor } = await makeOrder({ status: to });
  if (buyerLinked) await db().user.update({ where: { id: buyer.id }, data: { lineUserId: lineId() } });
  if (tailorLinked) await db().user.update({ where: { id: tailor.id }, data: { lineUserId: lineId() } });
  const event = await db().orderEvent.create({
    data: { orderId: order.id, fromStatus: "ordered", toStatus: to, actorId: tailor.id, actorRole: "merchant" },
  });
  const queued = await db().$transaction((tx) =>
    queueOrderNotifications(tx, { eventId: event.id, orderId: order.id, toStatus: to }),
  );
  return { order, buyer, tailor, event, queued };
}

async function outboxOf(eventId: number) {
  return db().outboxMessage.findMany({ where: { eventId }, orderBy: { recipientId: "asc" } });
}

const later = (ms: number) => new Date(Date.now() + ms);

describe("the LINE outbox", () => {
  it("queues one Thai message per linked recipient, with the status and each side's order page", async () => {
    const { order, buyer, tailor, event, queued } = await queuedEvent({ to: "accepted" });
    expect(queued).toBe(2);
    const rows = await outboxOf(event.id);
    expect(rows.map((row) => [row.recipientId, row.status, row.attempts])).toEqual([
      [buyer.id, "pending", 0],
      [tailor.id, "pending", 0],
    ]);
    const [toBuyer, toTailor] = rows;
    expect(toBuyer!.text).toContain(`คำสั่งซื้อ #${order.id}`);
    expect(toBuyer!.text).toContain("สถานะ: กำลังตัดเย็บ");
    expect(toBuyer!.text).toContain(`http://shop.test/user/product/${order.id}`);
    expect(toTailor!.text).toContain(`http://shop.test/merchant/order/${order.id}`);
    // Queuing the same event again adds nothing.
    expect(
      await db().$transaction((tx) =>
        queueOrderNotifications(tx, { eventId: event.id, orderId: order.id, toStatus: "accepted" }),
      ),
    ).toBe(0);
    expect(await db().outboxMessage.count({ where: { eventId: event.id } })).toBe(2);
  });

  it("skips people without LINE, and queues nothing at all when the shop has not connected LINE", async () => {
    const onlyTailor = await queuedEvent({ buyerLinked: false });
    expect((await outboxOf(onlyTailor.event.id)).map((row) => row.recipientId)).toEqual([onlyTailor.tailor.id]);
    delete process.env.LINE_MESSAGING_ACCESS_TOKEN;
    const unconfigured = await queuedEvent();
    expect(unconfigured.queued).toBe(0);
    expect(await outboxOf(unconfigured.event.id)).toEqual([]);
  });

  it("delivers each message exactly once even when two workers run at the same time", async () => {
    const first = await queuedEvent({ to: "ordered" });
    const second = await queuedEvent({ to: "completed" });
    const reports = await Promise.all([deliverDueMessages(), deliverDueMessages(), deliverDueMessages()]);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(4);
    expect(mock.pushes).toHaveLength(4);
    expect(mock.state.pushAttempts).toBe(4);
    const rows = [...(await outboxOf(first.event.id)), ...(await outboxOf(second.event.id))];
    expect(
      rows.every((row) => row.status === "sent" && row.attempts === 1 && row.sentAt && row.lockedUntil === null),
    ).toBe(true);
    const toBuyer = mock.pushes.find((push) => push.text.includes(`/user/product/${first.order.id}`));
    const buyerLine = (await db().user.findUniqueOrThrow({ where: { id: first.buyer.id } })).lineUserId;
    expect(toBuyer?.to).toBe(buyerLine);
    expect(toBuyer?.text).toContain("สถานะ: รอช่างรับงาน");
    // Nothing is left to do.
    expect(await deliverDueMessages({ now: later(24 * 3600_000) })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(mock.pushes).toHaveLength(4);
  });

  it("a message leased by a live worker is not taken by another until the lease runs out", async () => {
    const { event } = await queuedEvent({ tailorLinked: false });
    const [row] = await outboxOf(event.id);
    await db().outboxMessage.update({ where: { id: row!.id }, data: { lockedUntil: later(30_000) } });
    expect((await deliverDueMessages()).sent).toBe(0);
    expect(mock.pushes).toHaveLength(0);
    expect((await deliverDueMessages({ now: later(31_000) })).sent).toBe(1);
    expect(mock.pushes).toHaveLength(1);
  });

  it("a LINE outage (500s, then timeouts) delays the messages but loses none", async () => {
    const { event } = await queuedEvent();
    mock.state.pushFailure = "error500";
    const start = new Date();
    expect(await deliverDueMessages({ now: start })).toEqual({ sent: 0, retrying: 2, failed: 0 });
    let rows = await outboxOf(event.id);
    expect(rows.every((row) => row.status === "pending" && row.attempts === 1 && row.lockedUntil === null)).toBe(true);
    expect(rows[0]!.lastError).toContain("500");
    expect(rows[0]!.nextAttemptAt.getTime()).toBe(start.getTime() + retryDelayMs(1));
    // Not due yet: nothing is tried.
    const triedSoFar = mock.state.pushAttempts;
    await deliverDueMessages({ now: new Date(start.getTime() + 1_000) });
    expect(mock.state.pushAttempts).toBe(triedSoFar);

    mock.state.pushFailure = "timeout";
    const second = new Date(start.getTime() + retryDelayMs(1));
    expect(await deliverDueMessages({ now: second, pushTimeoutMs: 150 })).toEqual({ sent: 0, retrying: 2, failed: 0 });
    rows = await outboxOf(event.id);
    expect(rows[0]!.lastError).toContain("หมดเวลา");
    expect(rows[0]!.nextAttemptAt.getTime()).toBe(second.getTime() + retryDelayMs(2));
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

    mock.state.pushFailure = "none";
    expect(await deliverDueMessages({ now: new Date(second.getTime() + retryDelayMs(2)) })).toEqual({
      sent: 2,
      retrying: 0,
      failed: 0,
    });
    rows = await outboxOf(event.id);
    expect(rows.map((row) => [row.status, row.attempts, row.lastError])).toEqual([
      ["sent", 3, null],
      ["sent", 3, null],
    ]);
    expect(mock.pushes).toHaveLength(2);
  });

  it("a push LINE accepted but whose answer was lost is not sent twice (retry key, 409)", async () => {
    const { event } = await queuedEvent({ tailorLinked: false });
    mock.state.pushFailure = "acceptThen500";
    expect((await deliverDueMessages()).retrying).toBe(1);
    mock.state.pushFailure = "none";
    expect((await deliverDueMessages({ now: later(retryDelayMs(1) + 1000) })).sent).toBe(1);
    expect(mock.pushes).toHaveLength(1);
    expect(mock.state.pushAttempts).toBe(2);
    expect((await outboxOf(event.id))[0]!.status).toBe("sent");
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts (failed, kept for admins); a recipient who unlinked fails at once`, async () => {
    const { event } = await queuedEvent({ tailorLinked: false });
    mock.state.pushFailure = "error500";
    let now = Date.now();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const report = await deliverDueMessages({ now: new Date(now) });
      expect(report).toEqual(
        attempt < MAX_ATTEMPTS ? { sent: 0, retrying: 1, failed: 0 } : { sent: 0, retrying: 0, failed: 1 },
      );
      now += retryDelayMs(attempt);
    }
    const [row] = await outboxOf(event.id);
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(row!.lastError).toContain("500");
    expect((await deliverDueMessages({ now: new Date(now + 10 * 3600_000) })).failed).toBe(0);

    const unlinked = await queuedEvent({ tailorLinked: false });
    await db().user.update({ where: { id: unlinked.buyer.id }, data: { lineUserId: null } });
    mock.state.pushFailure = "none";
    expect((await deliverDueMessages()).failed).toBe(1);
    expect((await outboxOf(unlinked.event.id))[0]).toMatchObject({
      status: "failed",
      lastError: "ผู้รับยกเลิกการเชื่อมต่อ LINE แล้ว",
    });
    expect(mock.pushes).toHaveLength(0);
  });
});
