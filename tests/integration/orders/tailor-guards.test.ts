import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { transitionOrder } from "~/domain/orders/transitions.server";
import * as designMerchant from "~/routes/designer/api.merchant-design";
import * as popularDesigns from "~/routes/designer/api.popular-designs";
import * as apiMerchantOrder from "~/routes/orders/api.merchant-order";
import * as apiMerchantOrders from "~/routes/orders/api.merchant-orders";
import * as apiAccept from "~/routes/orders/api.orders-accept";
import * as apiCancel from "~/routes/orders/api.orders-cancel";
import * as apiComplete from "~/routes/orders/api.orders-complete";
import * as merchantOrder from "~/routes/orders/merchant-order";
import * as merchantOrders from "~/routes/orders/merchant-orders";
import * as apiPricing from "~/routes/tailor/api.merchants-pricing";
import * as apiStatistics from "~/routes/tailor/api.merchants-statistics";
import { databaseSnapshot } from "../../support/database-snapshot";
import { callRoute, locationOf, refusalOf, statusOf } from "../../support/requests";
import { sessionCookieFor, signedIn } from "../../support/users";
import { makeOrder } from "./support";

/**
 * The tailor's calls (their order list and order details, accept / complete / decline / cancel,
 * their prices, statistics and designs) are for tailors, and a tailor's orders are theirs alone:
 * a customer, even one who used to be the tailor of an order (an admin took the role away), is
 * refused with 403; another tailor is refused every order that is not theirs. Nothing changes.
 */

const call = (fn: unknown, path: string, options?: Parameters<typeof callRoute>[2]) =>
  callRoute(fn as never, path, options);
const THAI = /[\u0E00-\u0E7F]/;

async function bodyOf(result: unknown): Promise<{ error?: string }> {
  return result instanceof Response ? ((await result.json()) as { error?: string }) : {};
}

let ordered: Awaited<ReturnType<typeof makeOrder>>;
let accepted: { id: number };
let tailorCookie: string;

beforeAll(async () => {
  ordered = await makeOrder({ status: "ordered" });
  accepted = await db().order.create({
    data: {
      buyerId: ordered.buyer.id,
      sellerId: ordered.tailor.id,
      designId: ordered.design.id,
      name: "เสื้อรับงานแล้ว",
      quantity: 1,
      unitPrice: 500,
      totalPrice: 500,
      status: "accepted",
      orderedAt: new Date(),
    },
  });
  tailorCookie = await sessionCookieFor(ordered.tailor.id);
});

/** Every tailor call, as `cookie`: [what was asked, the answer]. */
async function everyTailorCall(cookie: string): Promise<[string, unknown][]> {
  const id = String(ordered.order.id);
  const acceptedId = String(accepted.id);
  const designId = String(ordered.design.id);
  const answers: [string, unknown][] = [
    ["GET /api/merchants/orders/me", await call(apiMerchantOrders.loader, "/api/merchants/orders/me", { cookie })],
    [
      "GET /api/merchants/order/{id}/details",
      await call(apiMerchantOrder.loader, `/api/merchants/order/${id}/details`, { cookie, params: { id } }),
    ],
    [
      "PATCH /api/orders/accept",
      await call(apiAccept.action, "/api/orders/accept", {
        cookie,
        method: "PATCH",
        json: { orderId: ordered.order.id },
      }),
    ],
    [
      "PATCH /api/orders/{id}/complete",
      await call(apiComplete.action, `/api/orders/${acceptedId}/complete`, {
        cookie,
        method: "PATCH",
        params: { id: acceptedId },
      }),
    ],
    [
      "PATCH /api/orders/{id}/cancel",
      await call(apiCancel.action, `/api/orders/${id}/cancel`, { cookie, method: "PATCH", params: { id } }),
    ],
    ["GET /api/merchants/pricing", await call(apiPricing.loader, "/api/merchants/pricing", { cookie })],
    [
      "PATCH /api/merchants/pricing",
      await call(apiPricing.action, "/api/merchants/pricing", {
        cookie,
        method: "PATCH",
        json: { basePricing: { shirt1: 1 } },
      }),
    ],
    ["GET /api/merchants/statistics", await call(apiStatistics.loader, "/api/merchants/statistics", { cookie })],
    [
      "GET /api/design/merchant/popular_designs",
      await call(popularDesigns.loader, "/api/design/merchant/popular_designs", { cookie }),
    ],
    [
      "PUT /api/design/merchant/{id}",
      await call(designMerchant.action, `/api/design/merchant/${designId}`, {
        cookie,
        method: "PUT",
        params: { id: designId },
        json: { price: 1 },
      }),
    ],
    ["GET /merchant/order/{id}", await call(merchantOrder.loader, `/merchant/order/${id}`, { cookie, params: { id } })],
  ];
  for (const [orderId, intent] of [
    [id, "accept"],
    [id, "decline"],
    [acceptedId, "complete"],
    [acceptedId, "cancel"],
  ] as const) {
    answers.push([
      `POST /merchant/order/{id} ${intent}`,
      await call(merchantOrder.action, `/merchant/order/${orderId}`, {
        cookie,
        params: { id: orderId },
        form: { intent },
      }),
    ]);
  }
  return answers;
}

