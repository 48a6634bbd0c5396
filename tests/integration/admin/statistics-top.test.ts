import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import type { OrderStatus } from "~/data/generated/enums";
import { STATS_ROW_LIMIT, userStats } from "~/domain/admin/statistics.server";
import { createTestUser } from "../../support/users";
import { makeDesign } from "./support";

/*
 * More customers than the table shows, so the all-time table in its own order reads only the
 * customers at or above the 50th one's completed orders (statistics.server.ts, completedAtLeast):
 * many share a count, names decide among them, and a customer who is also a tailor or who holds
 * no customer role is placed where the rule says.
 */
const CUSTOMERS = STATS_ROW_LIMIT + 20;

beforeAll(async () => {
  const tailor = await createTestUser({ roles: ["merchant"] });
  const design = await makeDesign({ ownerId: tailor.id, price: 100 });
  const customers = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    // Names in another order than ids: ties are broken by name.
    // Fixed-width numbers: the database's collation and JavaScript order them alike.
    const name = `ลูกค้า ${String((CUSTOMERS - i) % 37).padStart(2, "0")}-${String(i).padStart(3, "0")}`;
    customers.push(await createTestUser({ roles: i % 9 === 0 ? ["user", "merchant"] : ["user"], name }));
  }
  // An admin-only account with many completed orders bought before it lost its customer role.
  const formerCustomer = await createTestUser({ roles: ["admin"] });
  const orders = [...customers, formerCustomer].flatMap((customer, i) =>
    // 0 to 6 completed orders each (many ties), and some orders of other statuses.
    Array.from({ length: customer.id === formerCustomer.id ? 30 : i % 7 }, (): OrderStatus => "completed")
      .concat(i % 3 === 0 ? (["ordered", "canceled"] as const) : [])
      .map((status) => ({
        buyerId: customer.id,
        sellerId: tailor.id,
        designId: design.id,
        name: "เสื้อ",
        status,
        totalPrice: 100 + i,
        orderedAt: new Date(),
      })),
  );
  await db().order.createMany({ data: orders });
});

describe("the customers' table in its own order", () => {
  it("is the first STATS_ROW_LIMIT (20) customers by completed orders, then name, then id", async () => {
    const customers = await db().user.findMany({
      where: { roles: { has: "user" } },
      select: { id: true, name: true, purchases: { where: { status: "completed" }, select: { id: true } } },
    });
    const expected = customers
      .map((customer) => ({ id: customer.id, name: customer.name, completed: customer.purchases.length }))
      .sort((a, b) => b.completed - a.completed || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || a.id - b.id)
      .slice(0, STATS_ROW_LIMIT);
    const shown = await userStats(null);
    expect(shown.map((row) => [row.id, row.completedCount])).toEqual(expected.map((c) => [c.id, c.completed]));
    // The other way round reads every customer: the fewest completed orders first.
    const fewest = await userStats(null, { key: "completedCount", dir: "asc" });
    const completedOf = new Map(customers.map((customer) => [customer.id, customer.purchases.length]));
    expect(fewest).toHaveLength(STATS_ROW_LIMIT);
    expect(fewest.map((row) => row.completedCount)).toEqual(fewest.map((row) => completedOf.get(row.id)));
    expect(fewest[0]!.completedCount).toBe(0);
  });
});
