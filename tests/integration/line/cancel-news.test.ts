import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { expireUnacceptedOrders } from "~/domain/orders/expiry.server";
import * as adminOrders from "~/routes/admin/orders";
import * as apiCancel from "~/routes/orders/api.orders-cancel";
import * as merchantOrder from "~/routes/orders/merchant-order";
import { callJson, callRoute, noticeOf } from "../../support/requests";
import { sessionCookieFor, signedIn } from "../../support/users";
import { makeOrder } from "../orders/support";
import { lineId, startLineMock } from "./support";

/**
 * A canceled order's LINE messages say who canceled it and why (issue 46, decision 107): the
 * buyer, the tailor, an admin, or the shop when nobody accepted in time.
 */

startLineMock();

async function linkedOrder(status: "ordered" | "accepted") {
  const made = await makeOrder({ status });
  for (const person of [made.buyer, made.tailor])
    await db().user.update({ where: { id: person.id }, data: { lineUserId: lineId() } });
  return made;
}

async function cancelTexts(orderId: number) {
  const rows = await db().outboxMessage.findMany({
    where: { event: { orderId, toStatus: "canceled" } },
    orderBy: { recipientId: "asc" },
    select: { recipientId: true, text: true },
  });
  return rows.map((row) => row.text);
}

describe("LINE messages of a canceled order", () => {
  it("the buyer's cancel tells both sides it was the customer, and the reason", async () => {
    const { order, buyer } = await linkedOrder("ordered");
    const answer = await callJson(apiCancel.action, `/api/orders/${order.id}/cancel`, {
      method: "PATCH",
      cookie: await sessionCookieFor(buyer.id),
      params: { id: String(order.id) },
      json: { reason: "ต้องการเปลี่ยนช่าง" },
    });
    expect(answer.status).toBe(200);
    const texts = await cancelTexts(order.id);
    expect(texts).toHaveLength(2);
    for (const text of texts) expect(text).toContain("ลูกค้ายกเลิก · เหตุผล: ต้องการเปลี่ยนช่าง");
  });

  it("the tailor's decline says the tailor and the reason typed", async () => {
    const { order, tailor } = await linkedOrder("ordered");
    const declined = await callRoute(merchantOrder.action, `/merchant/order/${order.id}`, {
      cookie: await sessionCookieFor(tailor.id),
      params: { id: String(order.id) },
      form: { intent: "decline", reasonChoice: "อื่น ๆ", reasonText: "เครื่องจักรเสีย" },
    });
    expect((await noticeOf(declined))?.type).toBe("success");
    const texts = await cancelTexts(order.id);
    expect(texts).toHaveLength(2);
    for (const text of texts) expect(text).toContain("ช่างตัดยกเลิก · เหตุผล: เครื่องจักรเสีย");
  });

  it("an admin's cancel says the admin and the reason; the shop's own says nobody accepted in time", async () => {
    const { order } = await linkedOrder("accepted");
    const admin = await signedIn({ roles: ["admin"] });
    const result = await callRoute(adminOrders.action, "/admin/manage/orders", {
      cookie: admin.cookie,
      form: { intent: "status", id: String(order.id), status: "canceled", reasonChoice: "คำสั่งซื้อซ้ำหรือทดสอบ" },
    });
    expect((await noticeOf(result))?.type).toBe("success");
    for (const text of await cancelTexts(order.id)) expect(text).toContain("ผู้ดูแลระบบยกเลิก · เหตุผล: คำสั่งซื้อซ้ำหรือทดสอบ");

    const expired = await linkedOrder("ordered");
    await db().order.update({
      where: { id: expired.order.id },
      data: { orderedAt: new Date(Date.now() - 8 * 86_400_000) },
    });
    expect(await expireUnacceptedOrders({ days: 7 })).toContain(expired.order.id);
    const texts = await cancelTexts(expired.order.id);
    expect(texts).toHaveLength(2);
    for (const text of texts) expect(text).toContain("ระบบยกเลิกอัตโนมัติ · เหตุผล: ช่างตัดไม่ได้ตอบรับภายในเวลาที่กำหนด");
  });
});
