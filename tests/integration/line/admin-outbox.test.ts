import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { OUTBOX_MESSAGES } from "~/domain/notifications/admin-outbox.server";
import { deliverDueMessages } from "~/domain/notifications/delivery.server";
import { action, loader } from "~/routes/line/admin-outbox";
import { callRoute, locationOf, noticeOf } from "../../support/requests";
import { signedIn } from "../../support/users";
import { makeOrder } from "../orders/support";
import { lineId, startLineMock } from "./support";

const mock = startLineMock();

async function messageFor(status: "pending" | "sent" | "failed", lastError: string | null = null) {
  const { order, buyer, tailor } = await makeOrder({ status: "accepted" });
  await db().user.update({ where: { id: buyer.id }, data: { lineUserId: lineId() } });
  const event = await db().orderEvent.create({
    data: { orderId: order.id, fromStatus: "ordered", toStatus: "accepted", actorId: tailor.id, actorRole: "merchant" },
  });
  return db().outboxMessage.create({
    data: {
      eventId: event.id,
      recipientId: buyer.id,
      text: `คำสั่งซื้อ #${order.id}`,
      status,
      attempts: status === "failed" ? 8 : 0,
      lastError,
      sentAt: status === "sent" ? new Date() : null,
    },
  });
}

type Listing = { rows: { id: number; status: string; lastError: string | null }[]; sentCount: number };

describe("/admin/line-outbox", () => {
  it("is for admins only", async () => {
    expect(locationOf(await callRoute(loader, "/admin/line-outbox"))).toMatch(/^\/login/);
    const customer = await signedIn();
    expect(locationOf(await callRoute(loader, "/admin/line-outbox", { cookie: customer.cookie }))).toBe("/");
    const failed = await messageFor("failed", "LINE ตอบกลับ 500");
    const result = await callRoute(action, "/admin/line-outbox", {
      cookie: customer.cookie,
      form: { intent: "retry", id: String(failed.id) },
    });
    expect(locationOf(result)).toBe("/");
    expect((await db().outboxMessage.findUniqueOrThrow({ where: { id: failed.id } })).status).toBe("failed");
  });

  it("lists failed messages first with their last error, then pending ones; sent ones only as a count", async () => {
    const admin = await signedIn({ roles: ["admin"] });
    const pending = await messageFor("pending", "หมดเวลารอ LINE (10000 ms)");
    const failed = await messageFor("failed", "LINE ตอบกลับ 500");
    await messageFor("sent");
    const { rows, sentCount } = (await callRoute(loader, "/admin/line-outbox", { cookie: admin.cookie })) as Listing;
    expect(rows.map((row) => [row.id, row.status, row.lastError])).toEqual([
      [failed.id, "failed", "LINE ตอบกลับ 500"],
      [pending.id, "pending", "หมดเวลารอ LINE (10000 ms)"],
    ]);
    expect(sentCount).toBe(1);
  });

  it("'ส่งใหม่' puts a failed message back in line and the worker delivers it; a sent one cannot be resent", async () => {
    const admin = await signedIn({ roles: ["admin"] });
    const failed = await messageFor("failed", "LINE ตอบกลับ 500");
    const retried = await callRoute(action, "/admin/line-outbox", {
      cookie: admin.cookie,
      form: { intent: "retry", id: String(failed.id) },
    });
    expect(locationOf(retried)).toBe("/admin/line-outbox");
    expect(await noticeOf(retried)).toEqual({ type: "success", message: OUTBOX_MESSAGES.retried });
    expect(await db().outboxMessage.findUniqueOrThrow({ where: { id: failed.id } })).toMatchObject({
      status: "pending",
      attempts: 0,
    });
    expect((await deliverDueMessages()).sent).toBe(1);
    expect(mock.pushes).toHaveLength(1);

    const again = await callRoute(action, "/admin/line-outbox", {
      cookie: admin.cookie,
      form: { intent: "retry", id: String(failed.id) },
    });
    expect(await noticeOf(again)).toEqual({ type: "error", message: OUTBOX_MESSAGES.notRetryable });
    const nonsense = await callRoute(action, "/admin/line-outbox", {
      cookie: admin.cookie,
      form: { intent: "retry", id: "abc" },
    });
    expect(await noticeOf(nonsense)).toEqual({ type: "error", message: OUTBOX_MESSAGES.notRetryable });
    expect(mock.pushes).toHaveLength(1);
  });
});
