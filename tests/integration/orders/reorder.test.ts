import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import * as apiReorder from "~/routes/orders/api.order-reorder";
import * as userProduct from "~/routes/orders/user-product";
import { callJson as api, callRoute, locationOf, noticeOf, statusOf } from "../../support/requests";
import { createTestUser, sessionCookieFor } from "../../support/users";
import { customerWithDesign, makeOrder } from "./support";

/** Issue 46: "สั่งอีกครั้ง" makes a canceled or completed order a new cart item. */

function reorderCall(id: number, cookie: string) {
  return api(apiReorder.action, `/api/orders/${id}/reorder`, { method: "POST", cookie, params: { id: String(id) } });
}

async function cartItem(id: number) {
  return db().order.findUniqueOrThrow({
    where: { id },
    select: {
      buyerId: true,
      sellerId: true,
      designId: true,
      sizeId: true,
      quantity: true,
      status: true,
      unitPrice: true,
      totalPrice: true,
    },
  });
}

describe("re-ordering a shop design", () => {
  it("a completed order comes back as a cart line with the same tailor, design, size and quantity", async () => {
    const made = await makeOrder({ status: "completed", quantity: 3 });
    await db().design.update({ where: { id: made.design.id }, data: { status: "approved", price: 520 } });
    const cookie = await sessionCookieFor(made.buyer.id);
    const answer = await reorderCall(made.order.id, cookie);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ needsTailorChoice: false, message: expect.stringContaining("ตะกร้า") });
    const id = answer.body.cartItemId as number;
    expect(id).not.toBe(made.order.id);
    expect(await cartItem(id)).toEqual({
      buyerId: made.buyer.id,
      sellerId: made.tailor.id,
      designId: made.design.id,
      sizeId: "size3",
      quantity: 3,
      status: "cart",
      unitPrice: expect.anything(),
      totalPrice: expect.anything(),
    });
    // At today's price.
    expect(Number((await cartItem(id)).totalPrice)).toBe(1560);
    // The old order is untouched.
    expect((await db().order.findUniqueOrThrow({ where: { id: made.order.id } })).status).toBe("completed");
  });

  it("a shop design no longer on sale, or its tailor closed: a clear Thai 409, no cart item", async () => {
    const made = await makeOrder({ status: "canceled" });
    const cookie = await sessionCookieFor(made.buyer.id);
    await db().design.update({ where: { id: made.design.id }, data: { status: "pending" } });
    const withdrawn = await reorderCall(made.order.id, cookie);
    expect(withdrawn.status).toBe(409);
    expect(withdrawn.body.error).toMatch(/ไม่ได้เปิดขายแล้ว/);
    await db().design.update({ where: { id: made.design.id }, data: { status: "approved" } });
    await db().user.update({ where: { id: made.tailor.id }, data: { status: "inactive" } });
    expect((await reorderCall(made.order.id, cookie)).status).toBe(409);
    expect(await db().order.count({ where: { buyerId: made.buyer.id, status: "cart" } })).toBe(0);
  });
});

describe("re-ordering the customer's own design", () => {
  it("a canceled order comes back without a tailor, ready to choose one; the page's 'เลือกช่างคนอื่น' goes there", async () => {
    const { buyer, cookie, design, item } = await customerWithDesign();
    const tailor = await createTestUser({ roles: ["merchant"] });
    await db().order.update({
      where: { id: item.id },
      data: { status: "canceled", sellerId: tailor.id, unitPrice: 600, totalPrice: 1200, orderedAt: new Date() },
    });
    const answer = await reorderCall(item.id, cookie);
    expect(answer.status).toBe(201);
    expect(answer.body.needsTailorChoice).toBe(true);
    expect(await cartItem(answer.body.cartItemId as number)).toEqual({
      buyerId: buyer.id,
      sellerId: null,
      designId: design.id,
      sizeId: "size2",
      quantity: 2,
      status: "cart",
      unitPrice: null,
      totalPrice: null,
    });

    // The page's form: to the tailors for the new item (works without JavaScript: a plain post).
    const other = await callRoute(userProduct.action, `/user/product/${item.id}`, {
      cookie,
      params: { id: String(item.id) },
      form: { intent: "reorder-other" },
    });
    expect(statusOf(other)).toBe(302);
    const next = locationOf(other) ?? "";
    expect(next).toMatch(/^\/merchant\/select\?productId=\d+$/);
    const newId = Number(next.split("=")[1]);
    expect(await cartItem(newId)).toMatchObject({ designId: design.id, sellerId: null, status: "cart" });
    // "สั่งอีกครั้ง" lands in the cart.
    const again = await callRoute(userProduct.action, `/user/product/${item.id}`, {
      cookie,
      params: { id: String(item.id) },
      form: { intent: "reorder" },
    });
    expect(locationOf(again)).toBe("/cart");
    expect(await noticeOf(again)).toMatchObject({ type: "success" });
  });
});

