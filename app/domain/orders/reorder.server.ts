import { db } from "~/data/db.server";
import { DomainError, isDomainError } from "~/domain/errors";
import { addShopDesignToCart } from "./cart.server";
import { ORDER_MESSAGES } from "./messages";
import { needsTailorChoice } from "./views.server";

/**
 * "สั่งอีกครั้ง" (issue 46): a canceled or completed order becomes a new cart item with the same
 * design, size (or measurement profile: it lives on the design) and quantity. A customer's own
 * design comes without a tailor, ready to choose one (perhaps another); a shop's design comes with
 * the same tailor at today's price, when that tailor and design are still on sale.
 */

export const REORDER_MESSAGES = {
  added: "เพิ่มลงตะกร้าแล้ว สั่งอีกครั้งได้เลย",
  chooseTailor: "เพิ่มลงตะกร้าแล้ว เลือกช่างตัดสำหรับรายการนี้",
  failed: "สั่งอีกครั้งไม่สำเร็จ",
  notEnded: "สั่งอีกครั้งได้เมื่อคำสั่งซื้อตัดเย็บเสร็จแล้วหรือถูกยกเลิกแล้วเท่านั้น",
  cartItem: "รายการนี้ยังอยู่ในตะกร้า ไม่ต้องสั่งอีกครั้ง",
  shopDesignGone: "แบบเสื้อนี้หรือร้านของช่างตัดรายนี้ไม่ได้เปิดขายแล้ว จึงสั่งซ้ำกับร้านเดิมไม่ได้",
} as const;

export interface Reordered {
  cartItemId: number;
  /** A customer's own design: the next step is choosing a tailor for the new item. */
  needsTailorChoice: boolean;
}

export async function reorder(orderId: number, buyerId: number): Promise<Reordered> {
  const order = await db().order.findUnique({
    where: { id: orderId },
    select: {
      id: true,
      buyerId: true,
      sellerId: true,
      status: true,
      name: true,
      quantity: true,
      sizeId: true,
      designId: true,
      design: { select: { type: true, ownerId: true } },
    },
  });
  if (!order) throw new DomainError("not_found", ORDER_MESSAGES.notFound);
  if (order.buyerId !== buyerId) throw new DomainError("forbidden", ORDER_MESSAGES.forbidden);
  if (order.status === "cart") throw new DomainError("conflict", REORDER_MESSAGES.cartItem);
  if (order.status !== "canceled" && order.status !== "completed")
    throw new DomainError("conflict", REORDER_MESSAGES.notEnded);

  if (needsTailorChoice(order)) {
    // The buyer's own design: a new line without a tailor (cart lines without one are never merged).
    const item = await db().order.create({
      data: {
        buyerId,
        designId: order.designId,
        name: order.name,
        quantity: order.quantity,
        sizeId: order.sizeId,
        status: "cart",
      },
      select: { id: true },
    });
    return { cartItemId: item.id, needsTailorChoice: true };
  }

  // A shop's design: its own tailor at today's price (the same line in the cart grows instead).
  if (order.sellerId === null || order.sellerId !== order.design.ownerId)
    throw new DomainError("conflict", REORDER_MESSAGES.shopDesignGone);
  try {
    const item = await addShopDesignToCart(buyerId, order.designId, order.quantity, order.sizeId);
    return { cartItemId: item.id, needsTailorChoice: false };
  } catch (error) {
    // Withdrawn, unpriced, or its tailor no longer taking work: said plainly, as a conflict.
    if (isDomainError(error) && (error.status === 404 || error.status === 409))
      throw new DomainError("conflict", REORDER_MESSAGES.shopDesignGone);
    throw error;
  }
}
