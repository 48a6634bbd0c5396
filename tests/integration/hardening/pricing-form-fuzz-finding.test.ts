import { expect, test } from "vitest";
import { db } from "~/data/db.server";
import { action as adminPricingAction } from "~/routes/tailor/admin-pricings";
import { action as pricingAction } from "~/routes/tailor/pricing";
import { seedDemo } from "../../../scripts/db/demo-data";
import { callRoute, statusOf } from "../../support/requests";
import { sessionCookieFor } from "../../support/users";

/**
 * Found by the fuzz test: a pricing form posted WITHOUT its price fields (a stray or truncated
 * post, another form's fields) is read as "stop offering every part" and deletes all of the
 * tailor's prices, answering "saved". A missing field must change nothing.
 */

async function pricesOf(email: string): Promise<number> {
  const tailor = await db().user.findUniqueOrThrow({ where: { email }, select: { id: true } });
  return db().partPrice.count({ where: { merchantId: tailor.id } });
}

test("a tailor's pricing form without any price field removes none of the prices", async () => {
  await seedDemo(db());
  const tailor = await db().user.findUniqueOrThrow({ where: { email: "tailor1@example.com" }, select: { id: true } });
  const before = await pricesOf("tailor1@example.com");
  expect(before).toBeGreaterThan(10);

  const result = await callRoute(pricingAction, "/merchant/pricing", {
    cookie: await sessionCookieFor(tailor.id),
    form: { intent: "place" },
  });

  expect(await pricesOf("tailor1@example.com")).toBe(before);
  expect(statusOf(result)).toBeGreaterThanOrEqual(400);
});

test("the admin's pricing form without any price field removes none of the tailor's prices", async () => {
  await seedDemo(db());
  const admin = await db().user.findUniqueOrThrow({ where: { email: "admin@example.com" }, select: { id: true } });
  const tailor = await db().user.findUniqueOrThrow({ where: { email: "tailor2@example.com" }, select: { id: true } });
  const before = await pricesOf("tailor2@example.com");

  const result = await callRoute(adminPricingAction, `/admin/manage/pricings?merchantId=${tailor.id}`, {
    cookie: await sessionCookieFor(admin.id),
    form: { merchantId: String(tailor.id), intent: "price" },
  });

  expect(await pricesOf("tailor2@example.com")).toBe(before);
  expect(statusOf(result)).toBeGreaterThanOrEqual(400);
});
