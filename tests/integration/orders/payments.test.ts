import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { expireUnacceptedOrders } from "~/domain/orders/expiry.server";
import type { PaymentAction } from "~/domain/payments/payment-states";
import { decidePayment, sendSlip } from "~/domain/payments/payments.server";
import { promptPayPayload } from "~/domain/payments/promptpay-qr.server";
import * as apiImages from "~/routes/designer/api.images";
import * as apiOrder from "~/routes/orders/api.order";
import * as apiDelivery from "~/routes/orders/api.order-delivery";
import * as apiPayment from "~/routes/orders/api.order-payment";
import * as apiQr from "~/routes/orders/api.order-payment-qr";
import * as apiSlip from "~/routes/orders/api.order-payment-slip";
import * as merchantOrder from "~/routes/orders/merchant-order";
import * as userProduct from "~/routes/orders/user-product";
import { callJson as api, callRoute, fullNoticeOf, statusOf } from "../../support/requests";
import { createTestUser, sessionCookieFor } from "../../support/users";
import { makeOrder } from "./support";

/**
 * A photo of a slip as a phone sends it: JPEG with EXIF (a camera's note), 400 × 700; a patch of
 * noise makes each one a different picture, as each transfer's slip is (one slip pays once: issue 49).
 */
async function slipPhoto(): Promise<Uint8Array<ArrayBuffer>> {
  const noise = await sharp(randomBytes(64 * 64 * 3), { raw: { width: 64, height: 64, channels: 3 } })
    .png()
    .toBuffer();
  const bytes = await sharp({ create: { width: 400, height: 700, channels: 3, background: "#e8f0ff" } })
    .composite([{ input: noise, top: 0, left: 0 }])
    .jpeg()
    .withExif({ IFD0: { Copyright: "secret-camera-note" } })
    .toBuffer();
  return new Uint8Array(bytes) as Uint8Array<ArrayBuffer>;
}

/** An order its tailor has accepted (through the tailor's own page), the tailor with a PromptPay account. */
async function acceptedOrder(options: { quantity?: number; unitPrice?: number } = {}) {
  const made = await makeOrder({
    status: "ordered",
    quantity: options.quantity ?? 2,
    unitPrice: options.unitPrice ?? 625.5,
  });
  await db().user.update({
    where: { id: made.tailor.id },
    data: { promptpayId: "0812345678", promptpayName: "ร้านผ้าทอทดสอบ" },
  });
  const buyerCookie = await sessionCookieFor(made.buyer.id);
  const tailorCookie = await sessionCookieFor(made.tailor.id);
  const accepted = await callRoute(merchantOrder.action, `/merchant/order/${made.order.id}`, {
    cookie: tailorCookie,
    form: { intent: "accept" },
    params: { id: String(made.order.id) },
  });
  expect(await fullNoticeOf(accepted)).toMatchObject({ type: "success", message: "รับงานสำเร็จ" });
  return { ...made, buyerCookie, tailorCookie, id: made.order.id, params: { id: String(made.order.id) } };
}

async function sendSlipByPage(order: Awaited<ReturnType<typeof acceptedOrder>>) {
  return callRoute(userProduct.action, `/user/product/${order.id}`, {
    cookie: order.buyerCookie,
    form: { intent: "slip", slip: new Blob([await slipPhoto()], { type: "image/jpeg" }) },
    params: order.params,
  });
}

async function tailorStep(order: Awaited<ReturnType<typeof acceptedOrder>>, form: Record<string, string>) {
  return callRoute(merchantOrder.action, `/merchant/order/${order.id}`, {
    cookie: order.tailorCookie,
    form,
    params: order.params,
  });
}

async function paymentRow(orderId: number) {
  return db().orderPayment.findUniqueOrThrow({ where: { orderId } });
}

async function paymentEvents(orderId: number) {
  return db().orderEvent.findMany({
    where: { orderId, kind: "payment" },
    orderBy: { id: "asc" },
    select: { paymentFrom: true, paymentTo: true, note: true, actorRole: true },
  });
}

