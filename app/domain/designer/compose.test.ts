import { describe, expect, it } from "vitest";
import { PATTERN_OPTIONS } from "~/domain/catalogue/options";
import { drawingOf } from "./art";
import { compose, DRAW_ORDER } from "./compose";
import { type DrawnPart, partSize, WIDE_LAYOUTS } from "./layouts";
import { compositionSvg } from "./preview-svg";
import { type Choice, toggleOption } from "./selection";

const SHIRTS = ["shirt1", "shirt2", "shirt3", "shirt4", "shirt5", "shirt6"];
const EVERY_PART: Choice = {
  neck: "neck2",
  placket: "placket1",
  seam: "seam1",
  bag: "bag2",
  side: "side1",
  arm: "arm3",
  hem: "hem4",
  color: "color3",
};

describe("compose", () => {
  for (const shirt of SHIRTS) {
    for (const canvas of ["wide", "narrow"] as const) {
      it(`${shirt} ${canvas}: every part in the spec's draw order, twins mirrored, all on the canvas`, () => {
        const { layers, skipped, size } = compose({ ...EVERY_PART, shirt }, { canvas });
        expect(size).toBe(canvas === "wide" ? 500 : 300);
        expect(skipped).toEqual([]);
        expect(layers.map((layer) => layer.key)).toEqual([...DRAW_ORDER]);
        const [base] = layers;
        expect(base).toMatchObject({
          sid: shirt,
          left: 0,
          top: 0,
          width: size,
          height: size,
          locked: true,
          flipped: false,
        });
        for (const layer of layers.slice(1)) {
          expect(layer.locked).toBe(false);
          expect(layer.left).toBeGreaterThanOrEqual(0);
          expect(layer.top).toBeGreaterThanOrEqual(0);
          expect(layer.left + layer.width).toBeLessThanOrEqual(size);
          expect(layer.top + layer.height).toBeLessThanOrEqual(size);
          if (!layer.key.endsWith("_flipped")) continue;
          const original = layers.find((other) => other.key === layer.category)!;
          expect(layer.flipped).toBe(true);
          expect(original.flipped).toBe(false);
          expect(layer.sid).toBe(original.sid);
          expect(layer.top).toBe(original.top);
          expect(layer.width).toBe(original.width);
          // Mirrored about the centre line.
          expect(layer.left + layer.width / 2).toBeCloseTo(size - (original.left + original.width / 2), 0);
        }
      });
    }
  }

  it("narrow boxes are the wide ones scaled to 300 px", () => {
    const wide = compose({ ...EVERY_PART, shirt: "shirt4" }, { canvas: "wide" }).layers;
    const narrow = compose({ ...EVERY_PART, shirt: "shirt4" }, { canvas: "narrow" }).layers;
    for (const [index, layer] of wide.entries()) {
      expect(narrow[index]!.width).toBeCloseTo(layer.width * 0.6, 0);
      expect(narrow[index]!.left).toBeCloseTo(layer.left * 0.6, 0);
    }
  });

  it("uses the spec's sizes for shirt1 on the wide canvas", () => {
    const sizes = Object.fromEntries(
      Object.entries(WIDE_LAYOUTS.shirt1!).map(([part, box]) => [part, partSize(part as DrawnPart, box)]),
    );
    expect(sizes).toEqual({ placket: 365, seam: 150, side: 120, hem: 95, neck: 55, bag: 40, arm: 30 });
  });

  it("colours the cloth of every layer with the chosen colour, and only the cloth", () => {
    const { layers, fill } = compose({ shirt: "shirt2", neck: "neck1", color: "color3" }, { canvas: "wide" });
    expect(fill).toBe("#a3322b");
    for (const layer of layers) {
      expect(layer.fill).toBe("#a3322b");
      expect(layer.url).toMatch(/\?fill=a3322b$/);
    }
    const plain = compose({ shirt: "shirt2" }, { canvas: "wide" });
    expect(plain.layers[0]!.url).toBe("/api/assets/patterns/shirt2.svg");
    expect(drawingOf("shirt2", "#a3322b")!.body).toContain('fill="#a3322b"');
  });

  it("applies overrides in wide-canvas units, and replacing a part drops them", () => {
    const state = {
      choice: { shirt: "shirt1", bag: "bag1" } as Choice,
      overrides: { bag: { left: 100, top: 200, scaleX: 2 }, bag_flipped: { top: 10 } },
    };
    const wide = compose(state.choice, { canvas: "wide", overrides: state.overrides }).layers.find(
      (layer) => layer.key === "bag",
    )!;
    expect(wide).toMatchObject({ left: 100, top: 200, width: 80, height: 46 });
    const narrow = compose(state.choice, { canvas: "narrow", overrides: state.overrides }).layers.find(
      (layer) => layer.key === "bag",
    )!;
    expect(narrow).toMatchObject({ left: 60, top: 120, width: 48 });

    const replaced = toggleOption(state, "bag", "bag3");
    expect(replaced.overrides).toEqual({});
    const layer = compose(replaced.choice, { canvas: "wide", overrides: replaced.overrides }).layers.find(
      (l) => l.key === "bag",
    )!;
    expect(layer).toMatchObject({ sid: "bag3", left: 162, top: 150, width: 40 });
  });

  it("skips parts it cannot place, and says why", () => {
    const { layers, skipped } = compose({ shirt: "shirt99" as string, neck: "neck1" }, { canvas: "wide" });
    expect(layers).toEqual([]);
    expect(skipped.map((entry) => entry.key)).toEqual(["shirt", "neck", "neck_flipped"]);
  });

  it("has artwork for every drawn option and draws a self-contained SVG", () => {
    for (const option of PATTERN_OPTIONS.filter((o) =>
      ["shirt", "neck", "placket", "seam", "bag", "side", "arm", "hem"].includes(o.category),
    )) {
      expect(drawingOf(option.sid, "#efe8da"), option.sid).not.toBeNull();
    }
    const svg = compositionSvg(compose({ ...EVERY_PART, shirt: "shirt5" }, { canvas: "narrow" }), {
      title: "เสื้อป้ายหญิง",
    });
    expect(svg).toMatch(/^<svg[^>]+viewBox="0 0 300 300"/);
    expect(svg).toContain("<title>เสื้อป้ายหญิง</title>");
    expect(svg).toContain("scale(-1 1)");
    expect(svg).not.toContain("href=");
    // Pattern ids are unique across layers.
    const ids = [...svg.matchAll(/id="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
