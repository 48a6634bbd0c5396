import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { action as statusAction } from "~/routes/admin/api.order-status";
import { action as ordersAction } from "~/routes/admin/orders";
import { noticeOf, refusalOf, statusOf } from "../../support/requests";
import { createTestUser, signedIn } from "../../support/users";
import { call, emptyShop, jsonOf, makeDesign, makeOrder } from "./support";

/**
 * The admin's status override on an order that was never placed (a cart item, or one canceled
 * while still in the cart). Moving it to ordered, accepted or completed places it: only with a
 * tailor and a price (409 in Thai otherwise, nothing changed), and then with its order date, the
 * buyer's address and its prices frozen, as the buyer's own placement. The JSON call and the
 * page's form go through the same rule.
 */

const NEEDS_TAILOR_AND_PRICE = "ย้ายรายการในตะกร้าเป็นคำสั่งซื้อได้เมื่อเลือกช่างและมีราคาแล้วเท่านั้น";
const ADDRESS = "12 หมู่ 3 ตำบลผู้ซื้อ";

let admin: Awaited<ReturnType<typeof signedIn>>;
let tailor: Awaited<ReturnType<typeof createTestUser>>;
let buyer: Awaited<ReturnType<typeof createTestUser>>;

beforeEach(async () => {
  await emptyShop();
  admin = await signedIn({ roles: ["admin"], name: "แอดมิน" });
  tailor = await createTestUser({ roles: ["merchant"], name: "ช่างทดสอบ" });
  buyer = await createTestUser({ name: "ผู้ซื้อ", address: ADDRESS });
});

async function cartItem(
  input: { sellerId?: number | null; totalPrice?: number | null; status?: "cart" | "canceled" } = {},
) {
  const design = await makeDesign({ ownerId: buyer.id });
  return makeOrder({
    buyerId: buyer.id,
    designId: design.id,
    status: input.status ?? "cart",
    sellerId: input.sellerId ?? null,
    totalPrice: input.totalPrice === undefined ? null : input.totalPrice,
    orderedAt: null,
  });
}

/** PATCH /admin/orders/{id}/status, as the admin screen's JavaScript calls it. */
async function patchStatus(orderId: number, status: string) {
  const id = String(orderId);
  return call(statusAction, `/admin/orders/${id}/status`, {
    method: "PATCH",
    cookie: admin.cookie,
    params: { id },
    json: { status },
  });
}

/** The change-status dialog's form on /admin/manage/orders, as a browser without JavaScript posts it. */
async function postStatus(orderId: number, status: string) {
  return call(ordersAction, "/admin/manage/orders", {
    cookie: admin.cookie,
    form: { intent: "status", id: String(orderId), status },
  });
}

async function rowOf(orderId: number) {
  const row = await db().order.findUniqueOrThrow({ where: { id: orderId } });
  return {
    status: row.status,
    orderedAt: row.orderedAt,
    deliveryAddress: row.deliveryAddress,
    priceLines: row.priceLines,
    events: await db().orderEvent.count({ where: { orderId } }),
  };
}

const unplaced = [
  ["no tailor and no price", {}],
  ["a tailor but no price", { tailor: true }],
  ["a price but no tailor", { totalPrice: 890 }],
] as const;

