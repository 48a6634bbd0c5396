import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import type { AuditChanges } from "~/domain/audit/actions";
import { describeEntryChanges } from "~/domain/audit/value-labels";
import { expireUnacceptedOrders } from "~/domain/orders/expiry.server";
import * as adminStatus from "~/routes/admin/api.order-status";
import * as adminOrders from "~/routes/admin/orders";
import * as apiMerchantOrder from "~/routes/orders/api.merchant-order";
import * as apiOrder from "~/routes/orders/api.order";
import * as apiAccept from "~/routes/orders/api.orders-accept";
import * as apiCancel from "~/routes/orders/api.orders-cancel";
import * as merchantOrder from "~/routes/orders/merchant-order";
import { callJson as api, callRoute, locationOf, noticeOf, statusOf } from "../../support/requests";
import { createTestUser, sessionCookieFor } from "../../support/users";
import { makeOrder } from "./support";

/** Issue 46: every cancel says why and who, atomically with its status and its event. */

async function orderWithCookies(status: "ordered" | "accepted" | "completed") {
  const made = await makeOrder({ status });
  return {
    ...made,
    id: made.order.id,
    params: { id: String(made.order.id) },
    buyerCookie: await sessionCookieFor(made.buyer.id),
    tailorCookie: await sessionCookieFor(made.tailor.id),
  };
}

function cancel(made: { id: number; params: Record<string, string> }, cookie: string, json?: unknown) {
  return api(apiCancel.action, `/api/orders/${made.id}/cancel`, {
    method: "PATCH",
    cookie,
    params: made.params,
    ...(json === undefined ? {} : { json }),
  });
}

async function orderRow(id: number) {
  return db().order.findUniqueOrThrow({
    where: { id },
    select: { status: true, cancelReason: true, canceledBy: true },
  });
}

async function cancelEvents(orderId: number) {
  return db().orderEvent.findMany({
    where: { orderId, toStatus: "canceled" },
    select: { fromStatus: true, note: true, actorRole: true, actorId: true },
  });
}

