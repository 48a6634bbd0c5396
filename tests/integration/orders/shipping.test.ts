import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { transitionOrder } from "~/domain/orders/transitions.server";
import { promptPayPayload } from "~/domain/payments/promptpay-qr.server";
import * as apiQuote from "~/routes/designer/api.design-quote";
import * as designPage from "~/routes/designer/design";
import * as apiCart from "~/routes/orders/api.cart";
import * as apiOrder from "~/routes/orders/api.order";
import * as apiPayment from "~/routes/orders/api.order-payment";
import * as apiAccept from "~/routes/orders/api.orders-accept";
import * as apiPlace from "~/routes/orders/api.orders-place";
import * as apiSelect from "~/routes/orders/api.orders-select-merchant";
import * as cartPage from "~/routes/orders/cart";
import * as selectPage from "~/routes/orders/merchant-select";
import * as apiPricing from "~/routes/tailor/api.merchants-pricing";
import { callJson, callRoute } from "../../support/requests";
import { createTestUser, signedIn } from "../../support/users";
import { customerWithDesign, tailorWithPrices } from "./support";

/**
 * Price from the start, shipping and lead time (issue 45): the range of prices among the open
 * tailors before one is chosen (the quote call, the designer, the cart), the tailor choice by
 * total and lead time, and the shipping fee frozen on the order when it is placed: the total and
 * the PromptPay amount include it, and a later change of the tailor's fee never reaches it.
 */

const call = (fn: unknown, path: string, options?: Parameters<typeof callRoute>[2]) =>
  callRoute(fn as never, path, options);
const api = (fn: unknown, path: string, options?: Parameters<typeof callRoute>[2]) =>
  callJson(fn as never, path, options);

const quote = (json: unknown) => api(apiQuote.action, "/api/design/quote", { json });

describe("POST /api/design/quote", () => {
  beforeEach(async () => {
    // The range is over every open tailor of the database: each test starts with no prices.
    await db().partPrice.deleteMany();
  });

  /** Two open tailors who make shirt1 with neck1, and four who do not count. */
  async function tailors() {
    const cheap = await tailorWithPrices({ shirt1: 450, neck1: 60, size_custom: 150 });
    const dear = await tailorWithPrices({ shirt1: 500, neck1: 100 });
    const noCollar = await tailorWithPrices({ shirt1: 300 });
    const closed = await tailorWithPrices({ shirt1: 100, neck1: 10 });
    await db().user.update({ where: { id: closed.tailor.id }, data: { status: "inactive" } });
    const pending = await tailorWithPrices({ shirt1: 90, neck1: 9 });
    await db().user.update({ where: { id: pending.tailor.id }, data: { status: "pending" } });
    // Prices left by someone who is no longer a tailor.
    const former = await tailorWithPrices({ shirt1: 50, neck1: 5 });
    await db().user.update({ where: { id: former.tailor.id }, data: { roles: ["user"] } });
    return { cheap, dear, noCollar };
  }

  it("the lowest and highest item price among the open tailors who make every part, and how many", async () => {
    const { dear } = await tailors();
    const design = { baseId: "shirt1", collarId: "neck1", sizeId: "size2" };
    expect(await quote(design)).toEqual({ status: 200, body: { from: 510, to: 600, tailors: 2 } });
    // The add-to-cart payload as it is: the quantity multiplies, the picture and the layout are ignored.
    expect(await quote({ ...design, quantity: 3, image: "data:image/png;base64,AAAA", layout: {} })).toEqual({
      status: 200,
      body: { from: 1530, to: 1800, tailors: 2 },
    });
    // The shirt alone: the tailor without collars counts again.
    expect((await quote({ baseId: "shirt1" })).body).toEqual({ from: 300, to: 500, tailors: 3 });
    // Cut to measure: only the tailor who prices it, with its price added.
    expect((await quote({ ...design, sizeId: "size_custom" })).body).toEqual({ from: 660, to: 660, tailors: 1 });
    // A part nobody makes: no price yet.
    expect((await quote({ ...design, collarId: "neck2" })).body).toEqual({ from: null, to: null, tailors: 0 });
    // A price changed shows at once.
    await db().partPrice.update({
      where: { merchantId_patternSid: { merchantId: dear.tailor.id, patternSid: "shirt1" } },
      data: { price: 700 },
    });
    expect((await quote(design)).body).toEqual({ from: 510, to: 800, tailors: 2 });
  });

  it("is open to visitors and saves nothing; a part not in the catalogue is a Thai 400; GET is 405", async () => {
    await tailors();
    const designs = await db().design.count();
    const orders = await db().order.count();
    expect((await quote({ baseId: "shirt1", collarId: "neck1" })).status).toBe(200);
    expect(await quote({ baseId: "shirt1", collarId: "neck999" })).toEqual({
      status: 400,
      body: { error: "ไม่พบคอเสื้อที่เลือกในรายการ" },
    });
    expect(await quote({ collarId: "neck1" })).toEqual({ status: 400, body: { error: "กรุณาเลือกแบบเสื้อ" } });
    expect((await quote({ baseId: "shirt1", quantity: 0 })).status).toBe(400);
    expect((await api(apiQuote.loader, "/api/design/quote")).status).toBe(405);
    expect([await db().design.count(), await db().order.count()]).toEqual([designs, orders]);
  });

  it("the designer's page brings the range for the design in its address (each reload without JavaScript)", async () => {
    await tailors();
    const loaded = (await call(designPage.loader, "/design?category=neck&shirt=shirt1&neck=neck1&qty=2")) as {
      mode: string;
      priceRange: { key: string; range: unknown } | null;
    };
    expect(loaded.mode).toBe("visitor");
    expect(loaded.priceRange?.range).toEqual({ from: 1020, to: 1200, tailors: 2 });
    const customer = await signedIn();
    const again = (await call(designPage.loader, "/design?category=shirt&shirt=shirt1", {
      cookie: customer.cookie,
    })) as { priceRange: { range: unknown } | null };
    expect(again.priceRange?.range).toEqual({ from: 300, to: 500, tailors: 3 });
  });

  it("the cart shows a line's range (one shirt) until a tailor is chosen", async () => {
    const { cheap } = await tailors();
    const { cookie, item } = await customerWithDesign({ baseId: "shirt1", collarId: "neck1" }, 2);
    const cart = (await call(cartPage.loader, "/cart", { cookie })) as {
      priceRanges: Record<number, unknown>;
    };
    expect(cart.priceRanges[item.id]).toEqual({ from: 510, to: 600, tailors: 2 });
    await api(apiSelect.action, "/api/orders/select_merchant", {
      cookie,
      json: { productId: item.id, merchantId: cheap.tailor.id },
    });
    const chosen = (await call(cartPage.loader, "/cart", { cookie })) as { priceRanges: Record<number, unknown> };
    expect(chosen.priceRanges[item.id]).toBeUndefined();
  });
});

