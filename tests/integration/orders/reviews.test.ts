import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { editReview, ratingsOf } from "~/domain/reviews/reviews.server";
import * as adminReviews from "~/routes/admin/reviews";
import * as apiReview from "~/routes/orders/api.order-review";
import * as merchantOrder from "~/routes/orders/merchant-order";
import * as userProduct from "~/routes/orders/user-product";
import * as apiTailorReviews from "~/routes/tailor/api.merchant-reviews";
import * as apiPublicMerchants from "~/routes/tailor/api.public-merchants";
import * as tailorReviewsPage from "~/routes/tailor/reviews";
import * as shopPage from "~/routes/tailor/shop-page";
import { callJson as api, callRoute, fullNoticeOf, statusOf } from "../../support/requests";
import { readyShop } from "../../support/shops";
import { createTestUser, sessionCookieFor, signedIn } from "../../support/users";
import { makeOrder } from "./support";

/** A completed order, its buyer's and its tailor's sessions. */
async function completedOrder(status: "completed" | "canceled" | "ordered" = "completed") {
  const made = await makeOrder({ status });
  return {
    ...made,
    id: made.order.id,
    params: { id: String(made.order.id) },
    buyerCookie: await sessionCookieFor(made.buyer.id),
    tailorCookie: await sessionCookieFor(made.tailor.id),
  };
}

const reviewPath = (id: number) => `/api/orders/${id}/review`;

describe("a buyer reviews the tailor of a completed order", () => {
  it("by the order page's form (stars as radio buttons): once, then edits it for 30 days", async () => {
    const order = await completedOrder();
    const sent = await callRoute(userProduct.action, `/user/product/${order.id}`, {
      cookie: order.buyerCookie,
      form: { intent: "review", rating: "5", comment: "  ตัดพอดีตัว\r\nผ้าสวย  " },
      params: order.params,
    });
    expect(await fullNoticeOf(sent)).toMatchObject({
      type: "success",
      message: "บันทึกรีวิวเรียบร้อยแล้ว ขอบคุณสำหรับความคิดเห็น",
    });
    const stored = await db().review.findUniqueOrThrow({ where: { orderId: order.id } });
    expect(stored).toMatchObject({
      rating: 5,
      comment: "ตัดพอดีตัว\nผ้าสวย",
      authorId: order.buyer.id,
      merchantId: order.tailor.id,
    });

    // A second review is refused; the same call with PUT edits it.
    const again = await api(apiReview.action, reviewPath(order.id), {
      cookie: order.buyerCookie,
      json: { rating: 1 },
      params: order.params,
    });
    expect(again).toEqual({ status: 409, body: { error: "คุณรีวิวคำสั่งซื้อนี้แล้ว แก้ไขรีวิวเดิมได้แทน" } });
    const edited = await api(apiReview.action, reviewPath(order.id), {
      method: "PUT",
      cookie: order.buyerCookie,
      json: { rating: 4, comment: "แขนยาวไปนิด" },
      params: order.params,
    });
    expect(edited).toMatchObject({ status: 200, body: { review: { rating: 4, comment: "แขนยาวไปนิด" } } });

    // Thirty-one days on, it can no longer be changed.
    const later = new Date(stored.createdAt.getTime() + 31 * 86_400_000);
    await expect(editReview(order.id, order.buyer.id, { rating: 1, comment: "" }, later)).rejects.toMatchObject({
      kind: "conflict",
      message: "แก้ไขรีวิวได้ภายใน 30 วันหลังเขียนเท่านั้น",
    });
    expect((await db().review.findUniqueOrThrow({ where: { orderId: order.id } })).rating).toBe(4);
  });

  it("refuses other people, orders not completed, and stars or comments out of range", async () => {
    const order = await completedOrder();
    const stranger = await sessionCookieFor((await createTestUser()).id);
    expect(
      await api(apiReview.action, reviewPath(order.id), {
        cookie: stranger,
        json: { rating: 5 },
        params: order.params,
      }),
    ).toEqual({
      status: 403,
      body: { error: "รีวิวได้เฉพาะผู้สั่งซื้อคำสั่งซื้อนี้" },
    });
    expect(
      (
        await api(apiReview.action, reviewPath(order.id), {
          cookie: order.tailorCookie,
          json: { rating: 5 },
          params: order.params,
        })
      ).status,
    ).toBe(403);
    for (const rating of [0, 6, 4.5, "ห้า", null]) {
      expect(
        await api(apiReview.action, reviewPath(order.id), {
          cookie: order.buyerCookie,
          json: { rating },
          params: order.params,
        }),
      ).toEqual({
        status: 400,
        body: { error: "กรุณาให้คะแนน 1 ถึง 5 ดาว" },
      });
    }
    expect(
      await api(apiReview.action, reviewPath(order.id), {
        cookie: order.buyerCookie,
        json: { rating: 5, comment: "ก".repeat(1001) },
        params: order.params,
      }),
    ).toEqual({ status: 400, body: { error: "ความคิดเห็นต้องไม่เกิน 1,000 ตัวอักษร" } });

    for (const status of ["canceled", "ordered"] as const) {
      const other = await completedOrder(status);
      expect(
        await api(apiReview.action, reviewPath(other.id), {
          cookie: other.buyerCookie,
          json: { rating: 5 },
          params: other.params,
        }),
      ).toEqual({ status: 409, body: { error: "รีวิวช่างตัดได้เมื่อคำสั่งซื้อตัดเย็บเสร็จแล้วเท่านั้น" } });
    }
    // Without a rating the page's form says so beside the stars.
    const noStars = await callRoute(userProduct.action, `/user/product/${order.id}`, {
      cookie: order.buyerCookie,
      form: { intent: "review", comment: "ดี" },
      params: order.params,
    });
    expect(statusOf(noStars)).toBe(400);
    expect(JSON.stringify(noStars)).toContain("กรุณาให้คะแนน 1 ถึง 5 ดาว");
    expect(await db().review.count({ where: { orderId: order.id } })).toBe(0);
  });

  it("two first reviews at once: one is kept", async () => {
    const order = await completedOrder();
    const results = await Promise.all(
      [5, 4, 3].map((rating) =>
        api(apiReview.action, reviewPath(order.id), {
          cookie: order.buyerCookie,
          json: { rating },
          params: order.params,
        }),
      ),
    );
    expect(results.filter((result) => result.status === 201)).toHaveLength(1);
    expect(results.filter((result) => result.status === 409)).toHaveLength(2);
    expect(await db().review.count({ where: { orderId: order.id } })).toBe(1);
  });
});

