import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { deleteUser } from "~/domain/admin/users.server";
import { removeCartItem } from "~/domain/orders/cart.server";
import { placeOrder } from "~/domain/orders/place-order.server";
import { ORDER_STATUSES, type OrderStatusName } from "~/domain/orders/state-machine";
import { countOrdersByStatus, ordersIn } from "~/domain/orders/status-counts.server";
import { transitionOrder } from "~/domain/orders/transitions.server";
import { createTestUser } from "../../support/users";
import { customerWithDesign, makeOrder, tailorWithPrices } from "./support";

// The admin table reads its totals from OrderStatusCount, and the dashboard its figures from the
// rollups (per day, per person, per design), which triggers keep in step with "Order". Whatever
// happens to orders, the counters must equal a real count.

/** The kept count of one status, or of all orders, as the admin table reads it. */
async function countOrders(status: OrderStatusName | null = null): Promise<number> {
  return ordersIn(await countOrdersByStatus(), status);
}

async function realCounts(): Promise<Record<OrderStatusName, number>> {
  const rows = await db().order.groupBy({ by: ["status"], _count: { _all: true } });
  const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatusName, number>;
  for (const row of rows) counts[row.status] = row._count._all;
  return counts;
}

/**
 * The dashboard's kept figures (migration order_rollups) against the same figures computed from
 * the orders themselves: per Bangkok day and status, per person and side, per design.
 */
async function expectRollupsExact() {
  const kept = await db().$queryRaw<{ what: string; key: string; n: number; amount: string }[]>`
    SELECT 'day' AS what, "day"::text || ' ' || "status" AS key, sum("orders")::int AS n, sum("revenue")::text AS amount
      FROM "OrderDayStat" GROUP BY "day", "status" HAVING sum("orders") <> 0 OR sum("revenue") <> 0
    UNION ALL
    SELECT 'person', "personId" || ' ' || "side" || ' ' || "ordered" || '/' || "accepted" || '/' || "completed" || '/' || "canceled",
           "ordered" + "accepted" + "completed" + "canceled", "total"::text
      FROM "OrderPersonStat" WHERE "ordered" + "accepted" + "completed" + "canceled" <> 0 OR "total" <> 0
    UNION ALL
    SELECT 'design', id::text, "orderCount", "totalRevenue"::text FROM "Design" WHERE "orderCount" <> 0 OR "totalRevenue" <> 0
    ORDER BY 1, 2`;
  const real = await db().$queryRaw<{ what: string; key: string; n: number; amount: string }[]>`
    SELECT 'day' AS what, ((COALESCE("orderedAt", "createdAt") + interval '7 hours')::date)::text || ' ' || "status" AS key,
           count(*)::int AS n, COALESCE(sum("totalPrice"), 0)::numeric(14, 2)::text AS amount
      FROM "Order" WHERE "status" <> 'cart' GROUP BY 2
    UNION ALL
    SELECT 'person', p.person || ' ' || p.side || ' ' ||
             count(*) FILTER (WHERE p.status = 'ordered') || '/' || count(*) FILTER (WHERE p.status = 'accepted') || '/' ||
             count(*) FILTER (WHERE p.status = 'completed') || '/' || count(*) FILTER (WHERE p.status = 'canceled'),
           count(*)::int, COALESCE(sum(p.total) FILTER (WHERE p.status = 'completed'), 0)::numeric(14, 2)::text
      FROM (SELECT "buyerId" AS person, 'buyer' AS side, "status", "totalPrice" AS total FROM "Order" WHERE "status" <> 'cart'
            UNION ALL
            SELECT "sellerId", 'seller', "status", "totalPrice" FROM "Order" WHERE "status" <> 'cart' AND "sellerId" IS NOT NULL) p
      GROUP BY p.person, p.side
    UNION ALL
    SELECT 'design', "designId"::text, (count(*) FILTER (WHERE "status" <> 'canceled'))::int,
           COALESCE(sum("totalPrice") FILTER (WHERE "status" = 'completed'), 0)::numeric(14, 2)::text
      FROM "Order" WHERE "status" <> 'cart' GROUP BY "designId"
      HAVING count(*) FILTER (WHERE "status" <> 'canceled') <> 0 OR COALESCE(sum("totalPrice") FILTER (WHERE "status" = 'completed'), 0) <> 0
    ORDER BY 1, 2`;
  expect(kept).toEqual(real);
}

async function expectCountersExact() {
  const real = await realCounts();
  expect(await countOrdersByStatus()).toEqual(real);
  expect(await countOrders()).toBe(Object.values(real).reduce((a, b) => a + b, 0));
  await expectRollupsExact();
}