describe("the tailor choice: price, shipping, total, lead time, PromptPay", () => {
  it("each tailor carries their terms; the lowest total comes first, or the shortest lead time", async () => {
    const { cookie, item } = await customerWithDesign({ baseId: "shirt1", collarId: "neck1" }, 1);
    // Cheaper shirt but dear shipping (450 + 60 + 100 = 610) against 520 + 0.
    const dearShipping = await tailorWithPrices({ shirt1: 450, neck1: 60 }, "ส่งไว ค่าส่งแพง");
    await db().user.update({
      where: { id: dearShipping.tailor.id },
      data: { shippingFee: 100, leadTimeDays: 3, promptpayId: "0891234567", promptpayName: "ร้านส่งไว" },
    });
    const freeShipping = await tailorWithPrices({ shirt1: 460, neck1: 60 }, "ส่งไว ส่งฟรี");
    await db().user.update({ where: { id: freeShipping.tailor.id }, data: { shippingFee: 0, leadTimeDays: 10 } });

    type Choices = {
      sort: string;
      items: {
        id: number;
        shippingFee: number;
        leadTimeDays: number;
        promptPay: boolean;
        quote: { totalPrice: number };
      }[];
    };
    const choose = async (query: string) =>
      (await call(selectPage.loader, `/merchant/select?productId=${item.id}&q=${encodeURIComponent("ส่งไว")}${query}`, {
        cookie,
      })) as Choices;
    const byTotal = await choose("");
    expect(byTotal.sort).toBe("total");
    expect(byTotal.items.map((tailor) => [tailor.id, tailor.quote.totalPrice, tailor.shippingFee])).toEqual([
      [freeShipping.tailor.id, 520, 0],
      [dearShipping.tailor.id, 510, 100],
    ]);
    expect(byTotal.items.map((tailor) => [tailor.leadTimeDays, tailor.promptPay])).toEqual([
      [10, false],
      [3, true],
    ]);
    const byLead = await choose("&sort=lead");
    expect(byLead.items.map((tailor) => tailor.id)).toEqual([dearShipping.tailor.id, freeShipping.tailor.id]);
  });
});