describe("the tailor answers once; an admin hides with a reason", () => {
  it("answer, hide, and who sees what", async () => {
    const order = await completedOrder();
    await api(apiReview.action, reviewPath(order.id), {
      cookie: order.buyerCookie,
      json: { rating: 1, comment: "ข้อความไม่สุภาพ" },
      params: order.params,
    });
    const asTailor = (form: Record<string, string>, cookie = order.tailorCookie) =>
      callRoute(merchantOrder.action, `/merchant/order/${order.id}`, { cookie, form, params: order.params });

    const empty = await asTailor({ intent: "review-reply", reply: " " });
    expect(statusOf(empty)).toBe(400);
    expect(JSON.stringify(empty)).toContain("กรุณาพิมพ์คำตอบ");
    const otherTailor = await sessionCookieFor((await createTestUser({ roles: ["merchant"] })).id);
    expect(
      await fullNoticeOf(await asTailor({ intent: "review-reply", reply: "ไม่ใช่ร้านนี้" }, otherTailor)),
    ).toMatchObject({
      type: "error",
      description: "ตอบรีวิวได้เฉพาะช่างตัดของคำสั่งซื้อนี้",
    });
    expect(await fullNoticeOf(await asTailor({ intent: "review-reply", reply: "ขออภัยครับ" }))).toMatchObject({
      type: "success",
      message: "ตอบรีวิวเรียบร้อยแล้ว",
    });
    expect(await fullNoticeOf(await asTailor({ intent: "review-reply", reply: "อีกครั้ง" }))).toMatchObject({
      type: "error",
      description: "คุณตอบรีวิวนี้แล้ว",
    });

    expect((await ratingsOf([order.tailor.id])).get(order.tailor.id)).toEqual({ average: 1, count: 1 });
    const review = await db().review.findUniqueOrThrow({ where: { orderId: order.id } });
    const admin = await signedIn({ roles: ["admin"], name: "ผู้ดูแล ทดสอบ" });
    const noReason = await callRoute(adminReviews.action, `/admin/manage/reviews?hide=${review.id}`, {
      cookie: admin.cookie,
      form: { intent: "hide", id: String(review.id) },
    });
    expect(statusOf(noReason)).toBe(400);
    const hidden = await callRoute(adminReviews.action, `/admin/manage/reviews?hide=${review.id}`, {
      cookie: admin.cookie,
      form: { intent: "hide", id: String(review.id), reason: "ถ้อยคำไม่สุภาพ" },
    });
    expect(await fullNoticeOf(hidden)).toMatchObject({ type: "success", message: "ซ่อนรีวิวเรียบร้อยแล้ว" });
    // The log names the admin by id (decision 89).
    expect(await db().auditEntry.findFirst({ where: { action: "review.hide", targetId: review.id } })).toMatchObject({
      actorId: admin.user.id,
      targetType: "review",
    });

    // Gone from the public list and the average; its author still sees it, marked hidden, and cannot edit it.
    expect((await ratingsOf([order.tailor.id])).get(order.tailor.id)).toEqual({ average: 0, count: 0 });
    const publicList = await api(apiTailorReviews.loader, `/api/merchants/${order.tailor.id}/reviews`, {
      params: { id: String(order.tailor.id) },
    });
    expect(publicList.body).toMatchObject({ rating: { average: 0, count: 0 }, items: [], total: 0 });
    const page = (await callRoute(userProduct.loader, `/user/product/${order.id}`, {
      cookie: order.buyerCookie,
      params: order.params,
    })) as { review: { hidden: { reason: string } | null } | null; canEditReview: boolean };
    expect(page.review?.hidden?.reason).toBe("ถ้อยคำไม่สุภาพ");
    expect(page.canEditReview).toBe(false);
    const edit = await api(apiReview.action, reviewPath(order.id), {
      method: "PUT",
      cookie: order.buyerCookie,
      json: { rating: 5 },
      params: order.params,
    });
    expect(edit).toEqual({ status: 409, body: { error: "รีวิวนี้ถูกซ่อนโดยผู้ดูแลระบบ จึงแก้ไขไม่ได้" } });
  });
});