describe("the buyer cancels before the tailor accepts", () => {
  it("cancels an ordered order with a reason: the order, its event and its JSON say why and who", async () => {
    const made = await orderWithCookies("ordered");
    const answer = await cancel(made, made.buyerCookie, { reason: "  ต้องการเปลี่ยนช่าง  " });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: "canceled", canceledBy: "buyer", cancelReason: "ต้องการเปลี่ยนช่าง" });
    expect(await orderRow(made.id)).toEqual({
      status: "canceled",
      cancelReason: "ต้องการเปลี่ยนช่าง",
      canceledBy: "buyer",
    });
    expect(await cancelEvents(made.id)).toEqual([
      { fromStatus: "ordered", note: "ต้องการเปลี่ยนช่าง", actorRole: "user", actorId: made.buyer.id },
    ]);
    // Both sides read it in the order's JSON.
    const buyerView = await api(apiOrder.loader, `/api/orders/${made.id}`, {
      cookie: made.buyerCookie,
      params: made.params,
    });
    expect(buyerView.body).toMatchObject({ cancelReason: "ต้องการเปลี่ยนช่าง", canceledBy: "buyer" });
    const tailorView = await api(apiMerchantOrder.loader, `/api/merchants/order/${made.id}/details`, {
      cookie: made.tailorCookie,
      params: made.params,
    });
    expect(JSON.stringify(tailorView.body)).toContain('"canceledBy":"buyer"');
    expect(JSON.stringify(tailorView.body)).toContain('"cancelReason":"ต้องการเปลี่ยนช่าง"');
  });

  it("is refused once the tailor has accepted (409), without a reason (400), and for others (403, 404)", async () => {
    const accepted = await orderWithCookies("accepted");
    const late = await cancel(accepted, accepted.buyerCookie, { reason: "รอนานเกินไป" });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatch(/ไม่สามารถเปลี่ยนสถานะ/);
    expect(await orderRow(accepted.id)).toEqual({ status: "accepted", cancelReason: null, canceledBy: null });

    const ordered = await orderWithCookies("ordered");
    for (const body of [undefined, {}, { reason: "   " }]) {
      const bare = await cancel(ordered, ordered.buyerCookie, body);
      expect(bare.status).toBe(400);
      expect(bare.body.error).toBe("กรุณาระบุเหตุผลที่ยกเลิก");
    }
    const tooLong = await cancel(ordered, ordered.buyerCookie, { reason: "ก".repeat(301) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toMatch(/ยาวเกินไป/);

    const stranger = await createTestUser();
    const foreign = await cancel(ordered, await sessionCookieFor(stranger.id), { reason: "อื่น ๆ" });
    expect(foreign.status).toBe(403);
    const missing = await cancel({ id: 999999, params: { id: "999999" } }, ordered.buyerCookie, { reason: "x" });
    expect(missing.status).toBe(404);
    expect(await orderRow(ordered.id)).toEqual({ status: "ordered", cancelReason: null, canceledBy: null });
    expect(await cancelEvents(ordered.id)).toEqual([]);
  });

  it("a buyer's cancel racing the tailor's accept leaves one outcome, recorded once", async () => {
    for (let round = 0; round < 4; round += 1) {
      const made = await orderWithCookies("ordered");
      const [canceled, accepted] = await Promise.all([
        cancel(made, made.buyerCookie, { reason: "รอนานเกินไป" }),
        api(apiAccept.action, "/api/orders/accept", {
          method: "PATCH",
          cookie: made.tailorCookie,
          json: { orderId: made.id },
        }),
      ]);
      expect([canceled.status, accepted.status].sort()).toEqual([200, 409]);
      const row = await orderRow(made.id);
      const events = await db().orderEvent.findMany({ where: { orderId: made.id, kind: "status" } });
      expect(events).toHaveLength(1);
      if (canceled.status === 200) {
        expect(row).toEqual({ status: "canceled", cancelReason: "รอนานเกินไป", canceledBy: "buyer" });
      } else {
        expect(row).toEqual({ status: "accepted", cancelReason: null, canceledBy: null });
        expect(await db().orderPayment.count({ where: { orderId: made.id } })).toBe(1);
      }
    }
  });

  it("two racing cancels (buyer and tailor) cancel once, with one reason", async () => {
    const made = await orderWithCookies("ordered");
    const answers = await Promise.all([
      cancel(made, made.buyerCookie, { reason: "สั่งผิดแบบ/ขนาด" }),
      cancel(made, made.tailorCookie, { reason: "คิวงานเต็ม" }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const events = await cancelEvents(made.id);
    expect(events).toHaveLength(1);
    const row = await orderRow(made.id);
    expect(row.cancelReason).toBe(events[0]!.note);
    expect(row.canceledBy).toBe(events[0]!.actorRole === "user" ? "buyer" : "tailor");
  });
});

describe("the tailor declines or cancels with a reason", () => {
  it("without a reason: 400 in Thai, nothing changed", async () => {
    for (const status of ["ordered", "accepted"] as const) {
      const made = await orderWithCookies(status);
      const bare = await cancel(made, made.tailorCookie);
      expect(bare.status).toBe(400);
      expect(bare.body.error).toBe("กรุณาระบุเหตุผลที่ยกเลิก");
      expect(await orderRow(made.id)).toEqual({ status, cancelReason: null, canceledBy: null });
      expect(await cancelEvents(made.id)).toEqual([]);
    }
  });

  it("the tailor's page: declining without a reason is refused beside the field, the question kept; with one it is done", async () => {
    const made = await orderWithCookies("ordered");
    const question = `/merchant/order/${made.id}?confirm=decline`;
    const page = (await callRoute(merchantOrder.loader, question, {
      cookie: made.tailorCookie,
      params: made.params,
    })) as { confirming: string | null };
    expect(page.confirming).toBe("decline");
    const bare = await callRoute(merchantOrder.action, question, {
      cookie: made.tailorCookie,
      params: made.params,
      form: { intent: "decline" },
    });
    expect(statusOf(bare)).toBe(400);
    expect(JSON.stringify(bare)).toContain("กรุณาระบุเหตุผลที่ยกเลิก");
    expect(await orderRow(made.id)).toEqual({ status: "ordered", cancelReason: null, canceledBy: null });
    const done = await callRoute(merchantOrder.action, question, {
      cookie: made.tailorCookie,
      params: made.params,
      form: { intent: "decline", reasonChoice: "อื่น ๆ", reasonText: "เครื่องจักรเสีย" },
    });
    expect(locationOf(done)).toBe(`/merchant/order/${made.id}`);
    expect(await noticeOf(done)).toEqual({ type: "success", message: "ยกเลิกคำสั่งซื้อสำเร็จ" });
    expect(await orderRow(made.id)).toEqual({ status: "canceled", cancelReason: "เครื่องจักรเสีย", canceledBy: "tailor" });
  });

  it("with a reason: canceled by the tailor, the buyer reads why", async () => {
    const made = await orderWithCookies("accepted");
    const answer = await cancel(made, made.tailorCookie, { reason: "ไม่มีผ้าหรือวัสดุตามแบบ" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: "canceled", message: "ยกเลิกคำสั่งซื้อสำเร็จ", canceledBy: "tailor" });
    expect(await orderRow(made.id)).toEqual({
      status: "canceled",
      cancelReason: "ไม่มีผ้าหรือวัสดุตามแบบ",
      canceledBy: "tailor",
    });
    const buyerView = await api(apiOrder.loader, `/api/orders/${made.id}`, {
      cookie: made.buyerCookie,
      params: made.params,
    });
    expect(buyerView.body).toMatchObject({ cancelReason: "ไม่มีผ้าหรือวัสดุตามแบบ", canceledBy: "tailor" });
    // A completed order is not canceled by its tailor.
    const done = await orderWithCookies("completed");
    expect((await cancel(done, done.tailorCookie, { reason: "คิวงานเต็ม" })).status).toBe(409);
  });
});

describe("an admin's cancel and the shop's own", () => {
  it("an admin cancels with a reason: kept on the order, its event and the audit log; without one still allowed", async () => {
    const admin = await createTestUser({ roles: ["admin"] });
    const adminCookie = await sessionCookieFor(admin.id);
    const made = await orderWithCookies("accepted");
    const answer = await api(adminStatus.action, `/admin/orders/${made.id}/status`, {
      method: "PATCH",
      cookie: adminCookie,
      params: made.params,
      json: { status: "canceled", reason: "ลูกค้าขอยกเลิกทางโทรศัพท์" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.order).toMatchObject({
      status: "canceled",
      cancelReason: "ลูกค้าขอยกเลิกทางโทรศัพท์",
      canceledBy: "admin",
    });
    const audit = await db().auditEntry.findFirstOrThrow({
      where: { action: "order.status_override", targetId: made.id },
      select: { changes: true, actorId: true },
    });
    expect(audit).toEqual({
      actorId: admin.id,
      changes: {
        status: { from: "accepted", to: "canceled" },
        reason: { to: "ลูกค้าขอยกเลิกทางโทรศัพท์" },
      },
    });
    expect(await cancelEvents(made.id)).toEqual([
      { fromStatus: "accepted", note: "ลูกค้าขอยกเลิกทางโทรศัพท์", actorRole: "admin", actorId: admin.id },
    ]);
    // As the audit page and its CSV read it: in Thai, no codes (the stored order of fields may vary).
    const described = describeEntryChanges("order", audit.changes as AuditChanges)
      .split("; ")
      .sort();
    expect(described).toEqual(["สถานะ: กำลังตัดเย็บ → ยกเลิก", "เหตุผล: ลูกค้าขอยกเลิกทางโทรศัพท์"].sort());

    // Moved back by an admin, the old reason goes; the spec's { status } alone still works.
    const back = await api(adminStatus.action, `/admin/orders/${made.id}/status`, {
      method: "PATCH",
      cookie: adminCookie,
      params: made.params,
      json: { status: "accepted" },
    });
    expect(back.status).toBe(200);
    expect(await orderRow(made.id)).toEqual({ status: "accepted", cancelReason: null, canceledBy: null });
    const plain = await api(adminStatus.action, `/admin/orders/${made.id}/status`, {
      method: "PATCH",
      cookie: adminCookie,
      params: made.params,
      json: { status: "canceled" },
    });
    expect(plain.status).toBe(200);
    expect(await orderRow(made.id)).toEqual({ status: "canceled", cancelReason: null, canceledBy: "admin" });
  });

  it("the admin's page cancels only with a reason: without one 400 and nothing changed, the question kept open", async () => {
    const admin = await createTestUser({ roles: ["admin"] });
    const cookie = await sessionCookieFor(admin.id);
    const made = await orderWithCookies("ordered");
    const question = `/admin/manage/orders?change=${made.id}&cancel=1`;
    const page = (await callRoute(adminOrders.loader, question, { cookie })) as { confirmingCancel: boolean };
    expect(page.confirmingCancel).toBe(true);
    const bare = await callRoute(adminOrders.action, question, {
      cookie,
      form: { intent: "status", id: String(made.id), status: "canceled" },
    });
    expect(statusOf(bare)).toBe(400);
    expect(JSON.stringify(bare)).toContain("กรุณาระบุเหตุผลที่ยกเลิก");
    expect(await orderRow(made.id)).toEqual({ status: "ordered", cancelReason: null, canceledBy: null });
    expect(await db().auditEntry.count({ where: { targetId: made.id, action: "order.status_override" } })).toBe(0);

    const done = await callRoute(adminOrders.action, question, {
      cookie,
      form: { intent: "status", id: String(made.id), status: "canceled", reasonChoice: "คำสั่งซื้อซ้ำหรือทดสอบ" },
    });
    expect(locationOf(done)).toBe("/admin/manage/orders");
    expect(await noticeOf(done)).toMatchObject({ type: "success" });
    expect(await orderRow(made.id)).toEqual({
      status: "canceled",
      cancelReason: "คำสั่งซื้อซ้ำหรือทดสอบ",
      canceledBy: "admin",
    });
    const audit = await db().auditEntry.findFirstOrThrow({
      where: { targetId: made.id, action: "order.status_override" },
    });
    expect(audit.changes).toMatchObject({ reason: { to: "คำสั่งซื้อซ้ำหรือทดสอบ" } });
  });

  it("an order nobody accepted in time is canceled by the system, with the reason said", async () => {
    const made = await orderWithCookies("ordered");
    await db().order.update({ where: { id: made.id }, data: { orderedAt: new Date(Date.now() - 30 * 86_400_000) } });
    expect(await expireUnacceptedOrders({ days: 3 })).toContain(made.id);
    expect(await orderRow(made.id)).toEqual({
      status: "canceled",
      cancelReason: "ช่างตัดไม่ได้ตอบรับภายในเวลาที่กำหนด",
      canceledBy: "system",
    });
  });
});
