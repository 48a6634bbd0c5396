import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import type { NotificationKind } from "~/data/generated/enums";
import { decideDesign } from "~/domain/admin/designs.server";
import { setDelivery } from "~/domain/delivery/delivery.server";
import { confirmReceipt, sweepReceipts } from "~/domain/delivery/receipt.server";
import { postMessage } from "~/domain/messages/messages.server";
import { expireUnacceptedOrders } from "~/domain/orders/expiry.server";
import { closeProblem, reportProblem } from "~/domain/orders/problems.server";
import { transitionOrder } from "~/domain/orders/transitions.server";
import { decidePayment, sendSlip } from "~/domain/payments/payments.server";
import { replyToReview, writeReview } from "~/domain/reviews/reviews.server";
import * as apiNotifications from "~/routes/account/api.notifications";
import * as apiRead from "~/routes/account/api.notifications-read";
import * as notificationOpen from "~/routes/account/notification-open";
import * as notificationsPage from "~/routes/account/notifications";
import { callJson, callRoute, locationOf, statusOf } from "../../support/requests";
import { createTestUser, sessionCookieFor } from "../../support/users";
import { makeOrder } from "../orders/support";

/**
 * Notifications in the shop (issue 48): every event a person must act on or know of becomes one
 * notification for that person (never for the one who acted), written with the event; the list,
 * the unread count and marking read, through the page and the JSON calls.
 */

type Made = Awaited<ReturnType<typeof makeOrder>>;

async function notesOf(
  userId: number,
): Promise<{ kind: NotificationKind; orderId: number | null; text: string; href: string }[]> {
  return db().notification.findMany({
    where: { userId },
    orderBy: { id: "asc" },
    select: { kind: true, orderId: true, text: true, href: true },
  });
}

const kinds = async (userId: number) => (await notesOf(userId)).map((note) => note.kind);

async function slipPhoto(): Promise<Uint8Array> {
  const raw = randomBytes(200 * 200 * 3);
  return new Uint8Array(
    await sharp(raw, { raw: { width: 200, height: 200, channels: 3 } })
      .png()
      .toBuffer(),
  );
}

const actors = (made: Made) => ({
  buyer: { id: made.buyer.id, roles: made.buyer.roles, name: made.buyer.name },
  tailor: { id: made.tailor.id, roles: made.tailor.roles, name: made.tailor.name },
});

async function cleared(made: Made) {
  await db().notification.deleteMany({ where: { userId: { in: [made.buyer.id, made.tailor.id] } } });
}

