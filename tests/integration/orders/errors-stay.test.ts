import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import * as merchantSelect from "~/routes/orders/merchant-select";
import * as userProduct from "~/routes/orders/user-product";
import { callRoute, fullNoticeOf, statusOf } from "../../support/requests";
import { sessionCookieFor } from "../../support/users";
import { customerWithDesign, makeOrder, tailorWithPrices } from "./support";

/**
 * Errors stay (issue 45): a refused choice of tailor, or a refused review, answers the same page
 * with the reason beside where the customer acted, not only in the 2-second notice; nothing changes.
 */

const THAI = /[\u0E00-\u0E7F]/;

describe("choosing a tailor", () => {
  it("a tailor who is not there, or cannot make the design: the page again with the reason, nothing chosen", async () => {
    const { cookie, item } = await customerWithDesign();
    const path = `/merchant/select?productId=${item.id}`;
    const missing = await callRoute(merchantSelect.action, path, {
      cookie,
      form: { productId: String(item.id), merchantId: "999999" },
    });
    expect(await fullNoticeOf(missing)).toBeNull();
    expect(statusOf(missing)).toBeGreaterThanOrEqual(400);
    expect((missing as { data: unknown }).data).toEqual({ chooseError: ORDER_MESSAGES.tailorNotFound });

    // Prices only the shirt, not the collar and hem this design has.
    const { tailor } = await tailorWithPrices({ shirt1: 450 }, "ร้านที่ตัดแบบนี้ไม่ได้");
    const cannot = await callRoute(merchantSelect.action, path, {
      cookie,
      form: { productId: String(item.id), merchantId: String(tailor.id) },
    });
    expect(statusOf(cannot)).toBeGreaterThanOrEqual(400);
    const { chooseError } = (cannot as { data: { chooseError: string } }).data;
    expect(chooseError).toMatch(THAI);
    expect((await db().order.findUniqueOrThrow({ where: { id: item.id } })).sellerId).toBeNull();
  });
});

describe("reviewing the tailor", () => {
  it("a change past the 30 days: the order page again with the reason for the review form, nothing changed", async () => {
    const { order, buyer, tailor } = await makeOrder({ status: "completed" });
    const long = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
    await db().review.create({
      data: { orderId: order.id, authorId: buyer.id, merchantId: tailor.id, rating: 4, createdAt: long },
    });
    const answer = await callRoute(userProduct.action, `/user/product/${order.id}`, {
      cookie: await sessionCookieFor(buyer.id),
      form: { intent: "review", rating: "1", comment: "" },
      params: { id: String(order.id) },
    });
    expect(await fullNoticeOf(answer)).toBeNull();
    expect(statusOf(answer)).toBeGreaterThanOrEqual(400);
    const { form, result } = (answer as { data: { form: string; result: { error: Record<string, string[]> } } }).data;
    expect(form).toBe("review");
    expect(result.error[""]?.[0]).toMatch(THAI);
    expect((await db().review.findUniqueOrThrow({ where: { orderId: order.id } })).rating).toBe(4);
  });
});
