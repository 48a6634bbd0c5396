import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import type { OrderStatus } from "~/data/generated/enums";
import { getMerchantStatistics } from "~/domain/statistics/merchant-statistics.server";
import { loader as popularLoader } from "~/routes/designer/api.popular-designs";
import { loader as chartImageLoader } from "~/routes/tailor/api.chart-image";
import { loader as apiLoader } from "~/routes/tailor/api.merchants-statistics";
import { loader as pageLoader } from "~/routes/tailor/statistics";
import { callRoute, locationOf, statusOf } from "../../support/requests";
import { statementsDuring } from "../../support/statement-count";
import { createTestUser, sessionCookieFor, signedIn } from "../../support/users";

/*
 * One tailor's orders at known instants, and the figures worked out by hand.
 * "Now" is 2026-11-22 12:00 in Bangkok (05:00 UTC). Periods count Bangkok days:
 *   week  from 2026-11-16 00:00 BKK (2026-11-15T17:00Z)
 *   month from 2026-10-24 00:00 BKK (2026-10-23T17:00Z)
 *   year  from 2025-12-01 00:00 BKK (2025-11-30T17:00Z)
 */
const NOW = new Date("2026-11-22T05:00:00Z");

let tailorId: number;
const design: Record<"d1" | "d2" | "d3", number> = { d1: 0, d2: 0, d3: 0 };
const orderIds: Record<string, number> = {};

beforeAll(async () => {
  const tailor = await createTestUser({ roles: ["merchant"] });
  const other = await createTestUser({ roles: ["merchant"] });
  const buyer = await createTestUser({ roles: ["user"], name: "ลูกค้า ทดสอบ" });
  tailorId = tailor.id;
  for (const [key, baseId] of [
    ["d1", "shirt1"],
    ["d2", "shirt4"],
    ["d3", "shirt6"],
  ] as const) {
    design[key] = (await db().design.create({ data: { ownerId: tailor.id, baseId, price: 100 } })).id;
  }
  const rows: [string, OrderStatus, number, string | null, keyof typeof design, number?][] = [
    ["A", "completed", 1000, "2026-11-22T01:00:00Z", "d1"], // 08:00 Nov 22 BKK
    ["B", "ordered", 500, "2026-11-21T18:30:00Z", "d1"], // 01:30 Nov 22 BKK: today in Bangkok
    ["C", "accepted", 700, "2026-11-15T17:00:00Z", "d2"], // 00:00 Nov 16 BKK: first instant of the week
    ["D", "completed", 300, "2026-11-15T16:59:00Z", "d2"], // 23:59 Nov 15 BKK: month, not week
    ["E", "canceled", 900, "2026-11-20T03:00:00Z", "d1"], // counts nowhere but the list
    ["F", "completed", 2000, "2026-10-24T00:00:00Z", "d3"], // 07:00 Oct 24 BKK: first day of the month window
    ["G", "completed", 1500, "2026-10-23T16:00:00Z", "d3"], // 23:00 Oct 23 BKK: year, not month
    ["H", "completed", 4000, "2025-12-01T00:00:00Z", "d1"], // Dec 1 2025 BKK: first month of the year window
    ["I", "completed", 800, "2025-11-30T16:00:00Z", "d2"], // 23:00 Nov 30 2025 BKK: all time only
    ["K", "cart", 999, null, "d1"], // still in a cart: never counted
    ["L", "completed", 50, null, "d3"], // no orderedAt: its createdAt (Nov 21) counts
  ];
  for (const [name, status, total, orderedAt, designKey] of rows) {
    const created = await db().order.create({
      data: {
        buyerId: buyer.id,
        sellerId: tailor.id,
        designId: design[designKey],
        name: `เสื้อ ${name}`,
        quantity: 1,
        unitPrice: total,
        totalPrice: total,
        status,
        orderedAt: orderedAt ? new Date(orderedAt) : null,
        createdAt: orderedAt ? new Date(orderedAt) : new Date("2026-11-21T05:00:00Z"),
      },
    });
    orderIds[name] = created.id;
  }
  // Another tailor's order today: never in this tailor's figures.
  await db().order.create({
    data: {
      buyerId: buyer.id,
      sellerId: other.id,
      designId: design.d1,
      name: "อื่น",
      totalPrice: 100,
      status: "ordered",
      orderedAt: NOW,
    },
  });
});

const trendOf = (points: { date: string; orderCount: number; revenue: number }[]) =>
  points.filter((point) => point.orderCount > 0 || point.revenue > 0);
const topOf = (designs: { id: number; orderCount: number; totalRevenue: number }[]) =>
  designs.map((d) => [d.id, d.orderCount, d.totalRevenue]);

