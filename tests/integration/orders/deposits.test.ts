import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { promptPayPayload } from "~/domain/payments/promptpay-qr.server";
import * as apiMyOrders from "~/routes/orders/api.my-orders";
import * as apiDelivery from "~/routes/orders/api.order-delivery";
import * as apiSlip from "~/routes/orders/api.order-payment-slip";
import * as apiCancel from "~/routes/orders/api.orders-cancel";
import * as label from "~/routes/orders/merchant-order-label";
import * as receipt from "~/routes/orders/user-product-receipt";
import * as apiPricing from "~/routes/tailor/api.merchants-pricing";
import * as pricingPage from "~/routes/tailor/pricing";
import { callJson as api, callRoute, fullNoticeOf, statusOf } from "../../support/requests";
import { slipBlob } from "../../support/slips";
import { createTestUser, sessionCookieFor } from "../../support/users";
import {
  acceptedOrder,
  type PayableOrder,
  pageAnswer,
  paymentOf,
  sendSlipFile,
  tailorPaymentStep,
} from "./payment-support";

/**
 * Deposits (issue 49): a tailor asks 0, 30 or 50 percent first (the pricing page and PATCH
 * /api/merchants/pricing); the buyer pays the deposit (the QR for that amount, rounded up to the
 * baht), the tailor confirms and sews, the balance comes by a second slip before the parcel goes,
 * or on delivery when the tailor allows it; a cancel after the deposit owes back the deposit.
 */

const ship = (order: PayableOrder) =>
  api(apiDelivery.action, `/api/orders/${order.id}/delivery`, {
    method: "PUT",
    cookie: order.tailorCookie,
    json: { method: "carrier", carrier: "thailand_post", trackingNumber: "EF123456785TH" },
    params: order.params,
  });

/** An order of 801 baht taken by a tailor asking this deposit. */
function depositOrder(depositPercent: number, cashOnDelivery = false) {
  return acceptedOrder({
    unitPrice: 801,
    setup: async (tailorId) => {
      await db().user.update({ where: { id: tailorId }, data: { depositPercent, cashOnDelivery } });
    },
  });
}

describe("the tailor's deposit terms", () => {
  it("PATCH /api/merchants/pricing sets depositPercent and cashOnDelivery; 40 percent is refused, nothing saved", async () => {
    const tailor = await createTestUser({ roles: ["merchant"] });
    const cookie = await sessionCookieFor(tailor.id);
    const patch = (json: unknown) =>
      api(apiPricing.action, "/api/merchants/pricing", { method: "PATCH", cookie, json });
    const saved = await patch({ depositPercent: 50, cashOnDelivery: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ depositPercent: 50, cashOnDelivery: true });
    const refused = await patch({ depositPercent: 40 });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("เงินมัดจำต้องเป็น 0, 30 หรือ 50 เปอร์เซ็นต์");
    const read = await api(apiPricing.loader, "/api/merchants/pricing", { cookie });
    expect(read.body).toMatchObject({ depositPercent: 50, cashOnDelivery: true });
  });

  it("the pricing page's deposit form saves the choice, and refuses another value beside the form", async () => {
    const tailor = await createTestUser({ roles: ["merchant"] });
    const cookie = await sessionCookieFor(tailor.id);
    const saved = await callRoute(pricingPage.action, "/merchant/pricing", {
      cookie,
      form: { intent: "deposit", depositPercent: "30", cashOnDelivery: "on" },
    });
    expect(await fullNoticeOf(saved)).toMatchObject({ type: "success", message: "บันทึกเงื่อนไขการมัดจำเรียบร้อยแล้ว" });
    expect(await db().user.findUniqueOrThrow({ where: { id: tailor.id } })).toMatchObject({
      depositPercent: 30,
      cashOnDelivery: true,
    });
    const refused = await callRoute(pricingPage.action, "/merchant/pricing", {
      cookie,
      form: { intent: "deposit", depositPercent: "45" },
    });
    expect(statusOf(refused)).toBe(400);
    expect(JSON.stringify((refused as { data: unknown }).data)).toContain("เงินมัดจำต้องเป็น 0, 30 หรือ 50 เปอร์เซ็นต์");
    expect((await db().user.findUniqueOrThrow({ where: { id: tailor.id } })).depositPercent).toBe(30);
  });
});

