import { isUniqueViolation, retryingWriteConflicts } from "~/data/database-errors.server";
import { db } from "~/data/db.server";
import type { Prisma } from "~/data/generated/client";
import { CUSTOM_SIZE } from "~/domain/catalogue/categories";
import { isReadySize, SIZE_MESSAGES } from "~/domain/catalogue/sizes";
import { DomainError } from "~/domain/errors";
import { type QuoteLine, sumPrices, totalFor } from "~/domain/pricing/quote";
import { cartItemOf } from "./cart.server";
import { ORDER_MESSAGES } from "./messages";
import { needsTailorChoice } from "./views.server";

/**
 * Changes the ready size a cart item is cut to (its line in the cart, JavaScript on or off, and
 * PATCH /api/cart/{id}). The item's row is locked first, so a tailor chosen at the same moment
 * either came first (its price is read here) or waits and then finds the size changed (its update
 * names the size it quoted). A design the buyer made carries the same size in its parts; leaving
 * the size cut to measure drops that price line, the parts keep the prices their tailor gave. The
 * item's version moves: a cart page that showed the old size is refused at placement.
 */
export async function chooseCartSize(buyerId: number, itemId: number, sizeId: string): Promise<void> {
  if (sizeId === CUSTOM_SIZE) throw new DomainError("bad_input", SIZE_MESSAGES.customInDesigner);
  if (!isReadySize(sizeId)) throw new DomainError("bad_input", SIZE_MESSAGES.unknown);
  await cartItemOf(buyerId, itemId);
  try {
    await retryingWriteConflicts(() => db().$transaction((tx) => changeSize(tx, buyerId, itemId, sizeId)));
  } catch (error) {
    // The same shop design from the same tailor is already a line in that size (decision 35's key).
    if (isUniqueViolation(error)) throw new DomainError("conflict", SIZE_MESSAGES.lineExists);
    throw error;
  }
}

async function changeSize(tx: Prisma.TransactionClient, buyerId: number, itemId: number, sizeId: string) {
  const locked = await tx.$queryRaw<{ id: number }[]>`
    SELECT "id" FROM "Order" WHERE "id" = ${itemId} AND "buyerId" = ${buyerId} AND "status" = 'cart' FOR UPDATE`;
  if (locked.length === 0) throw new DomainError("not_found", ORDER_MESSAGES.cartItemNotFound);
  const item = await tx.order.findUniqueOrThrow({
    where: { id: itemId },
    select: {
      buyerId: true,
      sizeId: true,
      quantity: true,
      priceLines: true,
      design: { select: { id: true, type: true, ownerId: true, sizeId: true } },
    },
  });
  if (item.sizeId === sizeId) return;
  const data: Prisma.OrderUncheckedUpdateInput = { sizeId, updatedAt: new Date() };
  if (needsTailorChoice(item)) {
    await tx.design.update({ where: { id: item.design.id }, data: { sizeId, measurementProfileId: null } });
    const lines = item.priceLines as QuoteLine[] | null;
    if (item.design.sizeId === CUSTOM_SIZE && Array.isArray(lines)) {
      const kept = lines.filter((line) => line.sid !== CUSTOM_SIZE);
      const unitPrice = sumPrices(kept.map((line) => line.price));
      Object.assign(data, {
        priceLines: kept as unknown as Prisma.InputJsonValue,
        unitPrice,
        totalPrice: totalFor(unitPrice, item.quantity),
      });
    }
  }
  await tx.order.update({ where: { id: itemId }, data });
}