describe("paying an accepted order by PromptPay", () => {
  it("accept opens the payment for the order's total; the buyer gets the QR for exactly that amount", async () => {
    const order = await acceptedOrder({ quantity: 2, unitPrice: 625.5 });
    expect(await paymentRow(order.id)).toMatchObject({ status: "unpaid" });
    expect(Number((await paymentRow(order.id)).amount)).toBe(1251);

    const payment = await api(apiPayment.loader, `/api/orders/${order.id}/payment`, {
      cookie: order.buyerCookie,
      params: order.params,
    });
    expect(payment).toMatchObject({
      status: 200,
      body: {
        status: "unpaid",
        amount: 1251,
        promptpay: {
          name: "ร้านผ้าทอทดสอบ",
          payload: promptPayPayload("0812345678", 1251),
          qrUrl: `/api/orders/${order.id}/payment/qr.png`,
        },
      },
    });

    // The SVG of issue 21 still answers at its own address (the page and qrUrl show the PNG: payment-qr-png.test.ts).
    const qr = (await callRoute(apiQr.loader, `/api/orders/${order.id}/payment/qr.svg?download=1`, {
      cookie: order.buyerCookie,
      params: order.params,
    })) as Response;
    expect(qr.status).toBe(200);
    expect(qr.headers.get("Content-Type")).toContain("image/svg+xml");
    expect(qr.headers.get("Content-Disposition")).toBe(`attachment; filename="promptpay-order-${order.id}.svg"`);

    // The order detail calls carry the payment too.
    const detail = await api(apiOrder.loader, `/api/orders/${order.id}`, {
      cookie: order.buyerCookie,
      params: order.params,
    });
    expect(detail.body).toMatchObject({ payment: { status: "unpaid", amount: 1251 }, delivery: null });
  });

  it("slip → confirm: the slip is private and clean, each step is an event, a second confirmation changes nothing", async () => {
    const order = await acceptedOrder();
    const sent = await sendSlipByPage(order);
    expect(await fullNoticeOf(sent)).toMatchObject({ type: "success", message: "ส่งสลิปเรียบร้อยแล้ว รอช่างตัดตรวจสอบ" });
    const afterSlip = await paymentRow(order.id);
    expect(afterSlip.status).toBe("slip_sent");

    // Stored re-encoded, without the camera's EXIF, and never served by the public image call.
    const image = await db().storedImage.findUniqueOrThrow({ where: { id: afterSlip.slipImageId! } });
    expect(image.private).toBe(true);
    expect((await sharp(Buffer.from(image.bytes)).metadata()).exif).toBeUndefined();
    const publicCall = (await callRoute(apiImages.loader, `/api/images/${image.id}`, {
      params: { id: String(image.id) },
    })) as Response;
    expect(publicCall.status).toBe(404);

    // The buyer and the tailor see it; another customer, another tailor and a visitor do not.
    const slipPath = `/api/orders/${order.id}/payment/slip`;
    const asBuyer = (await callRoute(apiSlip.loader, slipPath, {
      cookie: order.buyerCookie,
      params: order.params,
    })) as Response;
    expect(asBuyer.status).toBe(200);
    expect(asBuyer.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await api(apiSlip.loader, slipPath, { cookie: order.tailorCookie, params: order.params })).status).toBe(
      200,
    );
    const stranger = await sessionCookieFor((await createTestUser()).id);
    expect(await api(apiSlip.loader, slipPath, { cookie: stranger, params: order.params })).toEqual({
      status: 403,
      body: { error: "คุณไม่มีสิทธิ์ดูคำสั่งซื้อนี้" },
    });
    expect((await api(apiSlip.loader, slipPath, { params: order.params })).status).toBe(401);

    const confirmed = await tailorStep(order, { intent: "payment-confirm" });
    expect(await fullNoticeOf(confirmed)).toMatchObject({ type: "success", message: "ยืนยันการชำระเงินเรียบร้อยแล้ว" });
    expect(await paymentRow(order.id)).toMatchObject({ status: "paid", method: "promptpay" });

    const again = await api(apiPayment.action, `/api/orders/${order.id}/payment`, {
      method: "PATCH",
      cookie: order.tailorCookie,
      json: { action: "confirm" },
      params: order.params,
    });
    expect(again).toEqual({ status: 409, body: { error: "สถานะการชำระเงินเปลี่ยนไปแล้ว กรุณาโหลดหน้าใหม่" } });
    expect(await paymentEvents(order.id)).toEqual([
      { paymentFrom: "unpaid", paymentTo: "slip_sent", note: null, actorRole: "user" },
      { paymentFrom: "slip_sent", paymentTo: "paid", note: null, actorRole: "merchant" },
    ]);
    // Paid: no more slips.
    const late = await api(apiSlip.action, slipPath, {
      cookie: order.buyerCookie,
      json: { image: `data:image/jpeg;base64,${Buffer.from(await slipPhoto()).toString("base64")}` },
      params: order.params,
    });
    expect(late).toEqual({ status: 409, body: { error: "คำสั่งซื้อนี้ไม่ต้องส่งสลิปแล้ว" } });
  });

  it("the tailor asks for the slip again with a reason; without one the form says so and nothing changes", async () => {
    const order = await acceptedOrder();
    await sendSlipByPage(order);
    const noReason = await tailorStep(order, { intent: "payment-reject", reason: "   " });
    expect(statusOf(noReason)).toBe(400);
    expect(JSON.stringify(noReason)).toContain("กรุณาระบุเหตุผลที่ขอสลิปใหม่");
    expect((await paymentRow(order.id)).status).toBe("slip_sent");

    const rejected = await tailorStep(order, { intent: "payment-reject", reason: "ยอดเงินไม่ตรง" });
    expect(await fullNoticeOf(rejected)).toMatchObject({ type: "success", message: "แจ้งลูกค้าให้ส่งสลิปใหม่แล้ว" });
    expect(await paymentRow(order.id)).toMatchObject({ status: "unpaid", rejectReason: "ยอดเงินไม่ตรง" });
    expect((await paymentEvents(order.id)).at(-1)).toEqual({
      paymentFrom: "slip_sent",
      paymentTo: "unpaid",
      note: "ยอดเงินไม่ตรง",
      actorRole: "merchant",
    });

    // The buyer sends a new one through the JSON call: the reason is cleared, and the picture of
    // the slip asked again for is not kept beside the new one (a buyer's bank details, seen nowhere).
    const firstPicture = (await paymentRow(order.id)).slipImageId!;
    expect(await db().storedImage.count({ where: { id: firstPicture } })).toBe(1);
    const resent = await api(apiSlip.action, `/api/orders/${order.id}/payment/slip`, {
      cookie: order.buyerCookie,
      json: { image: `data:image/jpeg;base64,${Buffer.from(await slipPhoto()).toString("base64")}` },
      params: order.params,
    });
    expect(resent).toMatchObject({ status: 200, body: { status: "slip_sent" } });
    expect(await paymentRow(order.id)).toMatchObject({ status: "slip_sent", rejectReason: null });
    const secondPicture = (await paymentRow(order.id)).slipImageId!;
    expect(secondPicture).not.toBe(firstPicture);
    expect(await db().storedImage.count({ where: { id: { in: [firstPicture, secondPicture] } } })).toBe(1);
    expect(await db().storedImage.count({ where: { id: secondPicture } })).toBe(1);
  });

  it("cash without a slip; a cancel after payment owes a refund, which the tailor then records", async () => {
    const order = await acceptedOrder();
    const cash = await api(apiPayment.action, `/api/orders/${order.id}/payment`, {
      method: "PATCH",
      cookie: order.tailorCookie,
      json: { action: "cash" },
      params: order.params,
    });
    expect(cash).toMatchObject({ status: 200, body: { status: "paid" } });
    expect(await paymentRow(order.id)).toMatchObject({ status: "paid", method: "cash" });

    await tailorStep(order, { intent: "cancel", reasonChoice: "คิวงานเต็ม" });
    expect(await paymentRow(order.id)).toMatchObject({ status: "refund_due" });
    const refunded = await tailorStep(order, { intent: "payment-refunded" });
    expect(await fullNoticeOf(refunded)).toMatchObject({ message: "บันทึกการคืนเงินเรียบร้อยแล้ว" });
    expect((await paymentRow(order.id)).refundedAt).toBeInstanceOf(Date);
    expect((await paymentEvents(order.id)).map((event) => event.paymentTo)).toEqual(["paid", "refund_due", "refunded"]);
  });

  it("an unpaid order canceled owes nothing; a slip confirmed after a cancel is owed back", async () => {
    const unpaid = await acceptedOrder();
    await tailorStep(unpaid, { intent: "cancel", reasonChoice: "คิวงานเต็ม" });
    expect((await paymentRow(unpaid.id)).status).toBe("unpaid");

    const slipped = await acceptedOrder();
    await sendSlipByPage(slipped);
    await tailorStep(slipped, { intent: "cancel", reasonChoice: "คิวงานเต็ม" });
    expect((await paymentRow(slipped.id)).status).toBe("slip_sent");
    await tailorStep(slipped, { intent: "payment-confirm" });
    expect((await paymentRow(slipped.id)).status).toBe("refund_due");
  });

  it("two confirmations at once change the payment once", async () => {
    const order = await acceptedOrder();
    await sendSlipByPage(order);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        api(apiPayment.action, `/api/orders/${order.id}/payment`, {
          method: "PATCH",
          cookie: order.tailorCookie,
          json: { action: "confirm" },
          params: order.params,
        }),
      ),
    );
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    expect(results.filter((result) => result.status === 409)).toHaveLength(5);
    expect((await paymentEvents(order.id)).filter((event) => event.paymentTo === "paid")).toHaveLength(1);
  });

  it("steps racing on one payment leave a true timeline: each starts where the one before ended", async () => {
    // Every pair of the tailor's steps from a waiting slip, and the buyer's new slip against a
    // request for one: 20 at once, half each. Whatever wins, each payment event starts from the
    // state the event before it left (an event read from a stale state would break the chain).
    type Step = PaymentAction | "slip";
    const pairs: [Step, Step][] = [
      ["confirm", "reject"],
      ["confirm", "cash"],
      ["reject", "cash"],
      ["confirm", "confirm"],
      ["reject", "reject"],
      ["cash", "cash"],
      ["slip", "reject"],
    ];
    const photo = await slipPhoto();
    for (const [first, second] of pairs) {
      const order = await acceptedOrder();
      await sendSlipByPage(order);
      const take = (step: Step) =>
        step === "slip"
          ? sendSlip({ orderId: order.id, buyerId: order.buyer.id, photo })
          : decidePayment({ orderId: order.id, tailorId: order.tailor.id, action: step, reason: "ยอดเงินไม่ตรง" });
      const results = await Promise.allSettled(Array.from({ length: 20 }, (_, at) => take(at % 2 ? second : first)));
      const events = await paymentEvents(order.id);
      expect(events[0], `${first} × ${second}`).toMatchObject({ paymentFrom: "unpaid", paymentTo: "slip_sent" });
      for (let at = 1; at < events.length; at++)
        expect(events[at]!.paymentFrom, `${first} × ${second}, step ${at}`).toBe(events[at - 1]!.paymentTo);
      expect((await paymentRow(order.id)).status).toBe(events.at(-1)!.paymentTo);
      // One event per step that succeeded; the others were refused as a conflict, not a fault.
      expect(events.length - 1).toBe(results.filter((result) => result.status === "fulfilled").length);
      for (const result of results)
        if (result.status === "rejected") expect(result.reason).toMatchObject({ kind: "conflict" });
    }
  }, 120_000);

  it("only the order's own people: the buyer cannot confirm, another tailor cannot, the tailor cannot send a slip", async () => {
    const order = await acceptedOrder();
    const path = `/api/orders/${order.id}/payment`;
    const json = { action: "cash" };
    expect(
      await api(apiPayment.action, path, { method: "PATCH", cookie: order.buyerCookie, json, params: order.params }),
    ).toEqual({
      status: 403,
      body: { error: "คุณไม่มีสิทธิ์ดูคำสั่งซื้อนี้" },
    });
    const otherTailor = await sessionCookieFor((await createTestUser({ roles: ["merchant"] })).id);
    expect(
      (await api(apiPayment.action, path, { method: "PATCH", cookie: otherTailor, json, params: order.params })).status,
    ).toBe(403);
    expect((await api(apiPayment.loader, path, { cookie: otherTailor, params: order.params })).status).toBe(403);
    const slip = `/api/orders/${order.id}/payment/slip`;
    expect(
      (await api(apiSlip.action, slip, { cookie: order.tailorCookie, json: { image: "x" }, params: order.params }))
        .status,
    ).toBe(403);
    expect(
      await api(apiPayment.action, path, {
        method: "PATCH",
        cookie: order.tailorCookie,
        json: { action: "steal" },
        params: order.params,
      }),
    ).toEqual({
      status: 400,
      body: { error: "ไม่รู้จักคำสั่งนี้" },
    });
    expect((await paymentRow(order.id)).status).toBe("unpaid");
  });

  it("an order not yet accepted has no payment yet (409), and no slip can be sent", async () => {
    const { order, buyer } = await makeOrder({ status: "ordered" });
    const cookie = await sessionCookieFor(buyer.id);
    const params = { id: String(order.id) };
    expect(await api(apiPayment.loader, `/api/orders/${order.id}/payment`, { cookie, params })).toEqual({
      status: 409,
      body: { error: "ชำระเงินได้หลังจากช่างรับงานแล้ว" },
    });
    const sent = await callRoute(userProduct.action, `/user/product/${order.id}`, {
      cookie,
      form: { intent: "slip", slip: new Blob([await slipPhoto()], { type: "image/jpeg" }) },
      params,
    });
    // Refused: the page answers with the reason beside the slip form (it stays; the notice says it too).
    expect(statusOf(sent)).toBe(409);
    expect((sent as { data: unknown }).data).toEqual({ form: "slip", error: "ชำระเงินได้หลังจากช่างรับงานแล้ว" });
  });

  it("a slip that is not a photo is refused and nothing is stored", async () => {
    const order = await acceptedOrder();
    const before = await db().storedImage.count();
    const sent = await callRoute(userProduct.action, `/user/product/${order.id}`, {
      cookie: order.buyerCookie,
      form: { intent: "slip", slip: new Blob(["%PDF-1.4 not a photo"], { type: "image/jpeg" }) },
      params: order.params,
    });
    expect(statusOf(sent)).toBe(400);
    expect((sent as { data: unknown }).data).toEqual({ form: "slip", error: "รองรับเฉพาะรูปภาพ JPEG, PNG หรือ WebP" });
    expect(await db().storedImage.count()).toBe(before);
    expect((await paymentRow(order.id)).status).toBe("unpaid");
  });
});

