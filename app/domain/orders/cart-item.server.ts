import type { Prisma } from "~/data/generated/client";

type Db = Prisma.TransactionClient;

export interface NewCartItem {
  buyerId: number;
  designId: number;
  /** The item's name: the Thai label of its base shirt. */
  name: string;
  quantity: number;
  /** The size it is cut to (the buyer's choice; see "Order"."sizeId"). */
  sizeId: string;
  /** A tailor's popular design comes with its tailor and price; a designer-made one has neither yet. */
  sellerId?: number | null;
  unitPrice?: number | null;
}

/** Puts one item in the buyer's cart (an order in status cart). Call inside the caller's transaction. */
export function createCartItem(db: Db, item: NewCartItem) {
  const unitPrice = item.unitPrice ?? null;
  return db.order.create({
    data: {
      buyerId: item.buyerId,
      designId: item.designId,
      name: item.name,
      quantity: item.quantity,
      sizeId: item.sizeId,
      sellerId: item.sellerId ?? null,
      unitPrice,
      totalPrice: unitPrice === null ? null : unitPrice * item.quantity,
      status: "cart",
    },
    select: { id: true },
  });
}
