import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { addShopDesignToCart, setCartQuantity } from "~/domain/orders/cart.server";
import { createTestUser } from "../../support/users";

/**
 * Decision 35: one cart line per buyer, design, tailor and size, kept unique by the database and grown
 * by one upsert. On PostgreSQL (CI runs these tests there too) 20 parallel adds used to leave
 * several rows and lost units.
 */

async function shopDesign(price = 450) {
  const tailor = await createTestUser({ roles: ["merchant"] });
  const design = await db().design.create({
    data: { ownerId: tailor.id, baseId: "shirt1", status: "approved", price },
  });
  return { tailor, design };
}

async function cartLines(buyerId: number) {
  return db().order.findMany({
    where: { buyerId, status: "cart" },
    select: { id: true, quantity: true, unitPrice: true, totalPrice: true, sellerId: true },
  });
}

describe("adding one shop design to one cart in parallel", () => {
  it("20 parallel adds of 1 make one line of 20, priced 20 times over", async () => {
    const buyer = await createTestUser();
    const { tailor, design } = await shopDesign(450);
    const added = await Promise.all(
      Array.from({ length: 20 }, () => addShopDesignToCart(buyer.id, design.id, 1, "size3")),
    );

    const lines = await cartLines(buyer.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ quantity: 20, sellerId: tailor.id });
    expect(Number(lines[0]!.totalPrice)).toBe(9000);
    expect(new Set(added.map((item) => item.id))).toEqual(new Set([lines[0]!.id]));
  });

  it("parallel adds that would pass 999 stop at the limit: every unit added is in the line", async () => {
    const buyer = await createTestUser();
    const { design } = await shopDesign();
    await addShopDesignToCart(buyer.id, design.id, 990, "size3");
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => addShopDesignToCart(buyer.id, design.id, 1, "size3")),
    );
    const fulfilled = results.filter((result) => result.status === "fulfilled").length;
    expect(fulfilled).toBe(9);
    const [line] = await cartLines(buyer.id);
    expect(line?.quantity).toBe(999);
  });

  it("two buyers adding the same design keep a line each", async () => {
    const { design } = await shopDesign();
    const [first, second] = [await createTestUser(), await createTestUser()];
    await Promise.all([
      ...Array.from({ length: 10 }, () => addShopDesignToCart(first.id, design.id, 1, "size3")),
      ...Array.from({ length: 10 }, () => addShopDesignToCart(second.id, design.id, 2, "size3")),
    ]);
    expect((await cartLines(first.id)).map((line) => line.quantity)).toEqual([10]);
    expect((await cartLines(second.id)).map((line) => line.quantity)).toEqual([20]);
  });

  it("a design already ordered is a new line, not added to the placed order", async () => {
    const buyer = await createTestUser();
    const { design } = await shopDesign();
    const first = await addShopDesignToCart(buyer.id, design.id, 2, "size3");
    await db().order.update({ where: { id: first.id }, data: { status: "ordered", orderedAt: new Date() } });
    const second = await addShopDesignToCart(buyer.id, design.id, 3, "size3");
    expect(second.id).not.toBe(first.id);
    expect((await db().order.findUniqueOrThrow({ where: { id: first.id } })).quantity).toBe(2);
  });
});

describe("changing a line's quantity in parallel", () => {
  it("20 parallel changes leave one of the asked quantities with its matching total", async () => {
    const buyer = await createTestUser();
    const { design } = await shopDesign(100);
    const { id } = await addShopDesignToCart(buyer.id, design.id, 1, "size3");
    const asked = Array.from({ length: 20 }, (_, i) => i + 1);
    await Promise.all(asked.map((quantity) => setCartQuantity(buyer.id, id, quantity)));
    const [line] = await cartLines(buyer.id);
    expect(asked).toContain(line?.quantity);
    expect(Number(line?.totalPrice)).toBe(100 * line!.quantity);
  });
});
