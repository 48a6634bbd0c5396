import { db } from "~/data/db.server";
import type { Prisma } from "~/data/generated/client";
import { CUSTOM_SIZE } from "~/domain/catalogue/categories";
import { catalogueOption } from "~/domain/catalogue/options";
import { isReadySize, isSize, SIZE_MESSAGES } from "~/domain/catalogue/sizes";
import { MEASUREMENTS_MESSAGES } from "~/domain/designs/messages";
import { DomainError } from "~/domain/errors";
import { type DesignParts, totalFor } from "~/domain/pricing/quote";
import type { NewCartItem } from "./cart-item.server";

import { type CartSummary, summarize } from "./cart-summary";
import { ORDER_MESSAGES } from "./messages";
import { type OrderView, orderWithProfileSelect, toOrderView } from "./views.server";

/** The buyer's cart: orders in status cart. */

type PricedCartItem = Required<NewCartItem> & { sellerId: number; unitPrice: number };

export interface Cart {
  items: OrderView[];
  summary: CartSummary;
}

function cartRows(buyerId: number) {
  return db().order.findMany({
    where: { buyerId, status: "cart" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: orderWithProfileSelect,
  });
}

export async function getCart(buyerId: number): Promise<Cart> {
  const items = (await cartRows(buyerId)).map(toOrderView);
  return { items, summary: summarize(items) };
}

/** The cart as its pages show it: with where it goes, and the lines still waiting for a tailor. */
export interface CartToDeliver extends Cart {
  /** The buyer's delivery address (the profile's), null when they have none. */
  address: string | null;
  /**
   * The lines of a design the buyer made with no tailor chosen yet, with the design's parts: what
   * their price range is read from (pricing/quote-range.server.ts, `priceRangesOf`).
   */
  waitingForTailor: { id: number; design: DesignParts }[];
}

/**
 * The cart with its address, from one read of its lines: each line carries its buyer, the address
 * with them (read on its own only when the cart is empty). The cart's pages sent a statement for
 * the address and another for the waiting lines, beside the lines they had read already.
 */
export async function getCartToDeliver(buyerId: number): Promise<CartToDeliver> {
  const rows = await cartRows(buyerId);
  const items = rows.map(toOrderView);
  const address = rows.length > 0 ? rows[0]!.buyer.address?.trim() || null : await deliveryAddressOf(buyerId);
  const waitingForTailor = rows
    .filter((row) => row.sellerId === null && row.design.type === "design" && row.design.ownerId === buyerId)
    .map((row) => ({ id: row.id, design: row.design }));
  return { items, summary: summarize(items), address, waitingForTailor };
}

export const MAX_QUANTITY = 999;

export function checkQuantity(quantity: unknown): number {
  const value = typeof quantity === "string" ? Number(quantity.trim()) : quantity;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > MAX_QUANTITY) {
    throw new DomainError("bad_input", ORDER_MESSAGES.badQuantity);
  }
  return value;
}

function baseLabel(sid: string): string {
  return catalogueOption(sid)?.labelTh ?? "เสื้อตามแบบ";
}

/**
 * Adds a tailor's approved, priced shop design to the cart (its tailor and price come with it),
 * in the buyer's ready size (`sizeId`; without one, the design's own size, and refused when it has
 * none). The same design in the same size already in the cart gets its quantity raised instead of
 * a second row.
 */
export async function addShopDesignToCart(
  buyerId: number,
  designId: number,
  quantity: number,
  sizeId?: string | null,
): Promise<{ id: number }> {
  const amount = checkQuantity(quantity);
  return db().$transaction(async (tx) => {
    const design = await tx.design.findUnique({
      where: { id: designId },
      select: {
        id: true,
        status: true,
        price: true,
        baseId: true,
        sizeId: true,
        owner: { select: { id: true, roles: true, status: true } },
      },
    });
    const tailor = design?.owner;
    if (design?.status !== "approved" || !tailor || !tailor.roles.includes("merchant") || tailor.status !== "active") {
      throw new DomainError("not_found", ORDER_MESSAGES.designNotFound);
    }
    // 0 is the spec's default price of a design saved from the designer: not yet priced, never free.
    const unitPrice = design.price === null ? 0 : Number(design.price.toString());
    if (unitPrice <= 0) throw new DomainError("conflict", ORDER_MESSAGES.designHasNoPrice);
    return addToCartLine(tx, {
      buyerId,
      designId,
      name: baseLabel(design.baseId),
      quantity: amount,
      sizeId: shopDesignSize(sizeId, design.sizeId),
      sellerId: tailor.id,
      unitPrice,
    });
  });
}

/** The size a shop design is bought in: the buyer's ready size, else the design's own; one is required. */
function shopDesignSize(asked: string | null | undefined, designs: string | null): string {
  if (asked) {
    if (!isSize(asked)) throw new DomainError("bad_input", SIZE_MESSAGES.unknown);
    if (!isReadySize(asked)) throw new DomainError("bad_input", SIZE_MESSAGES.readyOnly);
    return asked;
  }
  if (isReadySize(designs)) return designs;
  throw new DomainError("bad_input", SIZE_MESSAGES.required);
}

/**
 * One statement: a new cart line, or the same design from the same tailor in the same size
 * already in the cart grown by `quantity` (at today's price). The line is unique in the database
 * ("cartLine", decision 35), so parallel adds all land on one row; a line that would pass 999
 * stays as it is.
 */