describe("one notification per event kind, to the side that did not act", () => {
  it("an order's life: placed, accepted, slip sent, rejected, confirmed, shipped, completed, reviewed, answered, a message", async () => {
    const made = await makeOrder({ status: "cart" });
    const { buyer, tailor } = actors(made);
    const id = made.order.id;
    await transitionOrder({ orderId: id, to: "ordered", actor: buyer, as: "user" });
    expect(await kinds(made.tailor.id)).toEqual(["order_placed"]);
    expect(await kinds(made.buyer.id)).toEqual([]);
    const [placed] = await notesOf(made.tailor.id);
    expect(placed).toMatchObject({ orderId: id, href: `/merchant/order/${id}`, text: `มีคำสั่งซื้อ #${id} ใหม่ รอคุณรับงาน` });

    await transitionOrder({ orderId: id, to: "accepted", actor: tailor, as: "merchant" });
    await sendSlip({ orderId: id, buyerId: made.buyer.id, photo: await slipPhoto() });
    await decidePayment({ orderId: id, tailorId: made.tailor.id, action: "reject", reason: "ยอดเงินไม่ตรง" });
    await sendSlip({ orderId: id, buyerId: made.buyer.id, photo: await slipPhoto() });
    await decidePayment({ orderId: id, tailorId: made.tailor.id, action: "confirm" });
    await setDelivery({
      orderId: id,
      tailorId: made.tailor.id,
      delivery: { method: "carrier", carrier: "thailand_post", trackingNumber: "EF123456789TH" },
    });
    await transitionOrder({ orderId: id, to: "completed", actor: tailor, as: "merchant" });
    await writeReview(id, made.buyer.id, { rating: 5, comment: "สวยมาก" });
    await replyToReview(id, made.tailor.id, "ขอบคุณครับ");
    await postMessage(id, tailor, { text: "ใส่แล้วพอดีไหมครับ" });

    const buyerNotes = await notesOf(made.buyer.id);
    expect(buyerNotes.map((note) => note.kind)).toEqual([
      "order_accepted",
      "payment_rejected",
      "payment_confirmed",
      "shipped",
      "order_completed",
      "review_answered",
      "message",
    ]);
    expect(buyerNotes.every((note) => note.href === `/user/product/${id}`)).toBe(true);
    expect(buyerNotes[1]!.text).toContain("ยอดเงินไม่ตรง");
    expect(buyerNotes[3]!.text).toContain("EF123456789TH");
    expect(buyerNotes[6]!.text).toContain("ใส่แล้วพอดีไหมครับ");
    expect(await kinds(made.tailor.id)).toEqual(["order_placed", "slip_sent", "slip_sent", "review_received"]);
  });

  it("declined and canceled with the reason; canceled by the buyer; the shop's own cancel tells both; a paid order canceled owes a refund", async () => {
    const declined = await makeOrder({ status: "ordered" });
    await transitionOrder({
      orderId: declined.order.id,
      to: "canceled",
      actor: actors(declined).tailor,
      as: "merchant",
      reason: "ผ้าหมด",
    });
    const [decline] = await notesOf(declined.buyer.id);
    expect(decline).toMatchObject({ kind: "order_declined" });
    expect(decline!.text).toContain("ผ้าหมด");
    expect(await kinds(declined.tailor.id)).toEqual([]);

    const byBuyer = await makeOrder({ status: "ordered" });
    await transitionOrder({
      orderId: byBuyer.order.id,
      to: "canceled",
      actor: actors(byBuyer).buyer,
      as: "user",
      reason: "สั่งผิดไซซ์",
    });
    expect(await kinds(byBuyer.tailor.id)).toEqual(["order_canceled"]);
    expect((await notesOf(byBuyer.tailor.id))[0]!.text).toBe(
      `คำสั่งซื้อ #${byBuyer.order.id} ถูกยกเลิกโดยลูกค้า เหตุผล: สั่งผิดไซซ์`,
    );

    const late = await makeOrder({ status: "ordered" });
    await db().order.update({
      where: { id: late.order.id },
      data: { orderedAt: new Date(Date.now() - 30 * 86_400_000) },
    });
    expect(await expireUnacceptedOrders({ days: 7 })).toContain(late.order.id);
    expect(await kinds(late.buyer.id)).toEqual(["order_expired"]);
    expect(await kinds(late.tailor.id)).toEqual(["order_expired"]);

    const paid = await makeOrder({ status: "ordered" });
    const { tailor } = actors(paid);
    await transitionOrder({ orderId: paid.order.id, to: "accepted", actor: tailor, as: "merchant" });
    await decidePayment({ orderId: paid.order.id, tailorId: paid.tailor.id, action: "cash" });
    await cleared(paid);
    await transitionOrder({
      orderId: paid.order.id,
      to: "canceled",
      actor: tailor,
      as: "merchant",
      reason: "เครื่องเสีย",
    });
    expect(await kinds(paid.buyer.id)).toEqual(["order_canceled", "refund_due"]);
    await decidePayment({ orderId: paid.order.id, tailorId: paid.tailor.id, action: "refunded" });
    expect(await kinds(paid.buyer.id)).toEqual(["order_canceled", "refund_due", "refunded"]);
  });

  it("with a deposit (issue 49): the deposit confirmed, then the balance's slip sent and sent back with a reason", async () => {
    const made = await makeOrder({ status: "ordered" });
    await db().user.update({ where: { id: made.tailor.id }, data: { depositPercent: 30 } });
    const id = made.order.id;
    await transitionOrder({ orderId: id, to: "accepted", actor: actors(made).tailor, as: "merchant" });
    await sendSlip({ orderId: id, buyerId: made.buyer.id, photo: await slipPhoto() });
    await decidePayment({ orderId: id, tailorId: made.tailor.id, action: "confirm" });
    expect((await db().orderPayment.findUniqueOrThrow({ where: { orderId: id } })).status).toBe("deposit_paid");
    await sendSlip({ orderId: id, buyerId: made.buyer.id, photo: await slipPhoto() });
    await decidePayment({ orderId: id, tailorId: made.tailor.id, action: "reject", reason: "ยอดไม่ครบ" });
    expect(await kinds(made.buyer.id)).toEqual(["order_accepted", "payment_confirmed", "payment_rejected"]);
    expect((await notesOf(made.buyer.id))[2]!.text).toContain("ยอดไม่ครบ");
    expect(await kinds(made.tailor.id)).toEqual(["slip_sent", "slip_sent"]);
  });

  it("a design approved, or rejected with its reason, to its tailor", async () => {
    const tailor = await createTestUser({ roles: ["merchant"] });
    const admin = { id: (await createTestUser({ roles: ["admin"] })).id, name: "ผู้ดูแล" };
    const upload = () =>
      db().design.create({ data: { ownerId: tailor.id, baseId: "shirt1", type: "upload", status: "pending" } });
    const approved = await upload();
    const rejected = await upload();
    await decideDesign(approved.id, "approve", admin);
    await decideDesign(rejected.id, "reject", admin, "รูปไม่ชัด");
    const notes = await notesOf(tailor.id);
    expect(notes.map((note) => [note.kind, note.orderId, note.href])).toEqual([
      ["design_approved", null, "/merchant/popular_design"],
      ["design_rejected", null, "/merchant/popular_design"],
    ]);
    expect(notes[1]!.text).toBe(`แบบเสื้อ #${rejected.id} ไม่ได้รับการอนุมัติ เหตุผล: รูปไม่ชัด`);
  });

  it("receipt confirmed (by the buyer, or by the shop after its days: both told), the reminder, a problem (the tailor and every admin) and its close", async () => {
    const shipped = async () => {
      const made = await makeOrder({ status: "accepted" });
      await setDelivery({
        orderId: made.order.id,
        tailorId: made.tailor.id,
        delivery: { method: "pickup", carrier: null, trackingNumber: null },
      });
      await cleared(made);
      return made;
    };
    const received = await shipped();
    await confirmReceipt({ orderId: received.order.id, buyerId: received.buyer.id });
    expect(await kinds(received.tailor.id)).toEqual(["receipt_confirmed"]);
    expect(await kinds(received.buyer.id)).toEqual([]);

    const late = await shipped();
    const shippedAt = (await db().orderDelivery.findUniqueOrThrow({ where: { orderId: late.order.id } })).shippedAt;
    await sweepReceipts({ now: new Date(shippedAt.getTime() + 12 * 86_400_000), days: 14 });
    expect(await kinds(late.buyer.id)).toEqual(["receipt_reminder"]);
    await sweepReceipts({ now: new Date(shippedAt.getTime() + 15 * 86_400_000), days: 14 });
    expect(await kinds(late.buyer.id)).toEqual(["receipt_reminder", "receipt_confirmed"]);
    expect(await kinds(late.tailor.id)).toEqual(["receipt_confirmed"]);

    const admin = await createTestUser({ roles: ["admin"] });
    const troubled = await shipped();
    await reportProblem({ orderId: troubled.order.id, buyerId: troubled.buyer.id, reason: "ตะเข็บขาด", photo: null });
    const [tailorNote] = await notesOf(troubled.tailor.id);
    expect(tailorNote).toMatchObject({ kind: "problem_reported", href: `/merchant/order/${troubled.order.id}` });
    expect(tailorNote!.text).toContain("ตะเข็บขาด");
    const [adminNote] = await notesOf(admin.id);
    expect(adminNote).toMatchObject({
      kind: "problem_reported",
      orderId: troubled.order.id,
      href: "/admin/manage/problems",
    });
    const problem = await db().orderProblem.findUniqueOrThrow({ where: { orderId: troubled.order.id } });
    await closeProblem({
      problemId: problem.id,
      admin: { id: admin.id, name: admin.name },
      decision: "remake",
      note: "",
    });
    expect(await kinds(troubled.buyer.id)).toEqual(["problem_closed"]);
    expect(await kinds(troubled.tailor.id)).toEqual(["problem_reported", "problem_closed"]);
  });

  it("a refused step leaves no notification (written in the event's own transaction)", async () => {
    const made = await makeOrder({ status: "ordered" });
    const stranger = await createTestUser({ roles: ["merchant"] });
    await expect(
      transitionOrder({
        orderId: made.order.id,
        to: "accepted",
        actor: { id: stranger.id, roles: stranger.roles },
        as: "merchant",
      }),
    ).rejects.toThrow();
    await expect(replyToReview(made.order.id, made.tailor.id, "ตอบ")).rejects.toThrow();
    expect(await db().notification.count({ where: { userId: { in: [made.buyer.id, made.tailor.id] } } })).toBe(0);
  });
});

