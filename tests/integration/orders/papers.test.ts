import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import * as label from "~/routes/orders/merchant-order-label";
import * as receipt from "~/routes/orders/user-product-receipt";
import { callRoute } from "../../support/requests";
import { slipBlob } from "../../support/slips";
import { createTestUser, sessionCookieFor } from "../../support/users";
import { acceptedOrder, type PayableOrder, pageAnswer, sendSlipFile, tailorPaymentStep } from "./payment-support";

/**
 * The order's papers (issue 49): the buyer's receipt once paid, with the total in Thai words; the
 * tailor's parcel label with the buyer's address and phone and the order number as a barcode. Each
 * only for its own people.
 */

const openReceipt = (order: PayableOrder, cookie = order.buyerCookie) =>
  pageAnswer(() => callRoute(receipt.loader, `/user/product/${order.id}/receipt`, { cookie, params: order.params }));
const openLabel = (order: PayableOrder, cookie = order.tailorCookie, query = "") =>
  pageAnswer(() =>
    callRoute(label.loader, `/merchant/order/${order.id}/label${query}`, { cookie, params: order.params }),
  );

describe("the receipt", () => {
  it("a paid order's receipt: shop, buyer, item, total in figures and in Thai words, payment date", async () => {
    const order = await acceptedOrder({ unitPrice: 750 });
    await db().user.update({
      where: { id: order.tailor.id },
      data: { shopName: "ร้านผ้าทอบ้านนา", address: "12 หมู่ 3 ต.นาข่า อ.เมือง จ.อุดรธานี" },
    });
    await db().order.update({ where: { id: order.id }, data: { deliveryAddress: "99 ถ.มิตรภาพ ขอนแก่น 40000" } });
    // Before the tailor confirms: no receipt yet.
    expect(await openReceipt(order)).toEqual({
      status: 409,
      data: "ใบเสร็จรับเงินจะออกได้เมื่อช่างตัดยืนยันการชำระเงินครบแล้ว",
    });
    expect((await sendSlipFile(order, await slipBlob(null))).status).toBe(200);
    expect((await openReceipt(order)).status).toBe(409);
    expect((await tailorPaymentStep(order, "confirm")).status).toBe(200);

    const answer = await openReceipt(order);
    expect(answer.status).toBe(200);
    const { receipt: paper } = answer.data as { receipt: Record<string, unknown> };
    expect(paper).toMatchObject({
      orderId: order.id,
      method: "promptpay",
      seller: { name: "ร้านผ้าทอบ้านนา", address: "12 หมู่ 3 ต.นาข่า อ.เมือง จ.อุดรธานี" },
      buyer: { address: "99 ถ.มิตรภาพ ขอนแก่น 40000" },
      item: { name: "เสื้อทดสอบ", quantity: 1, amount: 750 },
      total: 750,
      totalWords: "เจ็ดร้อยห้าสิบบาทถ้วน",
    });
    expect(paper.paidAt).toBeInstanceOf(Date);
  });

  it("someone else's order: 404 for another customer and for the order's tailor", async () => {
    const order = await acceptedOrder();
    expect((await tailorPaymentStep(order, "cash")).status).toBe(200);
    expect((await openReceipt(order)).status).toBe(200);
    const stranger = await sessionCookieFor((await createTestUser()).id);
    expect((await openReceipt(order, stranger)).status).toBe(404);
    expect((await openReceipt(order, order.tailorCookie)).status).toBe(403);
  });
});

describe("the parcel label", () => {
  it("carries the sender, the recipient's address and phone, and the order number as an SVG barcode", async () => {
    const order = await acceptedOrder();
    await db().user.update({ where: { id: order.tailor.id }, data: { shopName: "ร้านผ้าทอบ้านนา", phone: "0891112222" } });
    await db().user.update({ where: { id: order.buyer.id }, data: { phone: "0812223333" } });
    await db().order.update({ where: { id: order.id }, data: { deliveryAddress: "99 ถ.มิตรภาพ ขอนแก่น 40000" } });
    const answer = await openLabel(order);
    expect(answer.status).toBe(200);
    const { labels, paper } = answer.data as { paper: string; labels: Record<string, unknown>[] };
    expect(paper).toBe("a6");
    expect(labels).toHaveLength(1);
    expect(labels[0]).toMatchObject({
      orderId: order.id,
      code: `ORDER-${String(order.id).padStart(6, "0")}`,
      sender: { name: "ร้านผ้าทอบ้านนา", phone: "0891112222" },
      recipient: { address: "99 ถ.มิตรภาพ ขอนแก่น 40000", phone: "0812223333" },
      cashOnDelivery: null,
    });
    expect(labels[0]!.barcode).toMatch(/^<svg[^>]*viewBox/);
  });

  it("four to an A4 page: this order and others of the same tailor; another tailor's order is refused", async () => {
    const first = await acceptedOrder();
    const second = await acceptedOrder({ tailor: first.tailor });
    const a4 = await openLabel(first, first.tailorCookie, `?paper=a4&with=${second.id}`);
    expect(a4.status).toBe(200);
    expect((a4.data as { labels: { orderId: number }[] }).labels.map((one) => one.orderId)).toEqual([
      first.id,
      second.id,
    ]);
    const foreign = await acceptedOrder();
    expect((await openLabel(first, first.tailorCookie, `?paper=a4&with=${foreign.id}`)).status).toBe(404);
    // Another tailor, and the buyer: not theirs.
    expect((await openLabel(first, foreign.tailorCookie)).status).toBe(404);
    expect((await openLabel(first, first.buyerCookie)).status).toBe(403);
  });

  it("not before the tailor has taken the order, nor once canceled (409)", async () => {
    const order = await acceptedOrder();
    await db().order.update({ where: { id: order.id }, data: { status: "canceled" } });
    expect(await openLabel(order)).toEqual({
      status: 409,
      data: "พิมพ์ใบปะหน้าพัสดุได้เมื่อรับงานแล้ว และคำสั่งซื้อยังไม่ถูกยกเลิก",
    });
  });
});
