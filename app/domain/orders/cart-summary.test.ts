import { describe, expect, it } from "vitest";
import { summarize, withPending } from "./cart-summary";

const items = [
  { id: 1, quantity: 2, unitPrice: 600, totalPrice: 1200, sellerId: 7 },
  { id: 2, quantity: 1, unitPrice: null, totalPrice: null, sellerId: null },
  { id: 3, quantity: 1, unitPrice: 890.5, totalPrice: 890.5, sellerId: 8 },
];

describe("cart summary", () => {
  it("counts items and shirts, totals only priced items, and is ready only when every item has a tailor", () => {
    expect(summarize(items)).toEqual({ itemCount: 3, pieceCount: 4, total: 2090.5, ready: false });
    expect(summarize(items.filter((item) => item.id !== 2))).toEqual({
      itemCount: 2,
      pieceCount: 3,
      total: 2090.5,
      ready: true,
    });
    expect(summarize([])).toEqual({ itemCount: 0, pieceCount: 0, total: 0, ready: false });
  });

  it("applies pending quantity changes and removals (what the page shows while saving)", () => {
    const pending = withPending(
      items,
      new Map([
        [1, 3],
        [3, 0],
      ]),
      new Set([2]),
    );
    expect(pending.map((item) => [item.id, item.quantity, item.totalPrice])).toEqual([
      [1, 3, 1800],
      [3, 1, 890.5],
    ]);
    expect(summarize(pending)).toEqual({ itemCount: 2, pieceCount: 4, total: 2690.5, ready: true });
  });
});
