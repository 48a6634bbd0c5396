import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { getPublicShop, listPublicShops } from "~/domain/merchants/shops.server";
import { listTailorChoices } from "~/domain/orders/select-tailor.server";
import { listTailorReviews } from "~/domain/reviews/reviews.server";
import { metrics } from "~/lib/metrics.server";
import { readyShop } from "../../support/shops";
import { createTestUser } from "../../support/users";
import { customerWithDesign, makeOrder, tailorWithPrices } from "../orders/support";

/**
 * What the public sees of the tailors is kept in memory while the database's version of it stays
 * the same (app/data/data-versions.server.ts, migration data_versions). Changes are made here in
 * plain SQL, as another app process or an operator would make them: nothing but the database can
 * tell this process that its copy is old.
 */

async function shopsVersion(): Promise<bigint> {
  const [row] = await db().$queryRaw<{ version: bigint }[]>`SELECT "version" FROM "DataVersion" WHERE "area" = 'shops'`;
  return row!.version;
}

async function keptReads(): Promise<number> {
  const counted = await metrics().keptReads.get();
  return counted.values.find((value) => value.labels.area === "shops" && value.labels.outcome === "kept")?.value ?? 0;
}

async function completedOrderOf(tailorId: number, authorName: string) {
  const author = await createTestUser({ name: authorName });
  const design = await db().design.create({ data: { ownerId: author.id, baseId: "shirt1" } });
  const order = await db().order.create({
    data: {
      buyerId: author.id,
      sellerId: tailorId,
      designId: design.id,
      name: "เสื้อทดสอบ",
      quantity: 1,
      unitPrice: 500,
      totalPrice: 500,
      status: "completed",
      orderedAt: new Date(),
    },
  });
  return { author, order };
}

describe("what the public sees of the tailors, kept while unchanged", () => {
  it("is kept between requests, and every change to it shows on the next one", async () => {
    const tailor = await createTestUser({ roles: ["merchant"], shopName: "ร้านก่อน" });
    await readyShop(tailor.id);
    const design = await db().design.create({
      data: { ownerId: tailor.id, baseId: "shirt4", status: "approved", price: 500 },
    });
    const shopOf = async () => (await getPublicShop(tailor.id)).shop;

    expect((await shopOf()).name).toBe("ร้านก่อน");
    const kept = await keptReads();
    expect((await shopOf()).name).toBe("ร้านก่อน");
    expect(await keptReads()).toBe(kept + 1);

    await db().$executeRaw`UPDATE "User" SET "shopName" = 'ร้านหลัง', "phone" = '0899999999' WHERE "id" = ${tailor.id}`;
    expect(await shopOf()).toMatchObject({ name: "ร้านหลัง", phone: "0899999999" });

    await db().$executeRaw`UPDATE "Design" SET "price" = 650 WHERE "id" = ${design.id}`;
    expect((await shopOf()).designModels).toEqual([expect.objectContaining({ id: design.id, price: 650 })]);

    const second = await db().design.create({
      data: { ownerId: tailor.id, baseId: "shirt2", status: "approved", price: 800 },
    });
    expect((await shopOf()).designCount).toBe(2);
    await db().$executeRaw`UPDATE "Design" SET "status" = 'rejected' WHERE "id" = ${second.id}`;
    expect((await shopOf()).designCount).toBe(1);

    const { order, author } = await completedOrderOf(tailor.id, "สมชาย ใจดี");
    const review = await db().review.create({
      data: { orderId: order.id, authorId: author.id, merchantId: tailor.id, rating: 4 },
    });
    expect((await shopOf()).rating).toEqual({ average: 4, count: 1 });
    await db().$executeRaw`UPDATE "Review" SET "hiddenAt" = now() WHERE "id" = ${review.id}`;
    expect((await shopOf()).rating).toEqual({ average: 0, count: 0 });

    await db().$executeRaw`UPDATE "User" SET "status" = 'inactive' WHERE "id" = ${tailor.id}`;
    await expect(shopOf()).rejects.toMatchObject({ kind: "not_found" });
    const listed = await listPublicShops({ page: 1, pageSize: 100 });
    expect(listed.items.map((shop) => shop.id)).not.toContain(tailor.id);
  });

  it("a review's author renamed shows renamed on the tailor's reviews", async () => {
    const tailor = await createTestUser({ roles: ["merchant"] });
    const { order, author } = await completedOrderOf(tailor.id, "สมชาย ใจดี");
    await db().review.create({ data: { orderId: order.id, authorId: author.id, merchantId: tailor.id, rating: 5 } });
    const authorShown = async () => (await listTailorReviews(tailor.id, 1)).reviews.items[0]!.author;

    expect(await authorShown()).toMatch(/^สมชาย/);
    await db().$executeRaw`UPDATE "User" SET "name" = 'สมหญิง รักดี' WHERE "id" = ${author.id}`;
    expect(await authorShown()).toMatch(/^สมหญิง/);
  });

  it("the tailor choice quotes a tailor's new price at once", async () => {
    const { tailor } = await tailorWithPrices({ shirt1: 450, neck1: 60, hem2: 90 });
    const { buyer, item } = await customerWithDesign();
    const quoteOf = async () => {
      const choices = await listTailorChoices(buyer.id, item.id, { search: tailor.shopName! });
      return choices.items.find((choice) => choice.id === tailor.id)!.quote;
    };

    expect(await quoteOf()).toMatchObject({ available: true, unitPrice: 600 });
    await db()
      .$executeRaw`UPDATE "PartPrice" SET "price" = 500 WHERE "merchantId" = ${tailor.id} AND "patternSid" = 'shirt1'`;
    expect(await quoteOf()).toMatchObject({ available: true, unitPrice: 650 });
    await db().$executeRaw`DELETE FROM "PartPrice" WHERE "merchantId" = ${tailor.id} AND "patternSid" = 'hem2'`;
    expect(await quoteOf()).toMatchObject({ available: false });
  });

  it("what the public does not see leaves the version alone, and a transaction raises it once", async () => {
    const { tailor, order } = await makeOrder({ status: "ordered" });
    const before = await shopsVersion();
    // A customer signs up and designs a shirt for the cart; an order of a design on sale moves
    // (the design's counts change); a tailor's sample waits for the admin; a customer edits their
    // address; a price is saved again unchanged.
    const { buyer } = await customerWithDesign();
    await db().order.update({ where: { id: order.id }, data: { status: "completed" } });
    await db().design.create({
      data: { ownerId: tailor.id, baseId: "shirt1", type: "upload", status: "pending", price: 900 },
    });
    await db().user.update({ where: { id: buyer.id }, data: { address: "2 หมู่ 2" } });
    await db().partPrice.create({ data: { merchantId: tailor.id, patternSid: "shirt1", price: 450 } });
    const afterPrice = await shopsVersion();
    await db().partPrice.update({
      where: { merchantId_patternSid: { merchantId: tailor.id, patternSid: "shirt1" } },
      data: { price: 450 },
    });
    expect(afterPrice).toBe(before + 1n); // the price itself, once
    expect(await shopsVersion()).toBe(afterPrice);

    await db().$transaction([
      db().design.create({ data: { ownerId: tailor.id, baseId: "shirt1", status: "approved", price: 700 } }),
      db().design.create({ data: { ownerId: tailor.id, baseId: "shirt2", status: "approved", price: 800 } }),
      db().user.update({ where: { id: tailor.id }, data: { shopName: "ร้านใหม่" } }),
    ]);
    expect(await shopsVersion()).toBe(afterPrice + 1n);
  });
});
