import { sumPrices, totalFor } from "~/domain/pricing/quote";

/** The cart's summary panel, from its items. Pure: the server computes it, the page recomputes it while changes are being saved. */

export interface CartSummary {
  /** Number of items (rows) in the cart. */
  itemCount: number;
  /** Number of shirts (sum of quantities). */
  pieceCount: number;
  /** Baht, counting only the items that have a price. */
  total: number;
  /** Every item has a tailor (the place-order button is enabled). */
  ready: boolean;
}

export interface SummaryItem {
  id: number;
  quantity: number;
  unitPrice: number | null;
  totalPrice: number | null;
  sellerId: number | null;
}

export function summarize(items: readonly SummaryItem[]): CartSummary {
  return {
    itemCount: items.length,
    pieceCount: items.reduce((sum, item) => sum + item.quantity, 0),
    total: sumPrices(items.map((item) => item.totalPrice)),
    ready: items.length > 0 && items.every((item) => item.sellerId !== null && item.totalPrice !== null),
  };
}

/** The items as they will be once the pending changes (new quantities, removals) are saved. */
export function withPending<T extends SummaryItem>(
  items: readonly T[],
  quantities: ReadonlyMap<number, number>,
  removed: ReadonlySet<number>,
): T[] {
  return items
    .filter((item) => !removed.has(item.id))
    .map((item) => {
      const quantity = quantities.get(item.id);
      if (quantity === undefined || !Number.isInteger(quantity) || quantity < 1) return item;
      return { ...item, quantity, totalPrice: item.unitPrice === null ? null : totalFor(item.unitPrice, quantity) };
    });
}

/** What a line needs before it can be placed on its own (the review page): a tailor with a price, a size, and, cut to measure, measurements. */
export interface PlaceableLine {
  sellerId: number | null;
  totalPrice: number | null;
  needsSize: boolean;
  customSize: boolean;
  measurements: unknown;
}

export function isReadyToPlace(line: PlaceableLine): boolean {
  return (
    line.sellerId !== null && line.totalPrice !== null && !line.needsSize && (!line.customSize || !!line.measurements)
  );
}

/** Why a line cannot be placed yet, in the buyer's words (null: it can). */
export function lineProblem(line: PlaceableLine): string | null {
  if (line.sellerId === null || line.totalPrice === null) return "ยังไม่ได้เลือกช่างตัด";
  if (line.needsSize) return "ยังไม่ได้เลือกขนาดเสื้อ";
  if (line.customSize && !line.measurements) return "ยังไม่ได้เลือกสัดส่วนที่ใช้ตัด";
  return null;
}
