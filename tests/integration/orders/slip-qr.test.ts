import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import * as apiSlip from "~/routes/orders/api.order-payment-slip";
import * as merchantOrder from "~/routes/orders/merchant-order";
import * as userProduct from "~/routes/orders/user-product";
import { callJson as api, callRoute, fullNoticeOf, statusOf } from "../../support/requests";
import { newReference, slipBlob, slipPicture } from "../../support/slips";
import { createTestUser } from "../../support/users";
import { acceptedOrder, type PayableOrder, paymentOf, sendSlipFile } from "./payment-support";

/**
 * The slip's own QR and one slip, one payment (issue 49): the slip-verification QR a Thai bank prints
 * on its e-slip is read on upload (bank and transaction reference kept with the slip, shown to the
 * tailor and in the payment's JSON); a reference or a picture used before, on any order, is refused
 * with 409, also when twenty are sent at once.
 */

const USED_BEFORE = "สลิปนี้เคยใช้ชำระเงินไปแล้ว กรุณาส่งสลิปของการโอนครั้งนี้";

describe("the slip's QR is read", () => {
  it("a slip with a QR, as a file: bank and reference in the payment's JSON and on the tailor's page", async () => {
    const order = await acceptedOrder();
    const reference = newReference();
    expect(await sendSlipFile(order, await slipBlob({ bankCode: "014", reference }))).toMatchObject({ status: 200 });
    const payment = await paymentOf(order);
    expect(payment.status).toBe(200);
    expect(payment.body.slip).toEqual({
      url: `/api/orders/${order.id}/payment/slip`,
      sentAt: expect.any(String),
      reference,
      bankCode: "014",
      bankName: "ธนาคารไทยพาณิชย์",
      // No slip-checking service is set up here (slip-verify.test.ts has one).
      check: null,
    });
    // The buyer reads the same.
    expect((await paymentOf(order, order.buyerCookie)).body.slip).toMatchObject({ reference, bankCode: "014" });
    const page = (await callRoute(merchantOrder.loader, `/merchant/order/${order.id}`, {
      cookie: order.tailorCookie,
      params: order.params,
    })) as { order: { payment: { slip: unknown } } };
    expect(page.order.payment.slip).toMatchObject({ reference, bankName: "ธนาคารไทยพาณิชย์" });
  });

  it("a slip with a QR, as the page's form and as a JPEG data URL", async () => {
    const first = await acceptedOrder();
    const reference = newReference();
    const sent = await callRoute(userProduct.action, `/user/product/${first.id}`, {
      cookie: first.buyerCookie,
      form: { intent: "slip", slip: await slipBlob({ bankCode: "004", reference }) },
      params: first.params,
    });
    expect(await fullNoticeOf(sent)).toMatchObject({ type: "success" });
    expect((await paymentOf(first)).body.slip).toMatchObject({ reference, bankName: "ธนาคารกสิกรไทย" });

    const second = await acceptedOrder();
    const other = newReference();
    const jpeg = await slipPicture({ bankCode: "002", reference: other }, "jpeg");
    const answer = await api(apiSlip.action, `/api/orders/${second.id}/payment/slip`, {
      cookie: second.buyerCookie,
      params: second.params,
      json: { image: `data:image/jpeg;base64,${jpeg.toString("base64")}` },
    });
    expect(answer.status).toBe(200);
    expect((await paymentOf(second)).body.slip).toMatchObject({ reference: other, bankName: "ธนาคารกรุงเทพ" });
  });

  it("a slip without a QR is kept, with no reference and no bank", async () => {
    const order = await acceptedOrder();
    expect(await sendSlipFile(order, await slipBlob(null))).toMatchObject({ status: 200 });
    const payment = await paymentOf(order);
    expect(payment.body.status).toBe("slip_sent");
    expect(payment.body.slip).toMatchObject({ reference: null, bankCode: null, bankName: null });
  });
});

describe("one slip, one payment", () => {
  it("a reference used on one order is refused on another order of another buyer (409), nothing changes", async () => {
    const first = await acceptedOrder();
    const reference = newReference();
    expect((await sendSlipFile(first, await slipBlob({ bankCode: "006", reference }))).status).toBe(200);
    const second = await acceptedOrder();
    const images = await db().storedImage.count();
    // Another picture of the same transfer (another screenshot): the reference decides.
    const again = await sendSlipFile(second, await slipBlob({ bankCode: "006", reference }));
    expect(again).toEqual({ status: 409, body: { error: USED_BEFORE } });
    expect((await paymentOf(second)).body).toMatchObject({ status: "unpaid", slip: null });
    expect(await db().storedImage.count()).toBe(images);
    // The page's form says the same beside the form.
    const page = await callRoute(userProduct.action, `/user/product/${second.id}`, {
      cookie: second.buyerCookie,
      form: { intent: "slip", slip: await slipBlob({ bankCode: "006", reference }) },
      params: second.params,
    });
    expect(statusOf(page)).toBe(409);
    expect((page as { data: unknown }).data).toEqual({ form: "slip", error: USED_BEFORE });
  });

  it("the same picture bytes without a QR are refused the second time, on the same order too", async () => {
    const buyer = await createTestUser();
    const first = await acceptedOrder({ buyer });
    const second = await acceptedOrder({ buyer });
    const picture = await slipBlob(null);
    expect((await sendSlipFile(first, picture)).status).toBe(200);
    expect(await sendSlipFile(second, picture)).toEqual({ status: 409, body: { error: USED_BEFORE } });
    expect(await sendSlipFile(first, picture)).toEqual({ status: 409, body: { error: USED_BEFORE } });
    // A different picture is taken.
    expect((await sendSlipFile(second, await slipBlob(null))).status).toBe(200);
  });

  it("twenty orders sending one slip at once: exactly one is accepted", async () => {
    const orders: PayableOrder[] = [];
    for (let index = 0; index < 20; index += 1) orders.push(await acceptedOrder());
    const reference = newReference();
    const pictures = await Promise.all(orders.map(() => slipBlob({ bankCode: "025", reference })));
    const answers = await Promise.all(orders.map((order, index) => sendSlipFile(order, pictures[index]!)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    // Every other is refused: as used before, or (past the QR reader's queue) to be sent again later,
    // never taken as a slip without a code.
    const refused = answers.filter((answer) => answer.status === 409);
    const later = answers.filter((answer) => answer.status === 429);
    expect(refused.length + later.length).toBe(19);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) expect(answer.body.error).toBe(USED_BEFORE);
    for (const answer of later) expect(answer.body.error).toBe("ขณะนี้มีสลิปรอตรวจจำนวนมาก กรุณาส่งสลิปอีกครั้งในอีกสักครู่");
    expect(await db().orderPayment.count({ where: { slipReference: reference } })).toBe(1);
    expect(
      await db().orderPayment.count({
        where: { orderId: { in: orders.map((order) => order.id) }, status: "slip_sent" },
      }),
    ).toBe(1);
  }, 120_000);
});
