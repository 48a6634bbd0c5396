import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { isReadyShop, SHOP_DESCRIPTION_MAX, SHOP_PROFILE_MESSAGES } from "./shop-profile";
import { shopProfileFormSchema, shopProfileJsonSchema } from "./shop-profile-form";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return parseWithZod(data, { schema: shopProfileFormSchema() });
}

describe("a shop that can take orders", () => {
  it("needs a shop name and a priced part", () => {
    expect(isReadyShop({ shopName: "ร้านผ้าทอ", pricedParts: 1 })).toBe(true);
    expect(isReadyShop({ shopName: "ร้านผ้าทอ", pricedParts: 0 })).toBe(false);
    expect(isReadyShop({ shopName: "  ", pricedParts: 5 })).toBe(false);
    expect(isReadyShop({ shopName: null, pricedParts: 5 })).toBe(false);
  });
});

describe("the shop settings form", () => {
  it("reads an unticked box as a hidden address and an empty description as none", () => {
    const submission = form({ shopName: " ร้านผ้าทอ ", description: "" });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      shopName: "ร้านผ้าทอ",
      description: "",
      showAddress: false,
    });
    const ticked = form({ shopName: "ร้าน", description: "ก\r\nข", showAddress: "on" });
    expect(ticked.status === "success" && ticked.value).toEqual({
      shopName: "ร้าน",
      description: "ก\nข",
      showAddress: true,
    });
  });

  it("counts a browser's line break once and refuses one character over the limit", () => {
    const exactly = `${"ก".repeat(SHOP_DESCRIPTION_MAX - 2)}\r\nข`;
    expect(form({ shopName: "ร้าน", description: exactly }).status).toBe("success");
    const over = form({ shopName: "ร้าน", description: "ก".repeat(SHOP_DESCRIPTION_MAX + 1) });
    expect(over.status).toBe("error");
    expect(over.status === "error" && over.error?.description).toEqual([SHOP_PROFILE_MESSAGES.descriptionTooLong]);
    const unnamed = form({ shopName: "", description: "x" });
    expect(unnamed.status === "error" && unnamed.error?.shopName).toEqual([SHOP_PROFILE_MESSAGES.nameRequired]);
  });
});

describe("PUT /api/merchants/me/shop's body", () => {
  it("takes the three fields, a null description as none, and nothing else", () => {
    expect(shopProfileJsonSchema.parse({ shopName: "ร้าน", description: null, showAddress: true })).toEqual({
      shopName: "ร้าน",
      description: "",
      showAddress: true,
    });
    expect(shopProfileJsonSchema.safeParse({ shopName: "ร้าน", description: "", showAddress: "true" }).success).toBe(
      false,
    );
    expect(
      shopProfileJsonSchema.safeParse({ shopName: "ร้าน", description: "", showAddress: true, status: "active" })
        .success,
    ).toBe(false);
  });
});