async function expectNoTailorCall(cookie: string): Promise<void> {
  const before = await databaseSnapshot();
  for (const [what, result] of await everyTailorCall(cookie)) {
    expect(statusOf(result), what).toBe(403);
    if (result instanceof Response) expect((await bodyOf(result)).error, what).toMatch(THAI);
  }
  expect(locationOf(await call(merchantOrders.loader, "/merchant", { cookie }))).toBe("/");
  expect(await databaseSnapshot()).toEqual(before);
}

describe("a customer gets no tailor call", () => {
  it("a customer: 403 from every tailor call, the tailor's order list sends them to /, nothing changes", async () => {
    const customer = await signedIn({ roles: ["user"] });
    await expectNoTailorCall(customer.cookie);
  });

  it("a customer who used to be the tailor of these orders (an admin took the role away): the same", async () => {
    // Still the seller of both orders and the owner of their design.
    await db().user.update({ where: { id: ordered.tailor.id }, data: { roles: ["user"] } });
    try {
      await expectNoTailorCall(await sessionCookieFor(ordered.tailor.id));
      // Behind the calls, the order rules refuse them too.
      const direct = await transitionOrder({
        orderId: ordered.order.id,
        to: "accepted",
        actor: { id: ordered.tailor.id, roles: ["user"] },
        as: "merchant",
      }).catch((error: unknown) => error);
      expect(direct).toMatchObject({ kind: "forbidden" });
      expect((await db().order.findUniqueOrThrow({ where: { id: ordered.order.id } })).status).toBe("ordered");
    } finally {
      await db().user.update({ where: { id: ordered.tailor.id }, data: { roles: ["merchant"] } });
    }
  });
});