describe("delivery", () => {
  it("a carrier with a checked tracking number; the buyer sees it with the carrier's tracking link", async () => {
    const order = await acceptedOrder();
    const path = `/api/orders/${order.id}/delivery`;
    const wrongDigit = await api(apiDelivery.action, path, {
      method: "PUT",
      cookie: order.tailorCookie,
      json: { method: "carrier", carrier: "thailand_post", trackingNumber: "EF123456789TH" },
      params: order.params,
    });
    expect(wrongDigit).toEqual({
      status: 400,
      body: { error: "เลขพัสดุไปรษณีย์ไทยไม่ถูกต้อง (ตัวเลขตรวจสอบไม่ตรง) กรุณาตรวจสอบอีกครั้ง" },
    });
    const noCarrier = await api(apiDelivery.action, path, {
      method: "PUT",
      cookie: order.tailorCookie,
      json: { method: "carrier", trackingNumber: "ABC12345678" },
      params: order.params,
    });
    expect(noCarrier).toEqual({ status: 400, body: { error: "กรุณาเลือกบริษัทขนส่ง" } });
    expect(await db().orderDelivery.count({ where: { orderId: order.id } })).toBe(0);

    // Typed as people do: lower case, with spaces.
    const saved = await tailorStep(order, {
      intent: "delivery",
      method: "carrier",
      carrier: "thailand_post",
      trackingNumber: "ef 1234 5678 5 th",
    });
    expect(await fullNoticeOf(saved)).toMatchObject({ type: "success", message: "บันทึกการจัดส่งเรียบร้อยแล้ว" });
    const detail = await api(apiOrder.loader, `/api/orders/${order.id}`, {
      cookie: order.buyerCookie,
      params: order.params,
    });
    expect(detail.body.delivery).toMatchObject({
      method: "carrier",
      carrier: "thailand_post",
      trackingNumber: "EF123456785TH",
      trackingUrl: "https://track.thailandpost.co.th/?trackNumber=EF123456785TH",
      text: "ไปรษณีย์ไทย เลขพัสดุ EF123456785TH",
    });

    const pickup = await api(apiDelivery.action, path, {
      method: "PUT",
      cookie: order.tailorCookie,
      json: { method: "pickup" },
      params: order.params,
    });
    expect(pickup).toMatchObject({ status: 200, body: { delivery: { method: "pickup", trackingUrl: null } } });
    const events = await db().orderEvent.findMany({
      where: { orderId: order.id, kind: "delivery" },
      orderBy: { id: "asc" },
    });
    expect(events.map((event) => event.note)).toEqual(["ไปรษณีย์ไทย เลขพัสดุ EF123456785TH", "รับเสื้อเองที่ร้านช่างตัด"]);
  });

  it("only the order's tailor, and only once it is taken", async () => {
    const { order, buyer, tailor } = await makeOrder({ status: "ordered" });
    const params = { id: String(order.id) };
    const json = { method: "pickup" };
    const path = `/api/orders/${order.id}/delivery`;
    const tailorCookie = await sessionCookieFor(tailor.id);
    expect(await api(apiDelivery.action, path, { method: "PUT", cookie: tailorCookie, json, params })).toEqual({
      status: 409,
      body: { error: "บันทึกการจัดส่งได้เมื่อช่างรับงานแล้ว" },
    });
    const buyerCookie = await sessionCookieFor(buyer.id);
    expect((await api(apiDelivery.action, path, { method: "PUT", cookie: buyerCookie, json, params })).status).toBe(
      403,
    );
    const other = await sessionCookieFor((await createTestUser({ roles: ["merchant"] })).id);
    await db().order.update({ where: { id: order.id }, data: { status: "accepted" } });
    expect((await api(apiDelivery.action, path, { method: "PUT", cookie: other, json, params })).status).toBe(403);
    expect(await db().orderDelivery.count({ where: { orderId: order.id } })).toBe(0);
  });
});

