import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { deleteUser } from "~/domain/admin/users.server";
import { placeOrder } from "~/domain/orders/place-order.server";
import { savePartPrices } from "~/domain/pricing/merchant-pricing.server";
import { seedCatalogue } from "~/domain/setup/seed.server";
import { updateProfile } from "~/domain/users/accounts.server";
import { createTestUser } from "../../support/users";
import { makeOrder } from "../orders/support";

/**
 * Read-then-write paths under 20 parallel requests (CI runs these on PostgreSQL at READ COMMITTED
 * too): each ends in one of the states a one-at-a-time order could reach, never a 500 or a loss.
 */

const PARALLEL = 20;

describe("an admin deleting a buyer while the buyer places an order", () => {
  it("either the order is placed and the buyer stays, or the buyer is gone with no order: never a placed order lost", async () => {
    const admin = await createTestUser({ roles: ["admin"] });
    const outcomes = await Promise.all(
      Array.from({ length: PARALLEL / 2 }, async () => {
        const { buyer, order } = await makeOrder({ status: "cart" });
        const [placed, deleted] = await Promise.allSettled([placeOrder(buyer.id), deleteUser(buyer.id, admin)]);
        const orderNow = await db().order.findUnique({ where: { id: order.id }, select: { status: true } });
        const buyerNow = await db().user.findUnique({ where: { id: buyer.id }, select: { id: true } });
        return { placed: placed.status, deleted: deleted.status, orderNow: orderNow?.status ?? null, buyerNow };
      }),
    );
    for (const outcome of outcomes) {
      if (outcome.placed === "fulfilled") {
        expect(outcome).toMatchObject({ deleted: "rejected", orderNow: "ordered" });
        expect(outcome.buyerNow).not.toBeNull();
      } else {
        expect(outcome).toMatchObject({ deleted: "fulfilled", orderNow: null, buyerNow: null });
      }
    }
  });

  it("a tailor deleted with other buyers' cart items leaves those items in the cart without a tailor", async () => {
    const admin = await createTestUser({ roles: ["admin"] });
    const { tailor, order } = await makeOrder({ status: "cart" });
    await deleteUser(tailor.id, admin);
    expect(await db().order.findUnique({ where: { id: order.id }, select: { sellerId: true } })).toEqual({
      sellerId: null,
    });
  });
});

describe("saving a tailor's prices", () => {
  it("20 parallel saves of new prices all succeed and leave one of the saved sets whole", async () => {
    if ((await db().patternOption.count()) === 0) await seedCatalogue(db());
    const tailor = await createTestUser({ roles: ["merchant"] });
    const sets = Array.from(
      { length: PARALLEL },
      (_, i) =>
        new Map<string, number | null>([
          ["shirt1", 400 + i],
          ["neck1", 50 + i],
          ["hem2", 80 + i],
        ]),
    );
    const results = await Promise.allSettled(sets.map((set) => savePartPrices(tailor.id, set, tailor)));
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
    const rows = await db().partPrice.findMany({ where: { merchantId: tailor.id }, orderBy: { patternSid: "asc" } });
    expect(rows.map((row) => row.patternSid)).toEqual(["hem2", "neck1", "shirt1"]);
    const offsets = new Set([Number(rows[0]!.price) - 80, Number(rows[1]!.price) - 50, Number(rows[2]!.price) - 400]);
    expect(offsets.size).toBe(1);
  });
});

describe("editing one's profile", () => {
  it("20 parallel edits to two e-mails that swap: every edit ends saved or refused as taken, never a 500", async () => {
    const first = await createTestUser();
    const second = await createTestUser();
    const profile = (email: string) => ({
      email,
      name: "ชื่อใหม่",
      phone: "0811111111",
      dob: "1990-01-01",
      address: "1 หมู่ 1",
      lineId: undefined,
      facebookName: undefined,
    });
    const results = await Promise.allSettled(
      Array.from({ length: PARALLEL }, (_, i) =>
        i % 2 === 0
          ? updateProfile(first.id, profile(`swap-${i % 4}-${first.id}@example.com`))
          : updateProfile(second.id, profile(`swap-${(i + 1) % 4}-${first.id}@example.com`)),
      ),
    );
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason).toMatchObject({ status: 409 });
    }
    const emails = await db().user.findMany({ where: { id: { in: [first.id, second.id] } }, select: { email: true } });
    expect(new Set(emails.map((row) => row.email)).size).toBe(2);
  });
});
