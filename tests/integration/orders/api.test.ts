import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import * as apiCart from "~/routes/orders/api.cart";
import * as apiCartAdd from "~/routes/orders/api.cart-add";
import * as apiCartItem from "~/routes/orders/api.cart-item";
import * as apiMerchantOrder from "~/routes/orders/api.merchant-order";
import * as apiMerchantOrders from "~/routes/orders/api.merchant-orders";
import * as apiMyOrders from "~/routes/orders/api.my-orders";
import * as apiOrder from "~/routes/orders/api.order";
import * as apiAccept from "~/routes/orders/api.orders-accept";
import * as apiCancel from "~/routes/orders/api.orders-cancel";
import * as apiComplete from "~/routes/orders/api.orders-complete";
import * as apiPlace from "~/routes/orders/api.orders-place";
import * as apiSelect from "~/routes/orders/api.orders-select-merchant";
import { callJson as api } from "../../support/requests";
import { createTestUser, signedIn } from "../../support/users";
import { customerWithDesign, makeOrder, tailorWithPrices } from "./support";

describe("the order JSON calls, end to end", () => {
  it("cart → select_merchant → place → accept → complete, each visible to buyer and tailor", async () => {
    const { buyer, cookie, item } = await customerWithDesign({ baseId: "shirt1", collarId: "neck1" }, 1);
    const { tailor, cookie: tailorCookie } = await tailorWithPrices({ shirt1: 450, neck1: 60 });

    const cart = await api(apiCart.loader, "/api/cart", { cookie });
    expect(cart.status).toBe(200);
    expect(cart.body).toEqual([
      expect.objectContaining({
        id: item.id,
        sellerId: null,
        totalPrice: null,
        status: "cart",
        designModel: expect.objectContaining({ image: expect.any(String) }),
      }),
    ]);

    const selected = await api(apiSelect.action, "/api/orders/select_merchant", {
      cookie,
      json: { productId: item.id, merchantId: tailor.id },
    });
    expect(selected).toMatchObject({ status: 200, body: { sellerId: tailor.id } });

    const placed = await api(apiPlace.action, "/api/orders/place", {
      cookie,
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
    });
    expect(placed).toEqual({ status: 200, body: { orderIds: [item.id], message: "สั่งตัดเสื้อเรียบร้อยแล้ว" } });
    const again = await api(apiPlace.action, "/api/orders/place", { cookie, method: "PATCH" });
    expect(again).toEqual({ status: 409, body: { error: "ไม่มีสินค้าในตะกร้า" } });

    const mine = await api(apiMyOrders.loader, "/api/user/my_orders", { cookie });
    expect(mine.body).toMatchObject({
      total: 1,
      items: [
        {
          id: item.id,
          status: "ordered",
          // The items (450 + 60) and the tailor's shipping fee (50, a new tailor's), frozen (issue 45).
          totalPrice: 560,
          shippingFee: 50,
          deliveryAddress: buyer.address,
          sellerUser: { name: tailor.name },
        },
      ],
    });

    const incoming = await api(apiMerchantOrders.loader, "/api/merchants/orders/me", { cookie: tailorCookie });
    expect(incoming.body).toMatchObject({ total: 1, items: [{ id: item.id, buyerUser: { name: buyer.name } }] });

    expect(
      await api(apiAccept.action, "/api/orders/accept", {
        cookie: tailorCookie,
        method: "PATCH",
        json: { orderId: item.id },
      }),
    ).toEqual({
      status: 200,
      body: { id: item.id, status: "accepted", message: "รับงานสำเร็จ" },
    });
    const secondAccept = await api(apiAccept.action, "/api/orders/accept", {
      cookie: tailorCookie,
      method: "PATCH",
      json: { orderId: item.id },
    });
    expect(secondAccept.status).toBe(409);
    expect(secondAccept.body.error).toContain("กำลังตัดเย็บ");

    expect(
      await api(apiComplete.action, `/api/orders/${item.id}/complete`, {
        cookie: tailorCookie,
        method: "PATCH",
        params: { id: String(item.id) },
      }),
    ).toEqual({
      status: 200,
      body: { id: item.id, status: "completed", message: "อัปเดตสถานะเป็นตัดเย็บเสร็จแล้ว" },
    });
    expect(
      (
        await api(apiCancel.action, `/api/orders/${item.id}/cancel`, {
          cookie: tailorCookie,
          method: "PATCH",
          params: { id: String(item.id) },
          json: { reason: "คิวงานเต็ม" },
        })
      ).status,
    ).toBe(409);

    const detail = await api(apiOrder.loader, `/api/orders/${item.id}`, { cookie, params: { id: String(item.id) } });
    expect(detail.body).toMatchObject({
      id: item.id,
      status: "completed",
      events: [{ toStatus: "ordered" }, { toStatus: "accepted" }, { toStatus: "completed" }],
    });
    const tailorDetail = await api(apiMerchantOrder.loader, `/api/merchants/order/${item.id}/details`, {
      cookie: tailorCookie,
      params: { id: String(item.id) },
    });
    expect(tailorDetail).toMatchObject({ status: 200, body: { id: item.id, status: "completed" } });
  });

  it("answers 401, 403, 404, 409 and 400 with Thai errors, changing nothing", async () => {
    const { order } = await makeOrder({ status: "ordered" });
    const cartItem = await makeOrder({ status: "cart" });
    const intruder = await signedIn({ roles: ["merchant"] });
    const stranger = await signedIn();
    const id = String(order.id);

    expect(await api(apiMerchantOrder.loader, `/api/merchants/order/${id}/details`, { params: { id } })).toEqual({
      status: 401,
      body: { error: "กรุณาเข้าสู่ระบบก่อนดูรายละเอียดคำสั่งซื้อ" },
    });
    expect(
      await api(apiMerchantOrder.loader, `/api/merchants/order/${id}/details`, {
        cookie: intruder.cookie,
        params: { id },
      }),
    ).toEqual({ status: 403, body: { error: "คุณไม่มีสิทธิ์ดูคำสั่งซื้อนี้" } });
    expect(
      await api(apiMerchantOrder.loader, "/api/merchants/order/999999/details", {
        cookie: intruder.cookie,
        params: { id: "999999" },
      }),
    ).toEqual({ status: 404, body: { error: "ไม่พบคำสั่งซื้อ" } });
    const cartId = String(cartItem.order.id);
    const tailorOfCart = await signedIn({ roles: ["merchant"] });
    await db().order.update({ where: { id: cartItem.order.id }, data: { sellerId: tailorOfCart.user.id } });
    expect(
      (
        await api(apiMerchantOrder.loader, `/api/merchants/order/${cartId}/details`, {
          cookie: tailorOfCart.cookie,
          params: { id: cartId },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await api(apiMerchantOrder.loader, "/api/merchants/order/abc/details", {
          cookie: intruder.cookie,
          params: { id: "abc" },
        })
      ).status,
    ).toBe(400);

    expect((await api(apiOrder.loader, `/api/orders/${id}`, { cookie: stranger.cookie, params: { id } })).status).toBe(
      403,
    );
    expect(
      (
        await api(apiAccept.action, "/api/orders/accept", {
          cookie: intruder.cookie,
          method: "PATCH",
          json: { orderId: order.id },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api(apiCancel.action, `/api/orders/${id}/cancel`, {
          cookie: intruder.cookie,
          method: "PATCH",
          params: { id },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api(apiAccept.action, "/api/orders/accept", {
          cookie: stranger.cookie,
          method: "PATCH",
          json: { orderId: order.id },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api(apiAccept.action, "/api/orders/accept", {
          cookie: intruder.cookie,
          method: "PATCH",
          json: { orderId: "1" },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api(apiAccept.action, "/api/orders/accept", {
          cookie: intruder.cookie,
          method: "PATCH",
          json: { orderId: 1.5 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api(apiCartItem.action, `/api/cart/${cartId}`, {
          cookie: stranger.cookie,
          method: "DELETE",
          params: { id: cartId },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api(apiCartAdd.action, "/api/cart/add", {
          cookie: stranger.cookie,
          json: { designId: 999999, quantity: 1 },
        })
      ).status,
    ).toBe(404);
    expect(
      (await api(apiCartAdd.action, "/api/cart/add", { cookie: stranger.cookie, json: { designId: "x" } })).status,
    ).toBe(400);
    // A tailor's approved design with no price (null, or the 0 a designer save leaves) is not for sale.
    const seller = await createTestUser({ roles: ["merchant"] });
    for (const price of [null, 0]) {
      const unpriced = await db().design.create({
        data: { ownerId: seller.id, baseId: "shirt4", price, status: "approved" },
      });
      expect(
        await api(apiCartAdd.action, "/api/cart/add", {
          cookie: stranger.cookie,
          json: { designId: unpriced.id, quantity: 1 },
        }),
      ).toEqual({ status: 409, body: { error: "แบบเสื้อนี้ยังไม่กำหนดราคา จึงยังสั่งซื้อไม่ได้" } });
    }
    expect(await db().order.count({ where: { buyerId: stranger.user.id } })).toBe(0);
    expect((await api(apiCart.loader, "/api/cart", { cookie: intruder.cookie })).status).toBe(403);

    expect((await db().order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("ordered");
    expect(await db().order.findUnique({ where: { id: cartItem.order.id } })).not.toBeNull();
    expect(await db().orderEvent.count({ where: { orderId: order.id } })).toBe(0);
  });

  it("cancel declines an ordered order and cancels an accepted one", async () => {
    const ordered = await makeOrder({ status: "ordered" });
    const accepted = await makeOrder({ status: "accepted" });
    for (const { order, tailor } of [ordered, accepted]) {
      const { sessionCookieFor } = await import("../../support/users");
      const cookie = await sessionCookieFor(tailor.id);
      const result = await api(apiCancel.action, `/api/orders/${order.id}/cancel`, {
        cookie,
        method: "PATCH",
        params: { id: String(order.id) },
        json: { reason: "คิวงานเต็ม" },
      });
      expect(result).toEqual({
        status: 200,
        body: {
          id: order.id,
          status: "canceled",
          message: "ยกเลิกคำสั่งซื้อสำเร็จ",
          cancelReason: "คิวงานเต็ม",
          canceledBy: "tailor",
        },
      });
    }
  });

  it("two parallel place-orders: exactly one wins, each item gets one event", async () => {
    const { buyer, cookie, item } = await customerWithDesign({ baseId: "shirt1" }, 1);
    const { tailor } = await tailorWithPrices({ shirt1: 450 });
    const design = await db().design.create({ data: { ownerId: tailor.id, baseId: "shirt2", price: 700 } });
    const second = await db().order.create({
      data: {
        buyerId: buyer.id,
        sellerId: tailor.id,
        designId: design.id,
        name: "เสื้อร้าน",
        sizeId: "size3",
        unitPrice: 700,
        totalPrice: 700,
      },
    });
    await api(apiSelect.action, "/api/orders/select_merchant", {
      cookie,
      json: { productId: item.id, merchantId: tailor.id },
    });

    const results = await Promise.all([
      api(apiPlace.action, "/api/orders/place", { cookie, method: "PATCH" }),
      api(apiPlace.action, "/api/orders/place", { cookie, method: "PATCH" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    for (const id of [item.id, second.id]) {
      const events = await db().orderEvent.findMany({ where: { orderId: id } });
      expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([["cart", "ordered"]]);
    }
  });

  it("carts whose tailors come in opposite orders, placed all at once: every one placed", async () => {
    // Each placement adds to its tailors' and designs' count rows item by item; two carts holding
    // the same tailors in opposite orders take those rows in opposite orders, and PostgreSQL ends
    // one of the two for a deadlock. The shop runs it again: every customer's order goes through.
    const tailors = [await createTestUser({ roles: ["merchant"] }), await createTestUser({ roles: ["merchant"] })];
    const designs = await Promise.all(
      tailors.map((tailor) =>
        db().design.create({ data: { ownerId: tailor.id, baseId: "shirt2", price: 700, status: "approved" } }),
      ),
    );
    const customers = await Promise.all(Array.from({ length: 10 }, () => signedIn({ address: "บ้านเลขที่ 1" })));
    for (const [i, customer] of customers.entries())
      for (const which of i % 2 === 0 ? [0, 1] : [1, 0])
        await db().order.create({
          data: {
            buyerId: customer.user.id,
            sellerId: tailors[which]!.id,
            designId: designs[which]!.id,
            name: "เสื้อร้าน",
            sizeId: "size3",
            unitPrice: 700,
            totalPrice: 700,
          },
        });
    const results = await Promise.all(
      customers.map(({ cookie }) => api(apiPlace.action, "/api/orders/place", { cookie, method: "PATCH" })),
    );
    expect(results.map((result) => result.status)).toEqual(customers.map(() => 200));
    const placed = await db().order.count({ where: { sellerId: { in: tailors.map((t) => t.id) }, status: "ordered" } });
    expect(placed).toBe(customers.length * 2);
  }, 60_000);

  it("a stale cart (versions sent with the call) is refused with 409", async () => {
    const { cookie, item } = await customerWithDesign({ baseId: "shirt1" }, 1);
    const { tailor } = await tailorWithPrices({ shirt1: 450 });
    await api(apiSelect.action, "/api/orders/select_merchant", {
      cookie,
      json: { productId: item.id, merchantId: tailor.id },
    });
    const result = await api(apiPlace.action, "/api/orders/place", {
      cookie,
      method: "PATCH",
      json: { items: [{ id: item.id, version: "2000-01-01T00:00:00.000Z" }] },
    });
    expect(result).toEqual({ status: 409, body: { error: "ตะกร้าสินค้ามีการเปลี่ยนแปลง กรุณาตรวจสอบรายการอีกครั้งก่อนสั่งตัด" } });
    expect((await db().order.findUniqueOrThrow({ where: { id: item.id } })).status).toBe("cart");
  });

  it("a wrong method gets 405 with a Thai error", async () => {
    const { cookie } = await signedIn();
    expect(await api(apiCart.action, "/api/cart", { cookie, method: "POST", json: {} })).toEqual({
      status: 405,
      body: { error: "ไม่รองรับวิธีเรียกนี้" },
    });
    expect((await api(apiAccept.loader, "/api/orders/accept", { cookie })).status).toBe(405);
    expect((await api(apiPlace.action, "/api/orders/place", { cookie, method: "POST" })).status).toBe(405);
    expect(
      (
        await api(apiMerchantOrder.action, "/api/merchants/order/1/details", {
          cookie,
          method: "DELETE",
          params: { id: "1" },
        })
      ).status,
    ).toBe(405);
  });

  it("quantity by PATCH /api/cart/{id}; remove by DELETE", async () => {
    const { cookie, item } = await customerWithDesign({ baseId: "shirt1" }, 1);
    const id = String(item.id);
    expect(
      (
        await api(apiCartItem.action, `/api/cart/${id}`, {
          cookie,
          method: "PATCH",
          params: { id },
          json: { quantity: 0 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api(apiCartItem.action, `/api/cart/${id}`, {
          cookie,
          method: "PATCH",
          params: { id },
          json: { quantity: 4 },
        })
      ).status,
    ).toBe(200);
    expect((await db().order.findUniqueOrThrow({ where: { id: item.id } })).quantity).toBe(4);
    expect(
      (await api(apiCartItem.action, `/api/cart/${id}`, { cookie, method: "DELETE", params: { id } })).status,
    ).toBe(200);
    expect(
      (await api(apiCartItem.action, `/api/cart/${id}`, { cookie, method: "DELETE", params: { id } })).status,
    ).toBe(404);
  });
});
