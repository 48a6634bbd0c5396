import { describe, expect, it } from "vitest";
import {
  choiceFromSearch,
  choiceOf,
  clampQuantity,
  componentsOf,
  type DesignerState,
  partsOf,
  searchOf,
  shirtLabel,
  TWIN_CATEGORIES,
  toggleOption,
} from "./selection";

const start: DesignerState = { choice: { shirt: "shirt1" }, overrides: {} };

describe("designer selection rules", () => {
  it("selecting a card sets that category; selecting it again removes it and its twin", () => {
    const withCollar = toggleOption(start, "neck", "neck2");
    expect(withCollar.choice).toEqual({ shirt: "shirt1", neck: "neck2" });
    expect(Object.keys(componentsOf(withCollar.choice))).toEqual(["shirt", "neck", "neck_flipped"]);
    const removed = toggleOption(withCollar, "neck", "neck2");
    expect(removed.choice).toEqual({ shirt: "shirt1" });
    expect(Object.keys(componentsOf(removed.choice))).toEqual(["shirt"]);
  });

  it("never removes the base shirt; another shirt replaces it", () => {
    expect(toggleOption(start, "shirt", "shirt1").choice).toEqual({ shirt: "shirt1" });
    expect(toggleOption(start, "shirt", "shirt4").choice).toEqual({ shirt: "shirt4" });
  });

  it("sets a flipped twin for neck, seam, bag, side, arm and hem only", () => {
    const choice = {
      shirt: "shirt2",
      neck: "neck1",
      placket: "placket1",
      seam: "seam1",
      bag: "bag1",
      side: "side1",
      arm: "arm1",
      hem: "hem1",
      color: "color2",
      size: "size3",
    };
    const components = componentsOf(choice);
    const twins = Object.keys(components).filter((key) => key.endsWith("_flipped"));
    expect(twins).toEqual(TWIN_CATEGORIES.map((category) => `${category}_flipped`));
    expect(components.neck_flipped).toMatchObject({ sid: "neck1", flipped: true });
    expect(components.neck).toMatchObject({
      sid: "neck1",
      flipped: false,
      label: { th: "คอจีน", en: "Mandarin collar" },
    });
    expect(components.color).toMatchObject({ sid: "color2", color: "#23201f" });
    expect(components.neck!.uuid).not.toBe(components.neck_flipped!.uuid);
  });

  it("drops the overrides of a replaced component and its twin, keeps the others", () => {
    const state: DesignerState = {
      choice: { shirt: "shirt1", bag: "bag1", hem: "hem1" },
      overrides: { bag: { left: 1 }, bag_flipped: { left: 2 }, hem: { top: 3 } },
    };
    expect(toggleOption(state, "bag", "bag2").overrides).toEqual({ hem: { top: 3 } });
    expect(toggleOption(state, "bag", "bag1").overrides).toEqual({ hem: { top: 3 } });
  });

  it("ignores an option of another category or one not in the catalogue", () => {
    expect(toggleOption(start, "neck", "bag1")).toBe(start);
    expect(toggleOption(start, "neck", "neck99")).toBe(start);
  });

  it("reads and writes the selection in the page address", () => {
    const params = new URLSearchParams("category=neck&shirt=shirt3&neck=neck5&bag=neck1&hem=hem9&color=color4&qty=3");
    const choice = choiceFromSearch(params);
    expect(choice).toEqual({ shirt: "shirt3", neck: "neck5", color: "color4" });
    expect(searchOf(choice, { category: "hem", qty: 3 })).toBe(
      "?category=hem&shirt=shirt3&neck=neck5&color=color4&qty=3",
    );
    expect(choiceFromSearch(new URLSearchParams(""))).toEqual({ shirt: "shirt1" });
  });

  it("maps the selection to the design's part ids and back", () => {
    const choice = {
      shirt: "shirt6",
      neck: "neck3",
      seam: "seam2",
      bag: "bag4",
      ttape: "ttape1",
      size: "size2",
      fabric: "fabric3",
      thread: "thread2",
    };
    const parts = partsOf(choice);
    expect(parts).toEqual({
      baseId: "shirt6",
      collarId: "neck3",
      placketId: null,
      shoulderId: "seam2",
      pocketId: "bag4",
      sideId: null,
      armId: null,
      hemId: null,
      colorId: null,
      fabricId: "fabric3",
      threadId: "thread2",
      isTTape: true,
      sizeId: "size2",
    });
    expect(choiceOf(parts)).toEqual(choice);
    expect(partsOf({ shirt: "shirt1", ttape: "ttape2" }).isTTape).toBe(false);
    expect(shirtLabel(choice)).toBe("เสื้อหญิงแขนสามส่วน");
  });

  it("keeps the quantity a whole number of at least 1, without an upper bound", () => {
    expect(clampQuantity("0")).toBe(1);
    expect(clampQuantity("-4")).toBe(1);
    expect(clampQuantity("abc")).toBe(1);
    expect(clampQuantity("2.7")).toBe(2);
    expect(clampQuantity(5000)).toBe(5000);
  });
});