describe("a 50 % deposit order", () => {
  it("deposit → confirm → balance → confirm → ship, the QR always for the amount due now", async () => {
    const order = await depositOrder(50);
    const opened = await paymentOf(order, order.buyerCookie);
    expect(opened.body).toMatchObject({
      status: "unpaid",
      amount: 801,
      due: 401,
      deposit: { amount: 401, status: "unpaid" },
      balance: { amount: 400, status: "unpaid" },
    });
    expect((opened.body.promptpay as { payload: string }).payload).toBe(promptPayPayload("0812345678", 401));
    // No parcel before the money.
    expect(await ship(order)).toEqual({
      status: 409,
      body: { error: "ยังไม่ได้รับเงินส่วนที่เหลือ กรุณายืนยันการชำระเงินก่อนจัดส่ง" },
    });

    expect((await sendSlipFile(order, await slipBlob(null))).status).toBe(200);
    expect((await paymentOf(order)).body).toMatchObject({ deposit: { status: "slip_sent" }, due: 401 });
    expect(await tailorPaymentStep(order, "confirm")).toMatchObject({ status: 200, body: { status: "deposit_paid" } });
    const afterDeposit = await paymentOf(order, order.buyerCookie);
    expect(afterDeposit.body).toMatchObject({
      status: "deposit_paid",
      due: 400,
      deposit: { status: "paid" },
      balance: { status: "unpaid" },
    });
    expect((afterDeposit.body.promptpay as { payload: string }).payload).toBe(promptPayPayload("0812345678", 400));
    // The balance is owed: the buyer's "to pay" tab lists the order, saying the deposit is in.
    const toPay = await api(apiMyOrders.loader, "/api/user/my_orders?tab=to_pay", { cookie: order.buyerCookie });
    expect((toPay.body as { items: { id: number }[] }).items.map((row) => row.id)).toContain(order.id);
    expect((await ship(order)).status).toBe(409);
    // A receipt only once everything is paid.
    const early = await pageAnswer(() =>
      callRoute(receipt.loader, `/user/product/${order.id}/receipt`, {
        cookie: order.buyerCookie,
        params: order.params,
      }),
    );
    expect(early.status).toBe(409);

    // The balance: asked again once, then confirmed. The confirmed deposit's slip stays with the
    // payment when the balance's slip takes the current slip's place: shown to the order's people.
    const paymentRow = () => db().orderPayment.findUniqueOrThrow({ where: { orderId: order.id } });
    const depositPicture = (await paymentRow()).slipImageId!;
    expect((await paymentOf(order)).body).toMatchObject({ deposit: { slipUrl: null } });
    expect((await sendSlipFile(order, await slipBlob(null))).status).toBe(200);
    expect(await paymentRow()).toMatchObject({ depositSlipImageId: depositPicture });
    expect((await paymentOf(order, order.buyerCookie)).body).toMatchObject({
      deposit: { slipUrl: `/api/orders/${order.id}/payment/slip?part=deposit` },
    });
    const depositBytes = (await db().storedImage.findUniqueOrThrow({ where: { id: depositPicture } })).bytes;
    for (const cookie of [order.buyerCookie, order.tailorCookie]) {
      const served = await callRoute(apiSlip.loader, `/api/orders/${order.id}/payment/slip?part=deposit`, {
        cookie,
        params: order.params,
      });
      expect(Buffer.from(await (served as Response).arrayBuffer())).toEqual(Buffer.from(depositBytes));
    }
    const stranger = await sessionCookieFor((await createTestUser()).id);
    expect(
      (
        await api(apiSlip.loader, `/api/orders/${order.id}/payment/slip?part=deposit`, {
          cookie: stranger,
          params: order.params,
        })
      ).status,
    ).toBe(403);
    const firstBalancePicture = (await paymentRow()).slipImageId!;
    expect((await paymentOf(order)).body).toMatchObject({
      status: "slip_sent",
      balance: { status: "slip_sent" },
      due: 400,
    });
    expect(await tailorPaymentStep(order, "reject", "ยอดไม่ครบ")).toMatchObject({ body: { status: "deposit_paid" } });
    expect((await sendSlipFile(order, await slipBlob(null))).status).toBe(200);
    // The balance's slip asked again for is gone; the deposit's is still the deposit's.
    expect(await db().storedImage.count({ where: { id: firstBalancePicture } })).toBe(0);
    expect(await paymentRow()).toMatchObject({ depositSlipImageId: depositPicture });
    expect(await tailorPaymentStep(order, "confirm")).toMatchObject({ status: 200, body: { status: "paid" } });
    expect((await paymentOf(order)).body).toMatchObject({
      status: "paid",
      due: 0,
      deposit: { status: "paid" },
      balance: { status: "paid" },
    });
    expect((await ship(order)).status).toBe(200);
    const paper = await pageAnswer(() =>
      callRoute(receipt.loader, `/user/product/${order.id}/receipt`, {
        cookie: order.buyerCookie,
        params: order.params,
      }),
    );
    expect(paper.data).toMatchObject({ receipt: { total: 801, totalWords: "แปดร้อยเอ็ดบาทถ้วน" } });
    const events = await db().orderEvent.findMany({
      where: { orderId: order.id, kind: "payment" },
      orderBy: { id: "asc" },
      select: { paymentFrom: true, paymentTo: true },
    });
    expect(events.map((event) => `${event.paymentFrom}→${event.paymentTo}`)).toEqual([
      "unpaid→slip_sent",
      "slip_sent→deposit_paid",
      "deposit_paid→slip_sent",
      "slip_sent→deposit_paid",
      "deposit_paid→slip_sent",
      "slip_sent→paid",
    ]);
  });

  it("without a deposit the payment is as before: one amount, no parts", async () => {
    const order = await depositOrder(0);
    expect((await paymentOf(order)).body).toMatchObject({ amount: 801, due: 801, deposit: null, balance: null });
    expect((await ship(order)).status).toBe(200);
  });
});