describe("a tailor's statistics, against figures worked out by hand", () => {
  it("week: today and the 6 days before, in Bangkok days", async () => {
    const stats = await getMerchantStatistics(tailorId, "week", NOW);
    expect(stats.orderCounts).toEqual({ ordered: 1, accepted: 1, completed: 2 });
    expect(stats.totalEarnings).toBe(1050);
    expect(stats.orderTotal).toBe(5);
    expect(stats.salesTrend.map((point) => point.date)).toEqual([
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
    ]);
    expect(trendOf(stats.salesTrend)).toEqual([
      { date: "2026-11-16", orderCount: 1, revenue: 0 },
      { date: "2026-11-21", orderCount: 1, revenue: 50 },
      { date: "2026-11-22", orderCount: 2, revenue: 1000 },
    ]);
    expect(topOf(stats.topDesigns)).toEqual([
      [design.d1, 2, 1000],
      [design.d3, 1, 50],
      [design.d2, 1, 0],
    ]);
    expect(stats.topDesigns[0]).toMatchObject({
      label: "เสื้อเชิ้ตชายแขนยาว",
      image: `/api/designs/${design.d1}/preview.svg`,
    });
    expect(stats.orders.map((order) => order.id)).toEqual([orderIds.A, orderIds.B, orderIds.E, orderIds.C, orderIds.L]);
    expect(stats.orders[2]).toMatchObject({ status: "canceled", totalPrice: 900, buyerName: "ลูกค้า ทดสอบ" });
  });

  it("month: the last 30 Bangkok days", async () => {
    const stats = await getMerchantStatistics(tailorId, "month", NOW);
    expect(stats.orderCounts).toEqual({ ordered: 1, accepted: 1, completed: 4 });
    expect(stats.totalEarnings).toBe(3350);
    expect(stats.orderTotal).toBe(7);
    expect(stats.salesTrend).toHaveLength(30);
    expect(stats.salesTrend[0]!.date).toBe("2026-10-24");
    expect(trendOf(stats.salesTrend)).toEqual([
      { date: "2026-10-24", orderCount: 1, revenue: 2000 },
      { date: "2026-11-15", orderCount: 1, revenue: 300 },
      { date: "2026-11-16", orderCount: 1, revenue: 0 },
      { date: "2026-11-21", orderCount: 1, revenue: 50 },
      { date: "2026-11-22", orderCount: 2, revenue: 1000 },
    ]);
    expect(topOf(stats.topDesigns)).toEqual([
      [design.d3, 2, 2050],
      [design.d1, 2, 1000],
      [design.d2, 2, 300],
    ]);
  });

  it("year: this month and the 11 before, by month", async () => {
    const stats = await getMerchantStatistics(tailorId, "year", NOW);
    expect(stats.orderCounts).toEqual({ ordered: 1, accepted: 1, completed: 6 });
    expect(stats.totalEarnings).toBe(8850);
    expect(stats.orderTotal).toBe(9);
    expect(stats.salesTrend).toHaveLength(12);
    expect(trendOf(stats.salesTrend)).toEqual([
      { date: "2025-12-01", orderCount: 1, revenue: 4000 },
      { date: "2026-10-01", orderCount: 2, revenue: 3500 },
      { date: "2026-11-01", orderCount: 5, revenue: 1350 },
    ]);
    expect(topOf(stats.topDesigns)).toEqual([
      [design.d1, 3, 5000],
      [design.d3, 3, 3550],
      [design.d2, 2, 300],
    ]);
  });

  it("all time: monthly from the first order", async () => {
    const stats = await getMerchantStatistics(tailorId, "all", NOW);
    expect(stats.orderCounts).toEqual({ ordered: 1, accepted: 1, completed: 7 });
    expect(stats.totalEarnings).toBe(9650);
    expect(stats.orderTotal).toBe(10);
    expect(stats.salesTrend).toHaveLength(13);
    expect(stats.salesTrend[0]).toEqual({ date: "2025-11-01", orderCount: 1, revenue: 800 });
    expect(topOf(stats.topDesigns)).toEqual([
      [design.d1, 3, 5000],
      [design.d3, 3, 3550],
      [design.d2, 3, 1100],
    ]);
    expect(stats.orders.map((order) => order.id)).not.toContain(orderIds.K);
  });

  it("a tailor with no orders gets zeros, not an error", async () => {
    const newcomer = await createTestUser({ roles: ["merchant"] });
    const stats = await getMerchantStatistics(newcomer.id, "all", NOW);
    expect(stats).toMatchObject({
      orderCounts: { ordered: 0, accepted: 0, completed: 0 },
      totalEarnings: 0,
      topDesigns: [],
      orders: [],
      orderTotal: 0,
    });
    expect(stats.salesTrend).toEqual([{ date: "2026-11-01", orderCount: 0, revenue: 0 }]);
  });

  it("reads the counts, the trend, the top designs and the newest orders in one statement", async () => {
    let stats: Awaited<ReturnType<typeof getMerchantStatistics>> | undefined;
    const sent = await statementsDuring(async () => {
      stats = await getMerchantStatistics(tailorId, "week", NOW);
    });
    expect(sent).toHaveLength(1);
    // The newest orders come as the page prints them: the moment it was ordered, and nothing more.
    const newest = await db().order.findUniqueOrThrow({ where: { id: orderIds.A } });
    expect(stats!.orders[0]).toEqual({
      id: orderIds.A,
      name: newest.name,
      buyerName: "ลูกค้า ทดสอบ",
      quantity: newest.quantity,
      totalPrice: newest.totalPrice === null ? null : Number(newest.totalPrice),
      status: newest.status,
      orderedAt: (newest.orderedAt ?? newest.createdAt).toISOString(),
    });
  });
});

