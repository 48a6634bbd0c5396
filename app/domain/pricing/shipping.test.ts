import { describe, expect, it } from "vitest";
import { quoteKey } from "./quote-key";
import { SHIPPING_MESSAGES, withShipping } from "./shipping";
import { shippingFormSchema } from "./shipping-form";

describe("withShipping", () => {
  it("adds the fee to the items' price exactly, in satang", () => {
    expect(withShipping(0.1 + 0.2, 0)).toEqual({ shippingFee: 0, totalPrice: 0.3 });
    expect(withShipping(1802.25, 50)).toEqual({ shippingFee: 50, totalPrice: 1852.25 });
    expect(withShipping({ toString: () => "999.99" }, 1000)).toEqual({ shippingFee: 1000, totalPrice: 1999.99 });
  });
});

describe("the shipping form", () => {
  const parse = (shippingFee: string, leadTimeDays: string) =>
    shippingFormSchema().safeParse({ shippingFee, leadTimeDays });

  it("takes whole numbers within the bounds, spaces around them forgiven", () => {
    expect(parse("0", "1").data).toEqual({ shippingFee: 0, leadTimeDays: 1 });
    expect(parse(" 1000 ", "90").data).toEqual({ shippingFee: 1000, leadTimeDays: 90 });
  });

  it.each([
    ["1001", "7", SHIPPING_MESSAGES.fee],
    ["-1", "7", SHIPPING_MESSAGES.fee],
    ["12.5", "7", SHIPPING_MESSAGES.fee],
    ["1e2", "7", SHIPPING_MESSAGES.fee],
    ["", "7", SHIPPING_MESSAGES.fee],
    ["50", "0", SHIPPING_MESSAGES.leadTime],
    ["50", "91", SHIPPING_MESSAGES.leadTime],
    ["50", "สามวัน", SHIPPING_MESSAGES.leadTime],
  ])("refuses fee %j, days %j with the field's Thai message", (fee, days, message) => {
    const result = parse(fee, days);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});

describe("quoteKey", () => {
  const parts = {
    baseId: "shirt1",
    collarId: "neck1",
    placketId: null,
    shoulderId: null,
    pocketId: null,
    sideId: null,
    armId: null,
    hemId: null,
    colorId: "color1",
    fabricId: null,
    threadId: null,
    isTTape: false,
    sizeId: "size2",
  };

  it("names a design by its priced parts and quantity: a colour, fabric or thread does not change the price", () => {
    const recoloured = { ...parts, colorId: "color2", fabricId: "fabric1" };
    expect(quoteKey(parts, 1)).toBe(quoteKey(recoloured, 1));
    expect(quoteKey(parts, 1)).not.toBe(quoteKey(parts, 2));
    expect(quoteKey(parts, 1)).not.toBe(quoteKey({ ...parts, collarId: "neck2" }, 1));
    expect(quoteKey(parts, 1)).not.toBe(quoteKey({ ...parts, sizeId: "size_custom" }, 1));
  });
});