describe("the list, the count and marking read", () => {
  async function threeFor() {
    const made = await makeOrder({ status: "ordered" });
    const { buyer, tailor } = actors(made);
    await transitionOrder({ orderId: made.order.id, to: "accepted", actor: tailor, as: "merchant" });
    await postMessage(made.order.id, tailor, { text: "ขอวัดตัวอีกครั้ง" });
    const other = await makeOrder({ status: "ordered", buyer: made.buyer });
    await transitionOrder({
      orderId: other.order.id,
      to: "canceled",
      actor: actors(other).tailor,
      as: "merchant",
      reason: "ไม่ว่าง",
    });
    return { made, buyer, cookie: await sessionCookieFor(made.buyer.id), otherOrder: other.order.id };
  }

  it("GET /api/user/notifications: newest first with the unread count; POST read { ids } marks one's own only, { all: true } all", async () => {
    const { made, cookie, otherOrder } = await threeFor();
    const listed = await callJson(apiNotifications.loader, "/api/user/notifications", { cookie });
    expect(listed.status).toBe(200);
    expect(listed.body.unread).toBe(3);
    const items = listed.body.items as {
      id: number;
      kind: string;
      orderId: number;
      text: string;
      createdAt: string;
      readAt: null;
    }[];
    expect(items.map((item) => [item.kind, item.orderId])).toEqual([
      ["order_declined", otherOrder],
      ["message", made.order.id],
      ["order_accepted", made.order.id],
    ]);
    expect(Object.keys(items[0]!).sort()).toEqual(["createdAt", "id", "kind", "orderId", "readAt", "text"]);

    const someoneElse = await sessionCookieFor(made.tailor.id);
    const foreign = await callJson(apiRead.action, "/api/user/notifications/read", {
      cookie: someoneElse,
      json: { ids: [items[0]!.id] },
    });
    expect(foreign.body).toMatchObject({ marked: 0 });
    const one = await callJson(apiRead.action, "/api/user/notifications/read", {
      cookie,
      json: { ids: [items[0]!.id] },
    });
    expect(one.body).toEqual({ marked: 1, unread: 2 });
    const all = await callJson(apiRead.action, "/api/user/notifications/read", { cookie, json: { all: true } });
    expect(all.body).toEqual({ marked: 2, unread: 0 });
    for (const json of [{}, { ids: [] }, { ids: ["x"] }, { all: false }]) {
      const bad = await callJson(apiRead.action, "/api/user/notifications/read", { cookie, json });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe("กรุณาระบุการแจ้งเตือนที่อ่านแล้ว (ids) หรือ all: true");
    }
    expect((await callJson(apiNotifications.loader, "/api/user/notifications", {})).status).toBe(401);
  });

  it("the page: opening one reads it and goes to its order (another person's is 404); 'อ่านทั้งหมดแล้ว' reads all", async () => {
    const { made, cookie } = await threeFor();
    const page = (await callRoute(notificationsPage.loader, "/notifications", { cookie })) as {
      unread: number;
      items: { id: number; href: string; readAt: Date | null }[];
    };
    expect(page.unread).toBe(3);
    const opened = await callRoute(notificationOpen.loader, `/notifications/${page.items[2]!.id}`, {
      cookie,
      params: { id: String(page.items[2]!.id) },
    });
    expect(statusOf(opened)).toBe(302);
    expect(locationOf(opened)).toBe(`/user/product/${made.order.id}`);
    const tailorCookie = await sessionCookieFor(made.tailor.id);
    const foreign = await callRoute(notificationOpen.loader, `/notifications/${page.items[0]!.id}`, {
      cookie: tailorCookie,
      params: { id: String(page.items[0]!.id) },
    });
    expect(statusOf(foreign)).toBe(404);
    const after = (await callRoute(notificationsPage.loader, "/notifications", { cookie })) as { unread: number };
    expect(after.unread).toBe(2);
    const marked = await callRoute(notificationsPage.action, "/notifications", { cookie, form: {} });
    expect(statusOf(marked)).toBe(302);
    expect(
      ((await callRoute(notificationsPage.loader, "/notifications", { cookie })) as { unread: number }).unread,
    ).toBe(0);
  });
});