describe("cash on delivery and refunds", () => {
  it("30 % and cash on delivery: after the deposit the parcel may go, the label says what to collect, cash settles it", async () => {
    const order = await depositOrder(30, true);
    expect((await paymentOf(order)).body).toMatchObject({ deposit: { amount: 241 }, balance: { amount: 560 } });
    expect((await ship(order)).status).toBe(409);
    expect((await sendSlipFile(order, await slipBlob(null))).status).toBe(200);
    expect((await tailorPaymentStep(order, "confirm")).body.status).toBe("deposit_paid");
    expect((await paymentOf(order)).body).toMatchObject({ balance: { status: "cash_on_delivery" } });
    expect((await ship(order)).status).toBe(200);
    const paper = await pageAnswer(() =>
      callRoute(label.loader, `/merchant/order/${order.id}/label`, {
        cookie: order.tailorCookie,
        params: order.params,
      }),
    );
    expect((paper.data as { labels: { cashOnDelivery: number | null }[] }).labels[0]!.cashOnDelivery).toBe(560);
    expect((await tailorPaymentStep(order, "cash")).body.status).toBe("paid");
  });

  it("canceled after the deposit: the refund owed is the deposit actually paid", async () => {
    const order = await depositOrder(50);
    expect((await sendSlipFile(order, await slipBlob(null))).status).toBe(200);
    expect((await tailorPaymentStep(order, "confirm")).status).toBe(200);
    const canceled = await api(apiCancel.action, `/api/orders/${order.id}/cancel`, {
      method: "PATCH",
      cookie: order.tailorCookie,
      json: { reason: "คิวงานเต็ม" },
      params: order.params,
    });
    expect(canceled.status).toBe(200);
    expect((await paymentOf(order)).body).toMatchObject({ status: "refund_due", refundAmount: 401 });
    expect((await tailorPaymentStep(order, "refunded")).body.status).toBe("refunded");
    expect((await paymentOf(order)).body).toMatchObject({ status: "refunded", refundAmount: 401 });
  });
});