async function addToCartLine(tx: Prisma.TransactionClient, item: PricedCartItem): Promise<{ id: number }> {
  // The trigger names the line itself; the same name here keeps the statement readable.
  const line = `${item.buyerId}:${item.designId}:${item.sellerId}:${item.sizeId}`;
  const rows = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO "Order" ("buyerId", "designId", "sellerId", "name", "quantity", "sizeId", "unitPrice", "totalPrice", "status", "cartLine", "updatedAt")
    VALUES (${item.buyerId}, ${item.designId}, ${item.sellerId}, ${item.name}, ${item.quantity}, ${item.sizeId}, ${item.unitPrice},
            ${totalFor(item.unitPrice, item.quantity)}, 'cart', ${line}, now())
    ON CONFLICT ("cartLine") DO UPDATE SET
      "quantity" = "Order"."quantity" + EXCLUDED."quantity",
      "unitPrice" = EXCLUDED."unitPrice",
      "totalPrice" = EXCLUDED."unitPrice" * ("Order"."quantity" + EXCLUDED."quantity"),
      "updatedAt" = now()
    WHERE "Order"."quantity" + EXCLUDED."quantity" <= ${MAX_QUANTITY}
    RETURNING "id"`;
  if (!rows[0]) throw new DomainError("bad_input", ORDER_MESSAGES.badQuantity);
  return { id: rows[0].id };
}

/** The buyer's own item still in the cart: someone else's is forbidden, a placed or missing one not found. */
export async function cartItemOf(buyerId: number, itemId: number) {
  const item = await db().order.findUnique({
    where: { id: itemId },
    select: { id: true, buyerId: true, status: true, unitPrice: true },
  });
  if (!item) throw new DomainError("not_found", ORDER_MESSAGES.cartItemNotFound);
  if (item.buyerId !== buyerId) throw new DomainError("forbidden", ORDER_MESSAGES.forbidden);
  if (item.status !== "cart") throw new DomainError("not_found", ORDER_MESSAGES.cartItemNotFound);
  return item;
}

/** Changes an item's quantity; a priced item's total follows (unit × quantity, in the same statement). */
export async function setCartQuantity(buyerId: number, itemId: number, quantity: unknown): Promise<void> {
  const amount = checkQuantity(quantity);
  await cartItemOf(buyerId, itemId);
  const count = await db().$executeRaw`
    UPDATE "Order" SET "quantity" = ${amount}, "totalPrice" = "unitPrice" * ${amount}, "updatedAt" = now()
    WHERE "id" = ${itemId} AND "buyerId" = ${buyerId} AND "status" = 'cart'`;
  if (count !== 1) throw new DomainError("not_found", ORDER_MESSAGES.cartItemNotFound);
}

/**
 * Cuts a cart item to another of the buyer's measurement profiles (an item sized to measure,
 * whose profile was deleted or is the wrong person's). The profile is held (FOR KEY SHARE) while
 * the design changes; the item's version moves, so a cart page that showed the old profile is
 * refused at placement and shows the new one.
 */
export async function chooseMeasurements(buyerId: number, itemId: number, profileId: number): Promise<void> {
  await cartItemOf(buyerId, itemId);
  await db().$transaction(async (tx) => {
    const held = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM "MeasurementProfile" WHERE id = ${profileId} AND "userId" = ${buyerId} FOR KEY SHARE`;
    if (held.length === 0) throw new DomainError("bad_input", MEASUREMENTS_MESSAGES.profileNotFound);
    const item = await tx.order.findFirst({
      where: { id: itemId, buyerId, status: "cart" },
      select: { design: { select: { id: true, ownerId: true, sizeId: true } } },
    });
    if (!item) throw new DomainError("not_found", ORDER_MESSAGES.cartItemNotFound);
    if (item.design.ownerId !== buyerId || item.design.sizeId !== CUSTOM_SIZE)
      throw new DomainError("conflict", MEASUREMENTS_MESSAGES.notCustomSize);
    await tx.design.update({ where: { id: item.design.id }, data: { measurementProfileId: profileId } });
    const { count } = await tx.order.updateMany({
      where: { id: itemId, buyerId, status: "cart" },
      data: { updatedAt: new Date() },
    });
    if (count !== 1) throw new DomainError("not_found", ORDER_MESSAGES.cartItemNotFound);
  });
}

/** Removes an item that is still in the buyer's cart (never a placed order). */
export async function removeCartItem(buyerId: number, itemId: number): Promise<void> {
  await cartItemOf(buyerId, itemId);
  const { count } = await db().order.deleteMany({ where: { id: itemId, buyerId, status: "cart" } });
  if (count !== 1) throw new DomainError("not_found", ORDER_MESSAGES.cartItemNotFound);
}

/** Where placed orders will go: the buyer's address from their profile (null when they have none). */
export async function deliveryAddressOf(buyerId: number): Promise<string | null> {
  const buyer = await db().user.findUnique({ where: { id: buyerId }, select: { address: true } });
  return buyer?.address?.trim() || null;
}

/**
 * Sets the buyer's delivery address from the cart (the profile's address: the one the profile
 * page edits). Orders already placed keep the address they were placed with.
 */
export async function saveDeliveryAddress(buyerId: number, address: string): Promise<void> {
  await db().user.update({ where: { id: buyerId }, data: { address } });
}