describe("tailors' ratings where customers choose", () => {
  it("the public list carries each tailor's average and count; their reviews page comes ten at a time", async () => {
    const first = await completedOrder();
    const tailorId = first.tailor.id;
    // Listed once the shop can take orders (issue 46).
    await readyShop(tailorId);
    // Eleven more completed orders of the same tailor, each reviewed.
    const ratings = [5, 4, 5, 3, 5, 4, 5, 5, 4, 5, 5, 4];
    for (const [index, rating] of ratings.entries()) {
      const { order } =
        index === 0
          ? first
          : await (async () => {
              const buyer = await createTestUser();
              const made = await db().order.create({
                data: {
                  buyerId: buyer.id,
                  sellerId: tailorId,
                  designId: first.design.id,
                  name: "เสื้อทดสอบ",
                  quantity: 1,
                  unitPrice: 500,
                  totalPrice: 500,
                  status: "completed",
                  orderedAt: new Date(),
                },
              });
              return { order: made };
            })();
      const buyerId = (await db().order.findUniqueOrThrow({ where: { id: order.id } })).buyerId;
      await db().review.create({ data: { orderId: order.id, authorId: buyerId, merchantId: tailorId, rating } });
    }
    const average = Math.round((ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length) * 10) / 10;
    const pageOne = await api(apiTailorReviews.loader, `/api/merchants/${tailorId}/reviews`, {
      params: { id: String(tailorId) },
    });
    expect(pageOne.body).toMatchObject({ rating: { average, count: 12 }, page: 1, pageCount: 2, total: 12 });
    expect((pageOne.body.items as unknown[]).length).toBe(10);
    const pageTwo = await api(apiTailorReviews.loader, `/api/merchants/${tailorId}/reviews?page=2`, {
      params: { id: String(tailorId) },
    });
    expect((pageTwo.body.items as unknown[]).length).toBe(2);

    const shops: { id: number; rating: { average: number; count: number } }[] = [];
    for (let page = 1; ; page++) {
      const response = (await callRoute(apiPublicMerchants.loader, `/api/public/merchants?page=${page}`)) as Response;
      const rows = (await response.json()) as typeof shops;
      if (rows.length === 0) break;
      shops.push(...rows);
    }
    expect(shops.find((shop) => shop.id === tailorId)?.rating).toEqual({ average, count: 12 });

    const unknown = await api(apiTailorReviews.loader, "/api/merchants/999999/reviews", { params: { id: "999999" } });
    expect(unknown).toEqual({ status: 404, body: { error: "ไม่พบร้านค้านี้" } });
  });
});