describe("orders nobody accepts in time", () => {
  const day = 24 * 60 * 60 * 1000;

  it("are canceled by the shop itself after ORDER_ACCEPT_DAYS, once, however many sweeps run at once", async () => {
    const old = await makeOrder({ status: "ordered" });
    const fresh = await makeOrder({ status: "ordered" });
    const now = new Date();
    await db().order.update({
      where: { id: old.order.id },
      data: { orderedAt: new Date(now.getTime() - 7 * day - 60_000) },
    });
    await db().order.update({ where: { id: fresh.order.id }, data: { orderedAt: new Date(now.getTime() - 6 * day) } });

    const sweeps = await Promise.all(Array.from({ length: 4 }, () => expireUnacceptedOrders({ now, days: 7 })));
    expect(sweeps.flat().filter((id) => id === old.order.id)).toHaveLength(1);
    expect(sweeps.flat()).not.toContain(fresh.order.id);

    const events = await db().orderEvent.findMany({ where: { orderId: old.order.id } });
    expect(events).toEqual([
      expect.objectContaining({ fromStatus: "ordered", toStatus: "canceled", actorId: null, actorRole: "system" }),
    ]);
    expect((await db().order.findUniqueOrThrow({ where: { id: fresh.order.id } })).status).toBe("ordered");

    // A day later (time moved forward), the second one goes too; with 0 days nothing ever does.
    expect(await expireUnacceptedOrders({ now: new Date(now.getTime() + day), days: 0 })).toEqual([]);
    expect(await expireUnacceptedOrders({ now: new Date(now.getTime() + day), days: 7 })).toContain(fresh.order.id);
  });

  it("the tailor's page shows the deadline of an order waiting for them", async () => {
    const { order, tailor } = await makeOrder({ status: "ordered" });
    const page = (await callRoute(merchantOrder.loader, `/merchant/order/${order.id}`, {
      cookie: await sessionCookieFor(tailor.id),
      params: { id: String(order.id) },
    })) as { deadline: Date | null };
    expect(page.deadline?.getTime()).toBe(order.orderedAt!.getTime() + 7 * day);
  });
});