describe("GET /api/merchants/statistics", () => {
  const api = apiLoader as unknown as Parameters<typeof callRoute>[0];

  it("answers 401, 403, and 400 for an unknown period", async () => {
    expect(statusOf(await callRoute(api, "/api/merchants/statistics"))).toBe(401);
    const customer = await signedIn({ roles: ["user"] });
    expect(statusOf(await callRoute(api, "/api/merchants/statistics", { cookie: customer.cookie }))).toBe(403);
    const tailor = await signedIn({ roles: ["merchant"] });
    const bad = (await callRoute(api, "/api/merchants/statistics?period=decade", {
      cookie: tailor.cookie,
    })) as Response;
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toContain("ช่วงเวลาไม่ถูกต้อง");
  });

  it("gives the spec's fields for the signed-in tailor", async () => {
    const response = (await callRoute(api, "/api/merchants/statistics?period=year", {
      cookie: await sessionCookieFor(tailorId),
    })) as Response;
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual([
      "orderCounts",
      "orderTotal",
      "orders",
      "period",
      "salesTrend",
      "topDesigns",
      "totalEarnings",
    ]);
    expect(body.orderCounts).toEqual({ ordered: 1, accepted: 1, completed: expect.any(Number) });
    expect(body.topDesigns[0]).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        image: expect.any(String),
        orderCount: expect.any(Number),
        totalRevenue: expect.any(Number),
      }),
    );
    expect(body.salesTrend[0]).toEqual({
      date: expect.stringMatching(/^\d{4}-\d{2}-01$/),
      orderCount: expect.any(Number),
      revenue: expect.any(Number),
    });
  });
});

describe("/merchant/statistics", () => {
  const page = pageLoader as unknown as Parameters<typeof callRoute>[0];
  const chartImage = chartImageLoader as unknown as Parameters<typeof callRoute>[0];

  it("is for tailors only", async () => {
    expect(locationOf(await callRoute(page, "/merchant/statistics"))).toMatch(/^\/login/);
    const customer = await signedIn({ roles: ["user"] });
    expect(locationOf(await callRoute(page, "/merchant/statistics", { cookie: customer.cookie }))).toBe("/");
  });

  it("draws the charts on the server and shows the spec's message for a bad period", async () => {
    const cookie = await sessionCookieFor(tailorId);
    const ok = (await callRoute(page, "/merchant/statistics?period=month", { cookie })) as {
      period: string;
      statistics: Record<string, unknown>;
      charts: { orders: { spec: { points: unknown[] }; image: { narrow: string; wide: string } } };
    };
    expect(ok.period).toBe("month");
    // The trend travels once, inside each chart's figures.
    expect(ok.statistics).not.toHaveProperty("salesTrend");
    expect(ok.charts.orders.spec.points).toHaveLength(30);
    // The page carries the chart's address; the image route draws what the address carries.
    for (const address of [ok.charts.orders.image.narrow, ok.charts.orders.image.wide]) {
      const image = (await callRoute(chartImage, address)) as Response;
      expect(image.status).toBe(200);
      expect(image.headers.get("Content-Type")).toContain("image/svg+xml");
      expect(await image.text()).toContain("<svg");
    }
    const bad = await callRoute(page, "/merchant/statistics?period=decade", { cookie });
    expect(statusOf(bad)).toBe(400);
    expect((bad as { data: { error: { message: string } } }).data.error.message).toBe("ไม่สามารถโหลดข้อมูลสถิติได้");
  });
});

describe("GET /api/design/merchant/popular_designs", () => {
  const popular = popularLoader as unknown as Parameters<typeof callRoute>[0];

  it("gives each design its orders (placed, not canceled) and the revenue of its completed orders", async () => {
    const response = (await callRoute(popular, "/api/design/merchant/popular_designs", {
      cookie: await sessionCookieFor(tailorId),
    })) as Response;
    expect(response.status).toBe(200);
    const designs = (await response.json()) as { id: number; orderCount: number; totalRevenue: number }[];
    // d1: A, B, H and the other tailor's order made from it; E canceled and K in a cart count nowhere.
    expect(topOf(designs).sort((a, b) => a[0]! - b[0]!)).toEqual([
      [design.d1, 4, 5000],
      [design.d2, 3, 1100],
      [design.d3, 3, 3550],
    ]);
  });
});
