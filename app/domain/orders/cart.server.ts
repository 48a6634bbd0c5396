import { prisma } from "~/data/db.server";
import { PATTERN_OPTIONS } from "~/domain/catalogue/options";
import { DomainError } from "~/domain/errors";
import { totalFor } from "~/domain/pricing/quote";
import { createCartItem } from "./cart-item.server";
import { type CartSummary, summarize } from "./cart-summary";
import { ORDER_MESSAGES } from "./messages";
import { type OrderView, orderSelect, toOrderView } from "./views.server";

/** The buyer's cart: orders in status cart. */

export interface Cart {
  items: OrderView[];
  summary: CartSummary;
}

export async function getCart(buyerId: number): Promise<Cart> {
  const rows = await prisma.order.findMany({
    where: { buyerId, status: "cart" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: orderSelect,
  });
  const items = rows.map(toOrderView);
  return { items, summary: summarize(items) };
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
  return PATTERN_OPTIONS.find((option) => option.sid === sid)?.labelTh ?? "เสื้อตามแบบ";
}

/**
 * Adds a tailor's approved, priced shop design to the cart (its tailor and price come with it).
 * The same design already in the cart gets its quantity raised instead of a second row.
 */
export async function addShopDesignToCart(
  buyerId: number,
  designId: number,
  quantity: number,
): Promise<{ id: number }> {
  const amount = checkQuantity(quantity);
  return prisma.$transaction(async (tx) => {
    const design = await tx.design.findUnique({
      where: { id: designId },
      select: {
        id: true,
        status: true,
        price: true,
        baseId: true,
        owner: { select: { id: true, roles: true, status: true } },
      },
    });
    const tailor = design?.owner;
    if (design?.status !== "approved" || !tailor || !tailor.roles.includes("merchant") || tailor.status !== "active") {
      throw new DomainError("not_found", ORDER_MESSAGES.designNotFound);
    }
    if (design.price === null) throw new DomainError("conflict", ORDER_MESSAGES.designHasNoPrice);
    const unitPrice = Number(design.price.toString());
    const existing = await tx.order.findFirst({
      where: { buyerId, designId, sellerId: tailor.id, status: "cart" },
      select: { id: true, quantity: true },
    });
    if (existing) {
      const newQuantity = checkQuantity(existing.quantity + amount);
      await tx.order.update({
        where: { id: existing.id },
        data: { quantity: newQuantity, unitPrice, totalPrice: totalFor(unitPrice, newQuantity) },
      });
      return { id: existing.id };
    }
    return createCartItem(tx, {
      buyerId,
      designId,
      name: baseLabel(design.baseId),
      quantity: amount,
      sellerId: tailor.id,
      unitPrice,
    });
  });
}

/** The buyer's own item still in the cart: someone else's is forbidden, a placed or missing one not found. */
export async function cartItemOf(buyerId: number, itemId: number) {
  const item = await prisma.order.findUnique({
    where: { id: itemId },
    select: { id: true, buyerId: true, status: true, unitPrice: true },
  });
  if (!item) throw new DomainError("not_found", ORDER_MESSAGES.cartItemNotFound);
  if (item.buyerId !== buyerId) throw new DomainError("forbidden", ORDER_MESSAGES.forbidden);
  if (item.status !== "cart") throw new DomainError("not_found", ORDER_MESSAGES.cartItemNotFound);
  return item;
}

/** Changes an item's quantity; a priced item's total follows (unit × quantity). */
export async function setCartQuantity(buyerId: number, itemId: number, quantity: unknown): Promise<void> {
  const amount = checkQuantity(quantity);
  const item = await cartItemOf(buyerId, itemId);
  const unitPrice = item.unitPrice === null ? null : Number(item.unitPrice.toString());
  const { count } = await prisma.order.updateMany({
    where: { id: item.id, buyerId, status: "cart" },
    data: { quantity: amount, totalPrice: unitPrice === null ? null : totalFor(unitPrice, amount) },
  });
  if (count !== 1) throw new DomainError("not_found", ORDER_MESSAGES.cartItemNotFound);
}

/** Removes an item that is still in the buyer's cart (never a placed order). */
export async function removeCartItem(buyerId: number, itemId: number): Promise<void> {
  await cartItemOf(buyerId, itemId);
  const { count } = await prisma.order.deleteMany({ where: { id: itemId, buyerId, status: "cart" } });
  if (count !== 1) throw new DomainError("not_found", ORDER_MESSAGES.cartItemNotFound);
}

/** Where placed orders will go: the buyer's address from their profile (null when they have none). */
export async function deliveryAddressOf(buyerId: number): Promise<string | null> {
  const buyer = await prisma.user.findUnique({ where: { id: buyerId }, select: { address: true } });
  return buyer?.address?.trim() || null;
}
