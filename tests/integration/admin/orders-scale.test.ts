import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { parseOrderQuery } from "~/domain/admin/order-query";
import { listOrderRows, listOrders } from "~/domain/admin/orders.server";
import { getAdminStatistics } from "~/domain/admin/statistics.server";
import { createTestUser } from "../../support/users";
import { makeDesign } from "./support";

// The admin order table with 100,000 orders: every page, filter and sort stays quick because
// the database sorts and pages (indexes on createdAt and status+createdAt), never the app.
const ORDERS = 100_000;

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await run();
  return { result, ms: performance.now() - start };
}

beforeAll(async () => {
  const buyers = await Promise.all([createTestUser(), createTestUser(), createTestUser()]);
  const tailor = await createTestUser({ roles: ["merchant"] });
  const design = await makeDesign({ ownerId: tailor.id });
  // One INSERT ... SELECT: 100k orders spread over two years, in every status.
  await db().$executeRaw`
    INSERT INTO "Order" ("buyerId", "sellerId", "designId", name, quantity, "unitPrice", "totalPrice", status, "orderedAt", "createdAt", "updatedAt")
    SELECT (ARRAY[${buyers[0]!.id}::int, ${buyers[1]!.id}::int, ${buyers[2]!.id}::int])[1 + n % 3],
           CASE WHEN n % 7 = 0 OR n % 5 = 0 THEN NULL ELSE ${tailor.id}::int END, -- carts without a tailor: one line per design and tailor
           ${design.id}::int, 'เสื้อทดสอบ', 1 + n % 3, 500 + n % 900, (500 + n % 900) * (1 + n % 3),
           (ARRAY['cart','ordered','accepted','completed','canceled']::"OrderStatus"[])[1 + n % 5],
           now() - (n || ' minutes')::interval * 10, now() - (n || ' minutes')::interval * 10, now()
    FROM generate_series(1, ${ORDERS}::int) AS n`;
  await db().$executeRawUnsafe(`ANALYZE "Order"`);
}, 120_000);

describe(`admin orders with ${ORDERS.toLocaleString()} orders`, () => {
  const cases = [
    "",
    "?page=2500",
    "?status=completed",
    "?status=accepted&page=900",
    "?sort=id&dir=asc",
    "?sort=price&dir=desc",
    "?sort=status&dir=asc&page=10",
  ];
  for (const search of cases) {
    it(`lists ${search || "the first page"} quickly`, async () => {
      const query = parseOrderQuery(new URLSearchParams(search));
      await listOrders(query); // warm up
      const { result, ms } = await timed(() => listOrders(query));
      expect(result.orders).toHaveLength(20);
      console.log(`admin orders ${search || "(default)"}: ${ms.toFixed(0)} ms`);
      // Generous for a busy 2-core machine; typically far less.
      expect(ms).toBeLessThan(1500);
      // The page's narrower table query shows the same orders in the same order.
      const rows = await listOrderRows(query);
      expect(
        rows.orders.map((row) => [row.id, row.buyerName, row.sellerName, row.totalPrice, row.status, row.createdAt]),
      ).toEqual(
        result.orders.map((order) => [
          order.id,
          order.buyerUser?.name ?? null,
          order.sellerUser?.name ?? null,
          order.totalPrice,
          order.status,
          order.createdAt,
        ]),
      );
      expect([rows.total, rows.page, rows.pageCount]).toEqual([result.total, result.page, result.pageCount]);
    });
  }

  it("computes the dashboard's figures in the database", async () => {
    const { result, ms } = await timed(() => getAdminStatistics("all"));
    console.log(`admin statistics (all time): ${ms.toFixed(0)} ms`);
    expect(result.platformStats.totalOrders).toBe(ORDERS - ORDERS / 5);
    expect(ms).toBeLessThan(5000);
  });
});
