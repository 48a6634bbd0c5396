import { describe, expect, it } from "vitest";
import { isReadySize, isSize, READY_SIZES, sizeShort, sizeView } from "./sizes";

describe("sizes", () => {
  it("the ready sizes are S to 3XL, smallest first; cut to measure is a size but not a ready one", () => {
    expect(READY_SIZES.map((size) => size.sid)).toEqual(["size1", "size2", "size3", "size4", "size5", "size6"]);
    expect(isReadySize("size4")).toBe(true);
    expect(isReadySize("size_custom")).toBe(false);
    expect(isSize("size_custom")).toBe(true);
    for (const other of [null, undefined, "", "size7", "XL", "neck1"]) expect(isSize(other)).toBe(false);
  });

  it("a ready size shows as its sid and Thai name; cut to measure and none show as null; a retired one keeps its sid", () => {
    expect(sizeView("size2")).toEqual({ sid: "size2", name: "M รอบอก 38 นิ้ว" });
    expect(sizeView("size_custom")).toBeNull();
    expect(sizeView(null)).toBeNull();
    expect(sizeView("size0")).toEqual({ sid: "size0", name: "size0" });
  });

  it("a ready size on a small button: its letters and its chest", () => {
    expect(sizeShort("2XL รอบอก 44 นิ้ว")).toEqual({ letters: "2XL", chest: "อก 44 นิ้ว" });
    expect(sizeShort("ฟรีไซส์")).toEqual({ letters: "ฟรีไซส์", chest: "" });
  });
});