describe("a tailor cannot see or work another tailor's order", () => {
  it("another tailor gets 403 for the details and for accept, complete and cancel; their list leaves the order out; nothing changes", async () => {
    const intruder = await signedIn({ roles: ["merchant"] });
    const before = await databaseSnapshot();
    const id = String(ordered.order.id);
    const acceptedId = String(accepted.id);

    const refused = {
      details: await call(apiMerchantOrder.loader, `/api/merchants/order/${id}/details`, {
        cookie: intruder.cookie,
        params: { id },
      }),
      acceptedDetails: await call(apiMerchantOrder.loader, `/api/merchants/order/${acceptedId}/details`, {
        cookie: intruder.cookie,
        params: { id: acceptedId },
      }),
      accept: await call(apiAccept.action, "/api/orders/accept", {
        cookie: intruder.cookie,
        method: "PATCH",
        json: { orderId: ordered.order.id },
      }),
      complete: await call(apiComplete.action, `/api/orders/${acceptedId}/complete`, {
        cookie: intruder.cookie,
        method: "PATCH",
        params: { id: acceptedId },
      }),
      decline: await call(apiCancel.action, `/api/orders/${id}/cancel`, {
        cookie: intruder.cookie,
        method: "PATCH",
        params: { id },
      }),
      cancel: await call(apiCancel.action, `/api/orders/${acceptedId}/cancel`, {
        cookie: intruder.cookie,
        method: "PATCH",
        params: { id: acceptedId },
      }),
      page: await call(merchantOrder.loader, `/merchant/order/${id}`, { cookie: intruder.cookie, params: { id } }),
    };
    for (const [what, result] of Object.entries(refused)) {
      expect(statusOf(result), what).toBe(403);
      if (result instanceof Response) expect(await bodyOf(result), what).toEqual({ error: "คุณไม่มีสิทธิ์ดูคำสั่งซื้อนี้" });
    }
    // The page's buttons: each refused on the page, with the step's failure and why.
    for (const [orderId, intent, failure] of [
      [id, "accept", "เกิดข้อผิดพลาดในการรับงาน"],
      [id, "decline", "เกิดข้อผิดพลาดในการยกเลิกคำสั่งซื้อ"],
      [acceptedId, "complete", "เกิดข้อผิดพลาดในการอัปเดตสถานะ"],
      [acceptedId, "cancel", "เกิดข้อผิดพลาดในการยกเลิกคำสั่งซื้อ"],
    ] as const) {
      const pressed = await call(merchantOrder.action, `/merchant/order/${orderId}`, {
        cookie: intruder.cookie,
        params: { id: orderId },
        form: { intent },
      });
      expect(refusalOf(pressed), intent).toMatchObject({ status: 403, failure });
    }

    const list = await call(apiMerchantOrders.loader, "/api/merchants/orders/me", { cookie: intruder.cookie });
    expect(await (list as Response).json()).toMatchObject({ total: 0, items: [] });
    const page = (await call(merchantOrders.loader, "/merchant", { cookie: intruder.cookie })) as {
      orders: { total: number };
      counts: Record<string, number>;
    };
    expect(page.orders.total).toBe(0);
    expect(page.counts).toMatchObject({ ordered: 0, accepted: 0 });
    expect(await databaseSnapshot()).toEqual(before);
  });

  it("the order's own tailor is answered by the same calls (so the refusals above are about whose order it is)", async () => {
    const id = String(ordered.order.id);
    const acceptedId = String(accepted.id);
    expect(
      statusOf(
        await call(apiMerchantOrder.loader, `/api/merchants/order/${id}/details`, {
          cookie: tailorCookie,
          params: { id },
        }),
      ),
    ).toBe(200);
    expect(
      await (
        (await call(apiMerchantOrders.loader, "/api/merchants/orders/me", { cookie: tailorCookie })) as Response
      ).json(),
    ).toMatchObject({ total: 2 });
    expect(
      statusOf(
        await call(apiComplete.action, `/api/orders/${acceptedId}/complete`, {
          cookie: tailorCookie,
          method: "PATCH",
          params: { id: acceptedId },
        }),
      ),
    ).toBe(200);
    expect(
      statusOf(
        await call(apiAccept.action, "/api/orders/accept", {
          cookie: tailorCookie,
          method: "PATCH",
          json: { orderId: ordered.order.id },
        }),
      ),
    ).toBe(200);
    expect(
      statusOf(
        await call(apiCancel.action, `/api/orders/${id}/cancel`, {
          cookie: tailorCookie,
          method: "PATCH",
          params: { id },
          json: { reason: "คิวงานเต็ม" },
        }),
      ),
    ).toBe(200);
  });
});

describe("an admin looks at the tailor's order page, read only", () => {
  it("the page opens with the order and offers no action; pressing one is refused and changes nothing", async () => {
    const { cookie } = await signedIn({ roles: ["admin"] });
    const waiting = await makeOrder({ status: "ordered" });
    const id = String(waiting.order.id);
    const page = (await call(merchantOrder.loader, `/merchant/order/${id}`, { cookie, params: { id } })) as {
      order: { id: number; status: string };
      isSeller: boolean;
    };
    expect(page.order).toMatchObject({ id: waiting.order.id, status: "ordered" });
    // The page draws the tailor's buttons only for the order's own tailor.
    expect(page.isSeller).toBe(false);
    const before = await databaseSnapshot();
    const pressed = await call(merchantOrder.action, `/merchant/order/${id}`, {
      cookie,
      params: { id },
      form: { intent: "decline" },
    });
    expect(statusOf(pressed)).toBe(403);
    expect(await databaseSnapshot()).toEqual(before);
  });
});
