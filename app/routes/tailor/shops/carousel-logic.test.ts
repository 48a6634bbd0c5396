import { describe, expect, it } from "vitest";
import { stepIndex, swipeStep } from "./carousel-logic";

describe("carousel rules", () => {
  it("swipes only past 30 px", () => {
    expect(swipeStep(-29)).toBe(0);
    expect(swipeStep(29)).toBe(0);
    expect(swipeStep(-30)).toBe(1);
    expect(swipeStep(45)).toBe(-1);
  });

  it("wraps around at both ends", () => {
    expect(stepIndex(4, 1, 5)).toBe(0);
    expect(stepIndex(0, -1, 5)).toBe(4);
    expect(stepIndex(2, 1, 5)).toBe(3);
    expect(stepIndex(0, 1, 0)).toBe(0);
  });
});
