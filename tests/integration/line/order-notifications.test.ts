import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { deliverDueMessages } from "~/domain/notifications/delivery.server";
import { expireUnacceptedOrders } from "~/domain/orders/expiry.server";
import { action as adminOrders } from "~/routes/admin/orders";
import { action as cart } from "~/routes/orders/cart";
import { action as merchantOrder } from "~/routes/orders/merchant-order";
import { action as userProduct } from "~/routes/orders/user-product";
import { callRoute, locationOf, noticeOf, refusalOf } from "../../support/requests";
import { sessionCookieFor, signedIn } from "../../support/users";
import { makeOrder } from "../orders/support";
import { lineId, startLineMock } from "./support";

const mock = startLineMock();

async function linked<T extends { id: number }>(user: T): Promise<T & { lineUserId: string }> {
  const lineUserId = lineId();
  await db().user.update({ where: { id: user.id }, data: { lineUserId } });
  return { ...user, lineUserId };
}

async function outboxOfOrder(orderId: number) {
  return db().outboxMessage.findMany({
    where: { event: { orderId } },
    orderBy: [{ eventId: "asc" }, { recipientId: "asc" }],
    include: { event: true },
  });
}

describe("order actions queue LINE messages in the same transaction", () => {
  it("placing an order writes one message per linked recipient for each placed item", async () => {
    const { order, buyer, tailor } = await makeOrder({ status: "cart" });
    await linked(buyer);
    await linked(tailor);
    const cookie = await sessionCookieFor(buyer.id);
    const placed = await callRoute(cart, "/cart", {
      cookie,
      form: { intent: "place", item: `${order.id}:${order.updatedAt.toISOString()}` },
    });
    expect(await noticeOf(placed)).toEqual({ type: "success", message: "สั่งตัดเสื้อเรียบร้อยแล้ว" });
    const rows = await outboxOfOrder(order.id);
    expect(rows.map((row) => [row.recipientId, row.event?.toStatus, row.status])).toEqual([
      [buyer.id, "ordered", "pending"],
      [tailor.id, "ordered", "pending"],
    ]);
    expect(rows[1]!.text).toContain("มีคำสั่งซื้อใหม่รอคุณรับงาน");
  });

  it("the tailor's accept succeeds at once while LINE is down; the messages go out once LINE is back", async () => {
    const { order, buyer, tailor } = await makeOrder({ status: "ordered" });
    const customer = await linked(buyer);
    await linked(tailor);
    mock.state.pushFailure = "timeout";
    const cookie = await sessionCookieFor(tailor.id);
    const started = Date.now();
    const accepted = await callRoute(merchantOrder, `/merchant/order/${order.id}`, {
      cookie,
      form: { intent: "accept" },
      params: { id: String(order.id) },
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await noticeOf(accepted)).toEqual({ type: "success", message: "รับงานสำเร็จ" });
    expect((await db().order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("accepted");
    expect((await outboxOfOrder(order.id)).map((row) => row.recipientId)).toEqual([buyer.id, tailor.id]);

    // LINE still down: the worker tries, times out, and keeps the messages.
    expect(await deliverDueMessages({ pushTimeoutMs: 150 })).toEqual({ sent: 0, retrying: 2, failed: 0 });
    mock.state.pushFailure = "none";
    expect((await deliverDueMessages({ now: new Date(Date.now() + 60_000) })).sent).toBe(2);
    const toCustomer = mock.pushes.find((push) => push.to === customer.lineUserId);
    expect(toCustomer?.text).toContain(`คำสั่งซื้อ #${order.id}`);
    expect(toCustomer?.text).toContain("สถานะ: กำลังตัดเย็บ");
    expect(toCustomer?.text).toContain(`http://shop.test/user/product/${order.id}`);
  });

  it("an admin's override tells both sides; a refused move (stale page) queues nothing", async () => {
    const { order, buyer, tailor } = await makeOrder({ status: "accepted" });
    await linked(buyer);
    await linked(tailor);
    const admin = await signedIn({ roles: ["admin"] });
    const result = await callRoute(adminOrders, "/admin/manage/orders", {
      cookie: admin.cookie,
      form: { intent: "status", id: String(order.id), status: "canceled", reasonChoice: "ลูกค้าขอยกเลิก" },
    });
    expect((await noticeOf(result))?.type).toBe("success");
    const rows = await outboxOfOrder(order.id);
    expect(rows.map((row) => [row.recipientId, row.event?.toStatus])).toEqual([
      [buyer.id, "canceled"],
      [tailor.id, "canceled"],
    ]);
    expect(rows[0]!.text).toContain("สถานะ: ยกเลิกแล้ว");

    const cookie = await sessionCookieFor(tailor.id);
    const stale = await callRoute(merchantOrder, `/merchant/order/${order.id}`, {
      cookie,
      form: { intent: "complete" },
      params: { id: String(order.id) },
    });
    expect(refusalOf(stale)?.status).toBe(409);
    expect(await db().outboxMessage.count({ where: { event: { orderId: order.id } } })).toBe(2);
  });

  it("without LINE settings the order actions work exactly as before and queue nothing", async () => {
    for (const key of [
      "LINE_LOGIN_CHANNEL_ID",
      "LINE_LOGIN_CHANNEL_SECRET",
      "LINE_MESSAGING_ACCESS_TOKEN",
      "PUBLIC_BASE_URL",
    ])
      delete process.env[key];
    const { order, buyer, tailor } = await makeOrder({ status: "ordered" });
    await linked(buyer);
    await linked(tailor);
    const cookie = await sessionCookieFor(tailor.id);
    const accepted = await callRoute(merchantOrder, `/merchant/order/${order.id}`, {
      cookie,
      form: { intent: "accept" },
      params: { id: String(order.id) },
    });
    expect(locationOf(accepted)).toBe(`/merchant/order/${order.id}`);
    expect(await noticeOf(accepted)).toEqual({ type: "success", message: "รับงานสำเร็จ" });
    expect(await db().outboxMessage.count()).toBe(0);
    expect(await deliverDueMessages()).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });
});

describe("payment, delivery and expiry messages", () => {
  async function newsOf(orderId: number, kind: "payment" | "delivery" | "status") {
    return (await outboxOfOrder(orderId))
      .filter((row) => row.event?.kind === kind)
      .map((row) => ({ to: row.recipientId, text: row.text }));
  }

  it("a slip tells the tailor; asking again, confirming and a refund tell the buyer; a delivery tells the buyer with its tracking link", async () => {
    const { order, buyer, tailor } = await makeOrder({ status: "ordered" });
    await linked(buyer);
    await linked(tailor);
    const params = { id: String(order.id) };
    const tailorCookie = await sessionCookieFor(tailor.id);
    const asTailor = (form: Record<string, string>) =>
      callRoute(merchantOrder, `/merchant/order/${order.id}`, { cookie: tailorCookie, form, params });
    await asTailor({ intent: "accept" });
    const photo = await sharp({ create: { width: 200, height: 300, channels: 3, background: "#fff" } })
      .jpeg()
      .toBuffer();
    await callRoute(userProduct, `/user/product/${order.id}`, {
      cookie: await sessionCookieFor(buyer.id),
      form: { intent: "slip", slip: new Blob([new Uint8Array(photo)], { type: "image/jpeg" }) },
      params,
    });
    await asTailor({ intent: "payment-reject", reason: "สลิปไม่ชัด" });
    await asTailor({ intent: "payment-cash" });
    await asTailor({ intent: "delivery", method: "carrier", carrier: "flash", trackingNumber: "TH01234567890" });
    await asTailor({ intent: "cancel", reasonChoice: "คิวงานเต็ม" });

    const payments = await newsOf(order.id, "payment");
    expect(payments.map((message) => message.to)).toEqual([tailor.id, buyer.id, buyer.id, buyer.id, tailor.id]);
    expect(payments[0]!.text).toContain("ลูกค้าส่งสลิปโอนเงินแล้ว");
    expect(payments[0]!.text).toContain(`http://shop.test/merchant/order/${order.id}`);
    expect(payments[1]!.text).toContain("หมายเหตุ: สลิปไม่ชัด");
    expect(payments[2]!.text).toContain("ช่างตัดยืนยันได้รับเงินของคุณแล้ว");
    expect(payments[3]!.text).toContain("ช่างตัดจะคืนเงินให้คุณ");
    expect(payments[4]!.text).toContain("กรุณาคืนเงินให้ลูกค้า");
    const deliveries = await newsOf(order.id, "delivery");
    expect(deliveries).toEqual([
      {
        to: buyer.id,
        text: expect.stringContaining(
          "ติดตามพัสดุ: https://www.flashexpress.co.th/fle/tracking?se=TH01234567890",
        ) as string,
      },
    ]);
  });

  it("an order nobody accepted in time: both sides are told it is canceled", async () => {
    const { order, buyer, tailor } = await makeOrder({ status: "ordered" });
    await linked(buyer);
    await linked(tailor);
    await db().order.update({ where: { id: order.id }, data: { orderedAt: new Date(Date.now() - 8 * 86_400_000) } });
    expect(await expireUnacceptedOrders({ days: 7 })).toContain(order.id);
    const news = await newsOf(order.id, "status");
    expect(news.map((message) => message.to)).toEqual([buyer.id, tailor.id]);
    expect(news[0]!.text).toContain("สถานะ: ยกเลิกแล้ว");
  });
});
