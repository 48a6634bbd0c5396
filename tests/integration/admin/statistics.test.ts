import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { getAdminStatistics } from "~/domain/admin/statistics.server";
import { periodWindow } from "~/domain/statistics/periods";
import { loader as statisticsLoader } from "~/routes/admin/api.statistics";
import { statusOf } from "../../support/requests";
import { statementsDuring } from "../../support/statement-count";
import { createTestUser, signedIn } from "../../support/users";
import { call, jsonOf, makeDesign, makeOrder } from "./support";

// A fixed "now" and orders placed at known moments, so every figure can be worked out by hand.
const NOW = new Date("2026-11-20T05:00:00Z"); // 12:00 in Bangkok
const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

let ids: { alice: number; bob: number; t1: number; t2: number; d1: number; d2: number; d3: number };

beforeAll(async () => {
  const alice = await createTestUser({ roles: ["user"], name: "อลิส", email: "alice@example.com" });
  const bob = await createTestUser({ roles: ["user"], name: "บ็อบ", email: "bob@example.com" });
  const t1 = await createTestUser({ roles: ["merchant"], name: "ช่างหนึ่ง", email: "t1@example.com" });
  const t2 = await createTestUser({ roles: ["merchant"], name: "ช่างสอง", email: "t2@example.com", status: "inactive" });
  await createTestUser({ roles: ["admin"], name: "แอดมิน", email: "admin@example.com" });
  const d1 = await makeDesign({ ownerId: t1.id, price: 500 });
  const d2 = await makeDesign({ ownerId: t2.id, price: 800 });
  const d3 = await makeDesign({ ownerId: t1.id, status: "pending", type: "upload" });
  ids = { alice: alice.id, bob: bob.id, t1: t1.id, t2: t2.id, d1: d1.id, d2: d2.id, d3: d3.id };
  const o = (
    buyerId: number,
    sellerId: number,
    designId: number,
    status: "cart" | "ordered" | "accepted" | "completed" | "canceled",
    totalPrice: number,
    daysAgo: number,
  ) =>
    makeOrder({
      buyerId,
      sellerId,
      designId,
      status,
      totalPrice,
      createdAt: ago(daysAgo),
      orderedAt: status === "cart" ? null : ago(daysAgo),
    });
  await o(alice.id, t1.id, d1.id, "completed", 1000, 2); // week
  await o(alice.id, t1.id, d1.id, "completed", 500, 10); // month
  await o(alice.id, t2.id, d2.id, "canceled", 800, 1); // week
  await o(bob.id, t2.id, d2.id, "completed", 1600, 100); // year
  await o(bob.id, t1.id, d1.id, "accepted", 500, 3); // week
  await o(bob.id, t1.id, d2.id, "ordered", 800, 500); // all only
  await o(bob.id, t1.id, d1.id, "cart", 9999, 0); // never counted
});