describe("the admin's list of reviews", () => {
  it("counts every review, hidden ones too, and forgets those that are gone", async () => {
    const admin = await signedIn({ roles: ["admin"] });
    const listed = async () =>
      (await callRoute(adminReviews.loader, "/admin/manage/reviews", { cookie: admin.cookie })) as {
        total: number;
        items: { id: number }[];
      };
    const before = (await listed()).total; // the reviews of the tests above
    const orders = [await completedOrder(), await completedOrder(), await completedOrder()];
    for (const [i, order] of orders.entries())
      await api(apiReview.action, reviewPath(order.id), {
        cookie: order.buyerCookie,
        json: { rating: i + 3 },
        params: order.params,
      });
    expect((await listed()).total).toBe(before + 3);
    const [first] = (await listed()).items;
    await callRoute(adminReviews.action, "/admin/manage/reviews", {
      cookie: admin.cookie,
      form: { intent: "hide", id: String(first!.id), reason: "ทดสอบการนับ" },
    });
    expect((await listed()).total).toBe(before + 3);

    // The count is kept by the database with every insert and delete (ShopTotal), not counted per page.
    await db().review.delete({ where: { orderId: orders[0]!.id } });
    expect((await listed()).total).toBe(before + 2);
  });
});

describe("what the public reads of a review", () => {
  it("no order id or other private field: the JSON call, the reviews page and the shop's own page", async () => {
    const order = await completedOrder();
    await api(apiReview.action, reviewPath(order.id), {
      cookie: order.buyerCookie,
      json: { rating: 5, comment: "ผ้าดี" },
      params: order.params,
    });
    const tailorId = order.tailor.id;
    // Order ids are numbered in turn: shown beside each review they would tell anyone a tailor's sales.
    const publicKeys = ["author", "comment", "createdAt", "id", "rating", "repliedAt", "reply", "updatedAt"];
    const json = await api(apiTailorReviews.loader, `/api/merchants/${tailorId}/reviews`, {
      params: { id: String(tailorId) },
    });
    const [item] = json.body.items as Record<string, unknown>[];
    expect(Object.keys(item!).sort()).toEqual(publicKeys);
    const page = (await callRoute(tailorReviewsPage.loader, `/merchant/info/${tailorId}/reviews`, {
      params: { id: String(tailorId) },
    })) as { reviews: { items: Record<string, unknown>[] } };
    expect(Object.keys(page.reviews.items[0]!).sort()).toEqual(publicKeys);
    await readyShop(tailorId);
    const shop = (await callRoute(shopPage.loader, `/merchant/info/${tailorId}`, {
      params: { id: String(tailorId) },
    })) as { shop: { latestReviews: Record<string, unknown>[] } };
    expect(Object.keys(shop.shop.latestReviews[0]!).sort()).toEqual(publicKeys);
    for (const data of [json.body, page, shop]) expect(JSON.stringify(data)).not.toContain(`"orderId"`);
  });
});
