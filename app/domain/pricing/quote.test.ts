import { describe, expect, it } from "vitest";
import { pricedParts, quoteDesign, sumPrices, totalFor } from "./quote";

const prices = new Map<string, number>([
  ["shirt1", 450],
  ["neck1", 60.5],
  ["hem2", 90.25],
  ["placket1", 50],
]);

describe("quoteDesign", () => {
  it("sums the tailor's prices of the chosen priced parts; total is unit × quantity", () => {
    const quote = quoteDesign({ baseId: "shirt1", collarId: "neck1", hemId: "hem2" }, prices, 3);
    expect(quote).toEqual({
      available: true,
      unitPrice: 600.75,
      totalPrice: 1802.25,
      lines: [
        { category: "shirt", sid: "shirt1", price: 450 },
        { category: "neck", sid: "neck1", price: 60.5 },
        { category: "hem", sid: "hem2", price: 90.25 },
      ],
    });
  });

  it("adds money exactly (no floating-point drift)", () => {
    const quote = quoteDesign({ baseId: "a" }, new Map([["a", 0.1]]), 3);
    expect(quote).toMatchObject({ unitPrice: 0.1, totalPrice: 0.3 });
    expect(sumPrices([0.1, 0.2, null])).toBe(0.3);
    expect(totalFor(19.99, 3)).toBe(59.97);
  });

  it("a tailor who has not priced a chosen part is unavailable, naming every missing part", () => {
    const quote = quoteDesign({ baseId: "shirt1", collarId: "neck9", armId: "arm4" }, prices, 1);
    expect(quote).toEqual({
      available: false,
      missing: [
        { category: "neck", sid: "neck9" },
        { category: "arm", sid: "arm4" },
      ],
    });
  });

  it("a part priced at 0 baht is priced (the tailor makes it for free), not missing", () => {
    const quote = quoteDesign(
      { baseId: "shirt1", collarId: "neck1" },
      new Map([
        ["shirt1", 450],
        ["neck1", 0],
      ]),
      2,
    );
    expect(quote).toEqual({
      available: true,
      unitPrice: 450,
      totalPrice: 900,
      lines: [
        { category: "shirt", sid: "shirt1", price: 450 },
        { category: "neck", sid: "neck1", price: 0 },
      ],
    });
    expect(quoteDesign({ baseId: "shirt1" }, new Map([["shirt1", 0]]), 3)).toMatchObject({
      available: true,
      unitPrice: 0,
      totalPrice: 0,
    });
  });

  it("the total is for the whole quantity, whatever it is", () => {
    for (const quantity of [1, 2, 7, 999]) {
      expect(quoteDesign({ baseId: "shirt1", collarId: "neck1" }, prices, quantity)).toMatchObject({
        unitPrice: 510.5,
        totalPrice: (51050 * quantity) / 100,
      });
      expect(totalFor(510.5, quantity)).toBe((51050 * quantity) / 100);
    }
  });

  it("ignores parts that are not priced (colour, fabric, size) and empty choices", () => {
    expect(
      pricedParts({
        baseId: "shirt1",
        collarId: null,
        placketId: "placket1",
        sizeId: "size3",
        ...({ colorId: "color1" } as object),
      }),
    ).toEqual([
      { category: "shirt", sid: "shirt1" },
      { category: "placket", sid: "placket1" },
    ]);
  });

  it("cutting to the customer's measurements is a priced part: its price is added, none makes the tailor unavailable", () => {
    const design = { baseId: "shirt1", collarId: "neck1", sizeId: "size_custom" };
    expect(quoteDesign(design, new Map([...prices, ["size_custom", 150]]), 2)).toEqual({
      available: true,
      unitPrice: 660.5,
      totalPrice: 1321,
      lines: [
        { category: "shirt", sid: "shirt1", price: 450 },
        { category: "neck", sid: "neck1", price: 60.5 },
        { category: "size", sid: "size_custom", price: 150 },
      ],
    });
    expect(quoteDesign(design, prices, 1)).toEqual({
      available: false,
      missing: [{ category: "size", sid: "size_custom" }],
    });
    // A ready size never needs a price.
    expect(quoteDesign({ ...design, sizeId: "size2" }, prices, 1)).toMatchObject({ available: true, unitPrice: 510.5 });
  });

  it("refuses a quantity below 1 or not whole", () => {
    expect(() => quoteDesign({ baseId: "shirt1" }, prices, 0)).toThrow(RangeError);
    expect(() => quoteDesign({ baseId: "shirt1" }, prices, 1.5)).toThrow(RangeError);
  });

  it("the cart total counts only items with a price", () => {
    expect(sumPrices([1780, null, 1250])).toBe(3030);
    expect(sumPrices([])).toBe(0);
  });
});