describe("placing freezes the tailor's shipping fee", () => {
  it("the order keeps the fee it was placed with; the total and the PromptPay amount include it", async () => {
    const { cookie, item } = await customerWithDesign({ baseId: "shirt1", collarId: "neck1" }, 2);
    const { tailor, cookie: tailorCookie } = await tailorWithPrices({ shirt1: 450, neck1: 60 });
    await db().user.update({
      where: { id: tailor.id },
      data: { shippingFee: 80, leadTimeDays: 5, promptpayId: "0891234567", promptpayName: "ร้านทดสอบค่าส่ง" },
    });

    const chosen = await api(apiSelect.action, "/api/orders/select_merchant", {
      cookie,
      json: { productId: item.id, merchantId: tailor.id },
    });
    expect(chosen).toMatchObject({
      status: 200,
      body: {
        id: item.id,
        sellerId: tailor.id,
        unitPrice: 510,
        totalPrice: 1020,
        shippingFee: 80,
        totalWithShipping: 1100,
        leadTimeDays: 5,
        promptPay: true,
      },
    });
    // In the cart the total is still the items' (the spec's cart total), the fee beside it.
    const cart = await api(apiCart.loader, "/api/cart", { cookie });
    expect(cart.body).toEqual([
      expect.objectContaining({
        id: item.id,
        totalPrice: 1020,
        shippingFee: 80,
        itemsPrice: 1020,
        totalWithShipping: 1100,
      }),
    ]);

    expect((await api(apiPlace.action, "/api/orders/place", { cookie, method: "PATCH" })).status).toBe(200);
    const placed = await db().order.findUniqueOrThrow({ where: { id: item.id } });
    expect([Number(placed.shippingFee), Number(placed.totalPrice)]).toEqual([80, 1100]);

    // The tailor raises the fee afterwards: the placed order keeps 80.
    const raised = await api(apiPricing.action, "/api/merchants/pricing", {
      method: "PATCH",
      cookie: tailorCookie,
      json: { shippingFee: 300 },
    });
    expect(raised).toMatchObject({ status: 200, body: { shippingFee: 300 } });
    const params = { id: String(item.id) };
    const detail = await api(apiOrder.loader, `/api/orders/${item.id}`, { cookie, params });
    expect(detail.body).toMatchObject({ shippingFee: 80, itemsPrice: 1020, totalPrice: 1100, totalWithShipping: 1100 });

    // Accepted: the customer pays the total with shipping, by PromptPay for exactly that.
    const accepted = await api(apiAccept.action, "/api/orders/accept", {
      cookie: tailorCookie,
      method: "PATCH",
      json: { orderId: item.id },
    });
    expect(accepted.status).toBe(200);
    const payment = await api(apiPayment.loader, `/api/orders/${item.id}/payment`, { cookie, params });
    expect(payment.body).toMatchObject({
      amount: 1100,
      promptpay: { payload: promptPayPayload("0891234567", 1100) },
    });
    expect(Number((await db().orderPayment.findUniqueOrThrow({ where: { orderId: item.id } })).amount)).toBe(1100);
  });

  it("an admin placing a cart item (status override) freezes the fee the same way", async () => {
    const { item } = await customerWithDesign({ baseId: "shirt1", collarId: "neck1" }, 1);
    const { tailor } = await tailorWithPrices({ shirt1: 450, neck1: 60 });
    await db().user.update({ where: { id: tailor.id }, data: { shippingFee: 45 } });
    await db().order.update({
      where: { id: item.id },
      data: { sellerId: tailor.id, unitPrice: 510, totalPrice: 510, priceLines: [] },
    });
    const admin = await createTestUser({ roles: ["admin"] });
    await transitionOrder({
      orderId: item.id,
      to: "ordered",
      actor: { id: admin.id, roles: admin.roles },
      as: "admin",
    });
    const placed = await db().order.findUniqueOrThrow({ where: { id: item.id } });
    expect([placed.status, Number(placed.shippingFee), Number(placed.totalPrice)]).toEqual(["ordered", 45, 555]);
  });
});