describe("order counts per status", () => {
  it("follow inserts, status changes, edits that keep the status, and deletes", async () => {
    await expectCountersExact();
    const { buyer, item } = await customerWithDesign({ baseId: "shirt1" }, 1);
    const { tailor } = await tailorWithPrices({ shirt1: 450 });
    expect(await countOrders("cart")).toBe(1);

    // A tailor chosen and a quantity changed: the status stays, so do the counts.
    await db().order.update({
      where: { id: item.id },
      data: { sellerId: tailor.id, unitPrice: 450, totalPrice: 900, quantity: 2 },
    });
    await db().user.update({ where: { id: buyer.id }, data: { address: "12 หมู่ 3 ต.นาดี" } });
    await expectCountersExact();

    await placeOrder(buyer.id);
    expect(await countOrders("cart")).toBe(0);
    expect(await countOrders("ordered")).toBe(1);
    await transitionOrder({ orderId: item.id, to: "accepted", actor: tailor, as: "merchant" });
    await transitionOrder({ orderId: item.id, to: "completed", actor: tailor, as: "merchant" });
    await expectCountersExact();
    // A placed order's date, price, tailor and design change (an admin's repair): every figure moves with it.
    const other = await createTestUser({ roles: ["merchant"] });
    await db().order.update({
      where: { id: item.id },
      data: { orderedAt: new Date(Date.now() - 40 * 86_400_000), totalPrice: 1234.5, sellerId: other.id },
    });
    await expectCountersExact();
    const admin = await createTestUser({ roles: ["admin"] });
    await transitionOrder({ orderId: item.id, to: "canceled", actor: admin, as: "admin" });
    await expectCountersExact();
    expect(await countOrders("canceled")).toBe(1);

    const another = await customerWithDesign({ baseId: "shirt1" }, 1);
    await removeCartItem(another.buyer.id, another.item.id);
    await expectCountersExact();

    // An account with only cart items may be deleted, and takes them along.
    const shopper = await customerWithDesign({ baseId: "shirt1" }, 1);
    await deleteUser(shopper.buyer.id, admin);
    await expectCountersExact();
    // A buyer with orders cannot be removed (the orders keep their people): nothing is counted away.
    await makeOrder({ status: "ordered" });
    const { buyer: leaving, design } = await makeOrder({ status: "accepted" });
    await db().order.create({ data: { buyerId: leaving.id, designId: design.id, name: "เสื้ออีกตัว", status: "cart" } });
    await expect(db().user.delete({ where: { id: leaving.id } })).rejects.toThrow(/Order_buyerId_fkey/);
    await expectCountersExact();
    // One statement removing orders in several statuses at once is counted per status.
    await db().order.deleteMany({ where: { buyerId: leaving.id } });
    await expectCountersExact();
  });

  it("follow statements that touch many orders at once, and TRUNCATE", async () => {
    const { buyer, design } = await makeOrder({ status: "cart" });
    await db().$executeRaw`
      INSERT INTO "Order" ("buyerId", "designId", name, status, "updatedAt")
      SELECT ${buyer.id}::int, ${design.id}::int, 'เสื้อ', (ARRAY['cart','ordered','accepted','completed','canceled']::"OrderStatus"[])[1 + n % 5], now()
      FROM generate_series(1, 500) AS n`;
    await expectCountersExact();
    await db().order.updateMany({ where: { status: "ordered" }, data: { status: "accepted" } });
    await db().order.updateMany({ where: { status: { in: ["cart", "canceled"] } }, data: { status: "completed" } });
    await expectCountersExact();
    expect(await countOrders("ordered")).toBe(0);
    await db().order.deleteMany({ where: { id: { gt: 0 }, status: "completed" } });
    await expectCountersExact();
    await db().$executeRawUnsafe(`TRUNCATE "Order" CASCADE`);
    await expectCountersExact();
    expect(await countOrders()).toBe(0);
  });

  it("stay exact when many transactions change orders at the same time, with no deadlock", async () => {
    const admin = await createTestUser({ roles: ["admin"] });
    const orders = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        makeOrder({ status: (["ordered", "accepted", "canceled"] as const)[i % 3]! }),
      ),
    );
    // Opposite moves side by side: ordered → accepted, accepted → canceled, canceled → ordered,
    // plus new cart items, so transactions need the counter rows in different combinations.
    const targets: Record<string, OrderStatusName> = { ordered: "accepted", accepted: "canceled", canceled: "ordered" };
    const results = await Promise.allSettled([
      ...orders.map(({ order }) =>
        transitionOrder({ orderId: order.id, to: targets[order.status]!, actor: admin, as: "admin" }),
      ),
      ...orders
        .slice(0, 8)
        .map(({ buyer, design }) =>
          db().order.create({ data: { buyerId: buyer.id, designId: design.id, name: "เสื้อใหม่" } }),
        ),
    ]);
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
    await expectCountersExact();
    expect(await countOrders("cart")).toBe(8);
  });
});