describe("admin statistics against hand-computed figures", () => {
  it("all time", async () => {
    const stats = await getAdminStatistics("all", { now: NOW });
    expect(stats.platformStats).toMatchObject({
      totalUsers: 5,
      totalMerchants: 2,
      totalOrders: 6,
      totalRevenue: 3100,
      totalDesigns: 3,
      pendingDesigns: 1,
    });
    // Canceled orders are left out of the top designs.
    expect(stats.platformStats.topDesigns.map((d) => [d.id, d.orderCount, d.totalRevenue])).toEqual([
      [ids.d1, 3, 1500],
      [ids.d2, 2, 1600],
    ]);
    expect(stats.platformStats.recentOrders).toHaveLength(6);
    expect(stats.platformStats.recentOrders[0]!.status).toBe("canceled");
    // Newest first, each with its people, price and the moment it was ordered.
    expect(stats.platformStats.recentOrders.slice(0, 2)).toEqual([
      expect.objectContaining({
        buyerName: "อลิส",
        sellerName: "ช่างสอง",
        totalPrice: 800,
        status: "canceled",
        orderedAt: ago(1).toISOString(),
      }),
      expect.objectContaining({
        buyerName: "อลิส",
        sellerName: "ช่างหนึ่ง",
        totalPrice: 1000,
        status: "completed",
        orderedAt: ago(2).toISOString(),
      }),
    ]);
    expect(stats.platformStats.recentOrders.map((order) => order.orderedAt)).toEqual(
      [1, 2, 3, 10, 100, 500].map((days) => ago(days).toISOString()),
    );
    // Customers: completed count first.
    expect(
      stats.userStats.map((u) => [
        u.name,
        u.orderedCount,
        u.acceptedCount,
        u.completedCount,
        u.canceledCount,
        u.totalSpending,
      ]),
    ).toEqual([
      ["อลิส", 0, 0, 2, 1, 1500],
      ["บ็อบ", 1, 1, 1, 0, 1600],
    ]);
    // Tailors: revenue first; the inactive one still counts.
    expect(
      stats.merchantStats.map((m) => [
        m.name,
        m.status,
        m.orderedCount,
        m.acceptedCount,
        m.completedCount,
        m.canceledCount,
        m.totalRevenue,
      ]),
    ).toEqual([
      ["ช่างสอง", "inactive", 0, 0, 1, 1, 1600],
      ["ช่างหนึ่ง", "active", 1, 1, 2, 0, 1500],
    ]);
  });

  it("last 7 days: today and the 6 Bangkok days before, as for the tailors, with a zero-filled daily trend", async () => {
    const stats = await getAdminStatistics("week", { now: NOW });
    expect(stats.platformStats).toMatchObject({ totalOrders: 3, totalRevenue: 1000, totalUsers: 5, pendingDesigns: 1 });
    const trend = stats.platformStats.salesTrend;
    expect(trend.map((point) => point.date)).toEqual([
      "2026-11-14",
      "2026-11-15",
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
    ]);
    expect(trend.find((p) => p.date === "2026-11-18")).toEqual({ date: "2026-11-18", orderCount: 1, revenue: 1000 });
    expect(trend.find((p) => p.date === "2026-11-17")).toEqual({ date: "2026-11-17", orderCount: 1, revenue: 0 });
    // The order canceled yesterday is not in the trend.
    expect(trend.find((p) => p.date === "2026-11-19")).toEqual({ date: "2026-11-19", orderCount: 0, revenue: 0 });
    expect(trend.reduce((sum, p) => sum + p.orderCount, 0)).toBe(2);
    // Nobody is left out for having no orders in the period; null counts are 0.
    expect(stats.userStats.map((u) => [u.name, u.completedCount, u.totalSpending])).toEqual([
      ["อลิส", 1, 1000],
      ["บ็อบ", 0, 0],
    ]);
  });

  it("30 days and 12 months, as for the tailors", async () => {
    const month = await getAdminStatistics("month", { now: NOW });
    expect(month.platformStats).toMatchObject({ totalOrders: 4, totalRevenue: 1500 });
    expect(month.platformStats.salesTrend).toHaveLength(30);
    expect(month.platformStats.salesTrend[0]!.date).toBe("2026-10-22");
    const year = await getAdminStatistics("year", { now: NOW });
    expect(year.platformStats).toMatchObject({ totalOrders: 5, totalRevenue: 3100 });
    expect(year.platformStats.salesTrend.map((point) => point.date)).toHaveLength(12);
    expect(year.platformStats.salesTrend[0]!.date).toBe("2025-12-01");
    expect(year.platformStats.salesTrend.at(-1)!.date).toBe("2026-11-01");
    expect(year.platformStats.salesTrend.find((p) => p.date === "2026-08-01")).toEqual({
      date: "2026-08-01",
      orderCount: 1,
      revenue: 1600,
    });
  });

  it("all time: monthly, from the first order's month", async () => {
    const all = await getAdminStatistics("all", { now: NOW });
    const trend = all.platformStats.salesTrend;
    // The oldest order (500 days ago, 2025-07-08) opens the trend; 17 months to November 2026.
    expect(trend[0]).toEqual({ date: "2025-07-01", orderCount: 1, revenue: 0 });
    expect(trend).toHaveLength(17);
    expect(trend.at(-1)!.date).toBe("2026-11-01");
  });

  it("sorts the tables by another column on request", async () => {
    const stats = await getAdminStatistics("all", {
      now: NOW,
      userSort: { key: "name", dir: "asc" },
      merchantSort: { key: "orderedCount", dir: "desc" },
    });
    expect(stats.userStats.map((u) => u.name)).toEqual(["บ็อบ", "อลิส"]);
    expect(stats.merchantStats[0]!.name).toBe("ช่างหนึ่ง");
  });

  it("the JSON call takes the period and refuses an unknown one", async () => {
    const { cookie } = await signedIn({ roles: ["admin"] });
    const ok = await jsonOf(await call(statisticsLoader, "/api/admin/dashboard/statistics?period=year", { cookie }));
    expect(ok.period).toBe("year");
    expect(ok.platformStats.totalUsers).toBe(6);
    expect(Object.keys(ok)).toEqual(["period", "platformStats", "userStats", "merchantStats"]);
    const bad = await call(statisticsLoader, "/admin/dashboard/statistics?period=decade", { cookie });
    expect(statusOf(bad)).toBe(400);
  });
});

