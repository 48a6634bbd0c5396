import { db } from "~/data/db.server";
import type { OrderStatus } from "~/data/generated/enums";
import { seedCatalogue } from "~/domain/setup/seed.server";
import { isDataWithResponseInit } from "../../support/requests";
import { createTestUser, sessionCookieFor } from "../../support/users";

/**
 * Orders for the order tests: a buyer, a tailor and one order in the status asked for (for the
 * buyer and tailor given, when they are: several orders of one person).
 */
export async function makeOrder(input: {
  status: OrderStatus;
  quantity?: number;
  unitPrice?: number | null;
  buyer?: Awaited<ReturnType<typeof createTestUser>>;
  tailor?: Awaited<ReturnType<typeof createTestUser>>;
}) {
  const buyer = input.buyer ?? (await createTestUser());
  const tailor = input.tailor ?? (await createTestUser({ roles: ["merchant"] }));
  const design = await db().design.create({
    data: { ownerId: tailor.id, baseId: "shirt1", price: 500, sizeId: "size3" },
  });
  const unitPrice = input.unitPrice === undefined ? 500 : input.unitPrice;
  const quantity = input.quantity ?? 1;
  const order = await db().order.create({
    data: {
      buyerId: buyer.id,
      sellerId: tailor.id,
      designId: design.id,
      name: "เสื้อทดสอบ",
      quantity,
      sizeId: "size3",
      unitPrice,
      totalPrice: unitPrice === null ? null : unitPrice * quantity,
      status: input.status,
      orderedAt: input.status === "cart" ? null : new Date(),
    },
  });
  return { buyer, tailor, design, order };
}

/** The catalogue plus a tailor with prices for some parts (shirt1 450, neck1 60, hem2 90). */
export async function tailorWithPrices(prices: Record<string, number>, shopName?: string) {
  if ((await db().patternOption.count()) === 0) await seedCatalogue(db());
  const tailor = await createTestUser({ roles: ["merchant"], shopName });
  await db().partPrice.createMany({
    data: Object.entries(prices).map(([patternSid, price]) => ({ merchantId: tailor.id, patternSid, price })),
  });
  return { tailor, cookie: await sessionCookieFor(tailor.id) };
}

/** A customer with a design of their own in the cart (no tailor yet), in size M unless another is given. */
export async function customerWithDesign(
  parts: { baseId: string; collarId?: string; hemId?: string; sizeId?: string } = {
    baseId: "shirt1",
    collarId: "neck1",
    hemId: "hem2",
  },
  quantity = 2,
) {
  if ((await db().patternOption.count()) === 0) await seedCatalogue(db());
  const buyer = await createTestUser();
  const sizeId = parts.sizeId ?? "size2";
  const design = await db().design.create({
    data: { ownerId: buyer.id, type: "design", status: "approved", ...parts, sizeId },
  });
  const item = await db().order.create({
    data: { buyerId: buyer.id, designId: design.id, name: "เสื้อเชิ้ตชายแขนยาว", quantity, sizeId, status: "cart" },
  });
  return { buyer, cookie: await sessionCookieFor(buyer.id), design, item };
}

/**
 * Why the cart refused a form: the page answers itself (4xx) with the reason, which it shows on the
 * line or above the list until the next form (issue 45, "errors stay"); null for any other answer.
 */
export function cartRefusalOf(result: unknown): string | null {
  if (!isDataWithResponseInit(result) || (result.init?.status ?? 200) < 400) return null;
  return (result.data as { cartError?: { message: string } }).cartError?.message ?? null;
}