describe("who may re-order, and what", () => {
  it("someone else's order 403, none 404, a tailor 403; a cart item or a running order 409; nothing made", async () => {
    const made = await makeOrder({ status: "completed" });
    const stranger = await createTestUser();
    expect((await reorderCall(made.order.id, await sessionCookieFor(stranger.id))).status).toBe(403);
    expect((await reorderCall(made.order.id, await sessionCookieFor(made.tailor.id))).status).toBe(403);
    const buyerCookie = await sessionCookieFor(made.buyer.id);
    expect((await reorderCall(999999, buyerCookie)).status).toBe(404);
    for (const status of ["cart", "ordered", "accepted"] as const) {
      const running = await makeOrder({ status, buyer: made.buyer });
      const refused = await reorderCall(running.order.id, buyerCookie);
      expect(refused.status, status).toBe(409);
      expect(refused.body.error).toMatch(/[\u0E00-\u0E7F]/);
    }
    expect(await db().order.count({ where: { buyerId: made.buyer.id, status: "cart" } })).toBe(1);
    expect(await db().order.count({ where: { buyerId: stranger.id } })).toBe(0);
    // The page refuses someone else's order as well, and says why.
    const page = await callRoute(userProduct.action, `/user/product/${made.order.id}`, {
      cookie: await sessionCookieFor(stranger.id),
      params: { id: String(made.order.id) },
      form: { intent: "reorder" },
    });
    expect(statusOf(page)).toBe(403);
  });
});

describe("the buyer's order page", () => {
  it("shows the auto-cancel deadline while ordered; cancels only with a reason, the question kept open otherwise", async () => {
    const made = await makeOrder({ status: "ordered" });
    const cookie = await sessionCookieFor(made.buyer.id);
    const params = { id: String(made.order.id) };
    const path = `/user/product/${made.order.id}`;
    const page = (await callRoute(userProduct.loader, `${path}?confirm=cancel`, { cookie, params })) as {
      deadline: Date | null;
      confirmingCancel: boolean;
    };
    expect(page.deadline).toBeInstanceOf(Date);
    expect(page.confirmingCancel).toBe(true);

    const bare = await callRoute(userProduct.action, `${path}?confirm=cancel`, {
      cookie,
      params,
      form: { intent: "cancel", reasonChoice: "อื่น ๆ", reasonText: "" },
    });
    expect(statusOf(bare)).toBe(400);
    expect(JSON.stringify(bare)).toContain("กรุณาพิมพ์เหตุผลที่ยกเลิก");
    expect((await db().order.findUniqueOrThrow({ where: { id: made.order.id } })).status).toBe("ordered");

    const done = await callRoute(userProduct.action, `${path}?confirm=cancel`, {
      cookie,
      params,
      form: { intent: "cancel", reasonChoice: "อื่น ๆ", reasonText: "ย้ายบ้าน" },
    });
    expect(locationOf(done)).toBe(path);
    expect(await noticeOf(done)).toEqual({ type: "success", message: "ยกเลิกคำสั่งซื้อแล้ว" });
    expect(
      await db().order.findUniqueOrThrow({
        where: { id: made.order.id },
        select: { status: true, cancelReason: true, canceledBy: true },
      }),
    ).toEqual({ status: "canceled", cancelReason: "ย้ายบ้าน", canceledBy: "buyer" });
    const after = (await callRoute(userProduct.loader, path, { cookie, params })) as {
      deadline: Date | null;
      order: { cancelReason: string; canceledBy: string };
    };
    expect(after.deadline).toBeNull();
    expect(after.order).toMatchObject({ cancelReason: "ย้ายบ้าน", canceledBy: "buyer" });
  });
});