describe("a cart item without a tailor or a price cannot be moved into an order", () => {
  for (const [what, item] of unplaced) {
    for (const to of ["ordered", "accepted", "completed"]) {
      it(`PATCH to ${to} with ${what}: 409, nothing changed`, async () => {
        const order = await cartItem({
          sellerId: "tailor" in item ? tailor.id : null,
          totalPrice: "totalPrice" in item ? item.totalPrice : null,
        });
        const before = await rowOf(order.id);
        const result = await patchStatus(order.id, to);
        expect(statusOf(result)).toBe(409);
        expect((await jsonOf(result)).error).toBe(NEEDS_TAILOR_AND_PRICE);
        expect(await rowOf(order.id)).toEqual(before);
      });
    }
  }

  it("the page's form: the page again with the reason, nothing changed", async () => {
    const order = await cartItem();
    const before = await rowOf(order.id);
    for (const to of ["ordered", "accepted", "completed"]) {
      const result = await postStatus(order.id, to);
      expect(refusalOf(result)).toEqual({ status: 409, reason: NEEDS_TAILOR_AND_PRICE });
    }
    expect(await rowOf(order.id)).toEqual({ ...before, status: "cart", orderedAt: null, events: 0 });
  });

  it("nor one canceled while still in the cart", async () => {
    const order = await cartItem({ status: "canceled" });
    const result = await patchStatus(order.id, "ordered");
    expect(statusOf(result)).toBe(409);
    expect((await jsonOf(result)).error).toBe(NEEDS_TAILOR_AND_PRICE);
    expect((await rowOf(order.id)).status).toBe("canceled");
  });

  it("a tailor no longer taking work, or a buyer without an address: 409 in Thai, nothing changed", async () => {
    const order = await cartItem({ sellerId: tailor.id, totalPrice: 890 });
    await db().user.update({ where: { id: tailor.id }, data: { status: "inactive" } });
    const tailorGone = await patchStatus(order.id, "ordered");
    expect(statusOf(tailorGone)).toBe(409);
    expect((await jsonOf(tailorGone)).error).toMatch(/[\u0E00-\u0E7F]/);
    await db().user.update({ where: { id: tailor.id }, data: { status: "active" } });
    await db().user.update({ where: { id: buyer.id }, data: { address: " " } });
    const noAddress = await patchStatus(order.id, "ordered");
    expect(statusOf(noAddress)).toBe(409);
    expect((await jsonOf(noAddress)).error).toMatch(/[\u0E00-\u0E7F]/);
    expect(await rowOf(order.id)).toMatchObject({ status: "cart", orderedAt: null, deliveryAddress: null, events: 0 });
  });
});

describe("a cart item with a tailor and a price is placed by the move", () => {
  it("to ordered: order date, the buyer's address and frozen prices, one admin event", async () => {
    const order = await cartItem({ sellerId: tailor.id, totalPrice: 890 });
    const started = Date.now();
    const result = await patchStatus(order.id, "ordered");
    expect(statusOf(result)).toBe(200);
    expect((await jsonOf(result)).order).toMatchObject({ id: order.id, status: "ordered" });
    const row = await rowOf(order.id);
    expect(row).toMatchObject({
      status: "ordered",
      deliveryAddress: ADDRESS,
      priceLines: [{ label: "ราคาแบบเสื้อของร้าน", price: 890 }],
      events: 1,
    });
    expect(row.orderedAt!.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(await db().orderEvent.findFirst({ where: { orderId: order.id } })).toMatchObject({
      fromStatus: "cart",
      toStatus: "ordered",
      actorId: admin.user.id,
      actorRole: "admin",
    });
  });

  it("straight to accepted from the page's form: placed on the way", async () => {
    const order = await cartItem({ sellerId: tailor.id, totalPrice: 1250 });
    const result = await postStatus(order.id, "accepted");
    expect(await noticeOf(result)).toMatchObject({ type: "success" });
    const row = await rowOf(order.id);
    expect(row).toMatchObject({ status: "accepted", deliveryAddress: ADDRESS, events: 1 });
    expect(row.orderedAt).toBeInstanceOf(Date);
  });

  it("an order already placed keeps its order date and address", async () => {
    const design = await makeDesign({ ownerId: buyer.id });
    const orderedAt = new Date("2026-01-02T03:04:05Z");
    const order = await makeOrder({
      buyerId: buyer.id,
      sellerId: tailor.id,
      designId: design.id,
      status: "completed",
      orderedAt,
    });
    await db().order.update({ where: { id: order.id }, data: { deliveryAddress: "ที่อยู่ตอนสั่ง" } });
    expect(statusOf(await patchStatus(order.id, "ordered"))).toBe(200);
    expect(await rowOf(order.id)).toMatchObject({ status: "ordered", orderedAt, deliveryAddress: "ที่อยู่ตอนสั่ง" });
  });
});

it("a cart item may still be canceled without a tailor (spec: any status to canceled)", async () => {
  const order = await cartItem();
  expect(statusOf(await patchStatus(order.id, "canceled"))).toBe(200);
  expect(await rowOf(order.id)).toMatchObject({ status: "canceled", orderedAt: null, events: 1 });
});