describe("what the database keeps for the dashboard", () => {
  const real = async () => ({ users: await db().user.count(), designs: await db().design.count() });
  const shown = async () => {
    const { platformStats } = await getAdminStatistics("all", { now: NOW });
    return { users: platformStats.totalUsers, designs: platformStats.totalDesigns };
  };

  it("counts users and designs through inserts, bulk statements and deletes", async () => {
    const before = await shown();
    expect(before).toEqual(await real());
    const customer = await createTestUser({ roles: ["user"] });
    await db().design.createMany({
      data: ["shirt1", "shirt2", "shirt3"].map((baseId) => ({ ownerId: customer.id, baseId })),
    });
    await db().design.createMany({ data: [], skipDuplicates: true });
    expect(await shown()).toEqual({ users: before.users + 1, designs: before.designs + 3 });
    expect(await shown()).toEqual(await real());
    await db().design.deleteMany({ where: { ownerId: customer.id } });
    await db().user.delete({ where: { id: customer.id } });
    expect(await shown()).toEqual(before);
  });

  it("lists placed orders without an order date after the dated ones", async () => {
    const undated = await makeOrder({
      buyerId: ids.alice,
      sellerId: ids.t1,
      designId: ids.d1,
      status: "ordered",
      totalPrice: 100,
      createdAt: ago(0),
      orderedAt: null,
    });
    try {
      const { platformStats } = await getAdminStatistics("all", { now: NOW });
      // Made today, yet after the six orders that carry an order date.
      expect(platformStats.recentOrders.map((order) => order.id).indexOf(undated.id)).toBe(6);
    } finally {
      await db().order.delete({ where: { id: undated.id } });
    }
  });
});

describe("the dashboard reads", () => {
  // Seven statements one after another were seven round trips and seven statements' work in the
  // app on every dashboard: now each part is a column of one statement.
  it("every figure and table in one statement, and the customers' bound before it in their own order", async () => {
    let stats: Awaited<ReturnType<typeof getAdminStatistics>> | undefined;
    const inOwnOrder = await statementsDuring(async () => {
      stats = await getAdminStatistics("all", { now: NOW });
    });
    expect(inOwnOrder).toHaveLength(2);
    expect(inOwnOrder[0]).toContain('"OrderPersonStat"');
    // Everything the page shows came with them.
    expect(stats!.platformStats.totalOrders).toBeGreaterThan(0);
    expect(stats!.platformStats.salesTrend.length).toBeGreaterThan(0);
    expect(stats!.platformStats.topDesigns.length).toBeGreaterThan(0);
    expect(stats!.platformStats.recentOrders.length).toBeGreaterThan(0);
    expect(stats!.userStats.map((user) => user.name)).toEqual(["อลิส", "บ็อบ"]);
    expect(stats!.merchantStats.length).toBeGreaterThan(0);

    const byName = await statementsDuring(() =>
      getAdminStatistics("month", { now: NOW, userSort: { key: "name", dir: "asc" } }),
    );
    expect(byName).toHaveLength(1);
  });
});

describe("the dashboard's periods are the tailors' periods", () => {
  it("each starts at the beginning of a Bangkok day", () => {
    expect(periodWindow("all", NOW).since).toBeNull();
    // NOW is 12:00 on 20 November in Bangkok; Bangkok's midnight is 17:00 UTC the day before.
    expect(periodWindow("week", NOW).since!.toISOString()).toBe("2026-11-13T17:00:00.000Z");
    expect(periodWindow("month", NOW).since!.toISOString()).toBe("2026-10-21T17:00:00.000Z");
    expect(periodWindow("year", NOW).since!.toISOString()).toBe("2025-11-30T17:00:00.000Z");
  });
});
