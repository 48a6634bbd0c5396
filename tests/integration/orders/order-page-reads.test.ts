import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { postMessage } from "~/domain/messages/messages.server";
import * as cartPage from "~/routes/orders/cart";
import * as cartReview from "~/routes/orders/cart-review";
import * as merchantOrder from "~/routes/orders/merchant-order";
import * as merchantOrders from "~/routes/orders/merchant-orders";
import * as userOrders from "~/routes/orders/user-orders";
import * as userProduct from "~/routes/orders/user-product";
import { callRoute } from "../../support/requests";
import { statementsDuring } from "../../support/statement-count";
import { sessionCookieFor } from "../../support/users";
import { makeOrder } from "./support";

/**
 * An order's page is opened again and again by both sides (to see whether it is paid, shipped,
 * answered). It reads the order with everything it shows (the timeline, the payment, the delivery,
 * the problem, the review) in one statement, and the conversation in another: read one query each,
 * the order pages sent six statements more for the same page.
 */

async function orderWithEverything() {
  const made = await makeOrder({ status: "accepted" });
  const orderId = made.order.id;
  await db().orderPayment.create({ data: { orderId, amount: 500, status: "paid", paidAt: new Date() } });
  await db().orderDelivery.create({ data: { orderId, method: "pickup", shippedAt: new Date() } });
  await db().orderProblem.create({ data: { orderId, reason: "ขนาดไม่ตรงกับที่สั่ง" } });
  await db().orderEvent.create({
    data: {
      orderId,
      kind: "status",
      fromStatus: "ordered",
      toStatus: "accepted",
      actorId: made.tailor.id,
      actorRole: "merchant",
    },
  });
  const tailor = { id: made.tailor.id, roles: made.tailor.roles, name: made.tailor.name };
  await postMessage(orderId, tailor, { text: "ได้รับเรื่องแล้วครับ" });
  return {
    orderId,
    params: { id: String(orderId) },
    buyerCookie: await sessionCookieFor(made.buyer.id),
    tailorCookie: await sessionCookieFor(made.tailor.id),
  };
}

type OrderPage = {
  order: {
    events: { toStatus: string | null }[];
    payment: { status: string } | null;
    delivery: { method: string; receiptDueAt: Date | null } | null;
    problem: { reason: string } | null;
  };
  messages: { text: string }[] | null;
};

describe("an order's page reads", () => {
  it("the buyer's and the tailor's: the session, the order with all it shows, its messages (three statements)", async () => {
    const made = await orderWithEverything();
    for (const [loader, path, cookie] of [
      [userProduct.loader, `/user/product/${made.orderId}`, made.buyerCookie],
      [merchantOrder.loader, `/merchant/order/${made.orderId}`, made.tailorCookie],
    ] as const) {
      let page: OrderPage | undefined;
      const sent = await statementsDuring(async () => {
        page = (await callRoute(loader, path, { cookie, params: made.params })) as OrderPage;
      });
      expect(page?.order.events.map((event) => event.toStatus)).toEqual(["accepted"]);
      expect(page?.order.payment?.status).toBe("paid");
      // A reported problem holds the automatic receipt: the joined rows are read together, as before.
      expect(page?.order.delivery).toMatchObject({ method: "pickup", receiptDueAt: null });
      expect(page?.order.problem?.reason).toBe("ขนาดไม่ตรงกับที่สั่ง");
      expect(page?.messages?.map((message) => message.text)).toEqual(["ได้รับเรื่องแล้วครับ"]);
      expect(sent, sent.join("\n\n")).toHaveLength(3);
    }
  });
});

describe("the cart's pages read", () => {
  it("the session and the cart's lines, the delivery address with them (two statements)", async () => {
    const made = await makeOrder({ status: "cart" });
    await db().user.update({ where: { id: made.buyer.id }, data: { address: "12 หมู่ 3 ต.นาดี อ.เมือง จ.สกลนคร 47000" } });
    const cookie = await sessionCookieFor(made.buyer.id);
    for (const [loader, path] of [
      [cartPage.loader, "/cart"],
      [cartReview.loader, "/cart/review"],
    ] as const) {
      let page: { address: string | null } | undefined;
      const sent = await statementsDuring(async () => {
        page = (await callRoute(loader, path, { cookie })) as { address: string | null };
      });
      expect(page?.address).toBe("12 หมู่ 3 ต.นาดี อ.เมือง จ.สกลนคร 47000");
      expect(sent, sent.join("\n\n")).toHaveLength(2);
    }
  });
});

describe("the order lists read", () => {
  it("each row with its unread messages, the customer's total from their tabs' counts", async () => {
    const made = await orderWithEverything();
    // The tailor's message waits unread for the buyer; the tailor has nothing unread.
    for (const [loader, path, cookie, statements, unread] of [
      // The session, the tabs' counts (with the total), the page's ids, its rows.
      [userOrders.loader, "/user/orders", made.buyerCookie, 4, [made.orderId]],
      // The session, the counts by status, the slips waiting, the page's ids, its rows.
      [merchantOrders.loader, "/merchant", made.tailorCookie, 5, []],
    ] as const) {
      let page: { newMessages: number[]; total?: number; orders?: { total: number } } | undefined;
      const sent = await statementsDuring(async () => {
        page = (await callRoute(loader, path, { cookie })) as typeof page;
      });
      expect(page?.total ?? page?.orders?.total).toBe(1);
      expect(page?.newMessages).toEqual(unread);
      expect(sent, sent.join("\n\n")).toHaveLength(statements);
    }
  });
});
