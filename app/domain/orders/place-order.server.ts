import { retryingWriteConflicts } from "~/data/database-errors.server";
import { db } from "~/data/db.server";
import { SIZE_MESSAGES } from "~/domain/catalogue/sizes";
import { DomainError } from "~/domain/errors";
import { profileSelect } from "~/domain/measurements/profiles.server";
import { isReadyShop } from "~/domain/merchants/shop-profile";
import { withShipping } from "~/domain/pricing/shipping";
import { ORDER_MESSAGES } from "./messages";
import { frozenPriceLines, measurementsToFreeze, moveOrder } from "./transitions.server";

/** One cart item as the buyer saw it: its id and version (updatedAt, ISO). */
export interface SeenItem {
  id: number;
  version: string;
}

/**
 * Which cart lines a placement takes: `cart`, the whole cart, exactly as the buyer saw it (the
 * spec's place-order: every line, refused when the cart changed); `lines`, only the lines the
 * buyer chose on the review page (one alone, or several), each as the buyer saw it, the rest of
 * the cart staying as it is.
 */
export type PlaceScope = "cart" | "lines";

/**
 * Places every item of the buyer's cart (or the chosen lines: PlaceScope) in one transaction: each moves cart → ordered with
 * its price frozen (price lines), the buyer's address copied, the measurements of an item cut to
 * measure copied from its profile (a later change to the profile never reaches the order) and
 * orderedAt stamped, plus an event. Refused with nothing changed when an item lacks a tailor, a
 * size or a profile to cut to, the cart is empty, or
 * (when `seen` is given) the cart is not exactly what the buyer saw. A second, parallel
 * place-order finds the rows already moved and loses. Ended by PostgreSQL for a deadlock all the
 * same (with another kind of order move), the whole placement runs again.
 */
export function placeOrder(
  buyerId: number,
  seen?: readonly SeenItem[],
  scope: PlaceScope = "cart",
): Promise<{ orderIds: number[] }> {
  if (scope === "lines" && !seen?.length)
    return Promise.reject(new DomainError("bad_input", ORDER_MESSAGES.noLinesChosen));
  return retryingWriteConflicts(() => placeOnce(buyerId, seen, scope));
}

async function placeOnce(
  buyerId: number,
  seen: readonly SeenItem[] | undefined,
  scope: PlaceScope,
): Promise<{ orderIds: number[] }> {
  const chosen = scope === "lines" ? { id: { in: (seen ?? []).map((item) => item.id) } } : {};
  return db().$transaction(async (tx) => {
    const buyer = await tx.user.findUnique({ where: { id: buyerId }, select: { address: true } });
    const items = await tx.order.findMany({
      where: { buyerId, status: "cart", ...chosen },
      orderBy: { id: "asc" },
      select: {
        id: true,
        updatedAt: true,
        sellerId: true,
        designId: true,
        sizeId: true,
        unitPrice: true,
        totalPrice: true,
        priceLines: true,
        seller: {
          select: {
            roles: true,
            status: true,
            shippingFee: true,
            shopName: true,
            _count: { select: { partPrices: true } },
          },
        },
        design: { select: { ownerId: true, sizeId: true, measurementProfile: { select: profileSelect } } },
      },
    });
    if (seen && !sameCart(items, seen)) throw new DomainError("conflict", ORDER_MESSAGES.cartChanged);
    if (items.length === 0) throw new DomainError("conflict", ORDER_MESSAGES.emptyCart);
    if (items.some((item) => item.sellerId === null || item.totalPrice === null))
      throw new DomainError("conflict", ORDER_MESSAGES.needTailors);
    // An item put in the cart before sizes were asked for: the cart asks for its size first.
    if (items.some((item) => item.sizeId === null)) throw new DomainError("conflict", SIZE_MESSAGES.placeNeedsSizes);
    if (items.some((item) => !stillTakes(item))) throw new DomainError("conflict", ORDER_MESSAGES.tailorGone);
    const address = buyer?.address?.trim();
    if (!address) throw new DomainError("bad_input", ORDER_MESSAGES.needAddress);

    const orderedAt = new Date();
    // Each move adds to its tailor's and its design's count rows (triggers on "Order"); moved in
    // the same order in every cart (by tailor, then design), two placements never wait on each
    // other's rows in a circle (a deadlock, which PostgreSQL ends by failing one).
    const byCountRows = [...items].sort(
      (a, b) => (a.sellerId ?? 0) - (b.sellerId ?? 0) || a.designId - b.designId || a.id - b.id,
    );
    for (const item of byCountRows) {
      await moveOrder(tx, {
        orderId: item.id,
        from: "cart",
        to: "ordered",
        actorId: buyerId,
        actorRole: "user",
        updatedAt: item.updatedAt,
        data: {
          orderedAt,
          deliveryAddress: address,
          priceLines: frozenPriceLines(item),
          measurements: measurementsToFreeze(item.design),
          // The tailor's shipping fee as it is now, frozen; the total becomes what the buyer pays.
          ...withShipping(item.totalPrice!, item.seller!.shippingFee),
        },
      });
    }
    return { orderIds: items.map((item) => item.id) };
  });
}

/**
 * Whether the item's tailor still takes it, by the rule that let it into the cart: a tailor's own
 * design on sale, while the tailor is active (addShopDesignToCart); a tailor chosen for the buyer's
 * design, while their shop is one the choice lists, named and priced (selectTailor, decision 104).
 */
function stillTakes(item: {
  sellerId: number | null;
  seller: { roles: readonly string[]; status: string; shopName: string | null; _count: { partPrices: number } } | null;
  design: { ownerId: number | null };
}): boolean {
  const { seller } = item;
  if (!seller?.roles.includes("merchant") || seller.status !== "active") return false;
  if (item.design.ownerId === item.sellerId) return true;
  return isReadyShop({ shopName: seller.shopName, pricedParts: seller._count.partPrices });
}

function sameCart(items: readonly { id: number; updatedAt: Date }[], seen: readonly SeenItem[]): boolean {
  if (items.length !== seen.length) return false;
  const versions = new Map(seen.map((item) => [item.id, item.version]));
  return items.every((item) => versions.get(item.id) === item.updatedAt.toISOString());
}
