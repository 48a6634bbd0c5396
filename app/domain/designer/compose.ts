import { patternImageUrl } from "~/domain/catalogue/options";
import { normalizeHex, UNDYED } from "./art/paint";
import { CANVAS_PX, type CanvasSize, type DrawnPart, layoutFor } from "./layouts";
import { type Choice, findOption, isTwin, type Overrides } from "./selection";

/**
 * The one composition of a design: the layers to draw, in the spec's order, with their boxes on a
 * canvas of the given size. The server draws them as SVG; the browser draws the same with fabric.js.
 */

export const DRAW_ORDER = [
  "shirt",
  "neck",
  "neck_flipped",
  "placket",
  "seam",
  "seam_flipped",
  "bag",
  "bag_flipped",
  "side",
  "side_flipped",
  "arm",
  "arm_flipped",
  "hem",
  "hem_flipped",
] as const;
export type LayerKey = (typeof DRAW_ORDER)[number];

export interface Layer {
  key: LayerKey;
  category: "shirt" | DrawnPart;
  sid: string;
  /** The artwork, its cloth already in the shirt's colour. */
  url: string;
  left: number;
  top: number;
  width: number;
  height: number;
  /** The box's size from the layout table, before any override's scale. */
  baseWidth: number;
  baseHeight: number;
  /** Mirrored about its own vertical axis (the right-hand twin). */
  flipped: boolean;
  /** The base shirt: not selectable, never moves. */
  locked: boolean;
  /** The shirt's colour, applied to the cloth only (the drawing's lines and bands keep theirs). */
  fill: string;
}

export interface Composition {
  size: number;
  fill: string;
  layers: Layer[];
  /** Layers left out (no artwork or no place on this shirt); the browser warns about them. */
  skipped: { key: LayerKey; sid: string; reason: string }[];
}

export function shirtFill(choice: Choice): string {
  const color = findOption(choice.color)?.color;
  return color ? normalizeHex(color) : UNDYED;
}

export function artworkUrl(sid: string, fill: string): string {
  return fill === UNDYED ? patternImageUrl(sid) : `${patternImageUrl(sid)}?fill=${fill.slice(1)}`;
}

/** The picture on an option's card (a close-up for long upright parts). */
export function cardArtUrl(sid: string, fill: string): string {
  const url = artworkUrl(sid, fill);
  return `${url}${url.includes("?") ? "&" : "?"}view=card`;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

export function compose(choice: Choice, options: { canvas: CanvasSize; overrides?: Overrides }): Composition {
  const size = CANVAS_PX[options.canvas];
  const factor = size / CANVAS_PX.wide;
  const fill = shirtFill(choice);
  const layers: Layer[] = [];
  const skipped: Composition["skipped"] = [];
  const shirtSid = choice.shirt;
  const layout = shirtSid ? layoutFor(shirtSid, options.canvas) : undefined;

  for (const key of DRAW_ORDER) {
    const flipped = key.endsWith("_flipped");
    const category = (flipped ? key.slice(0, -"_flipped".length) : key) as Layer["category"];
    if (flipped && !isTwin(category)) continue;
    const sid = choice[category];
    if (!sid) continue;
    if (!layout) {
      skipped.push({ key, sid, reason: "no layout for this base shirt" });
      continue;
    }
    if (category === "shirt") {
      layers.push({
        key,
        category,
        sid,
        url: artworkUrl(sid, fill),
        left: 0,
        top: 0,
        width: size,
        height: size,
        baseWidth: size,
        baseHeight: size,
        flipped: false,
        locked: true,
        fill,
      });
      continue;
    }
    const box = layout[category];
    if (!box) {
      skipped.push({ key, sid, reason: "no size or position for this part" });
      continue;
    }
    const override = options.overrides?.[key] ?? {};
    const width = round1(box.width * (override.scaleX ?? 1));
    const height = round1(box.height * (override.scaleY ?? 1));
    const mirroredLeft = size - box.left - box.width;
    const left =
      override.left !== undefined ? round1(override.left * factor) : flipped ? round1(mirroredLeft) : box.left;
    const top = override.top !== undefined ? round1(override.top * factor) : box.top;
    layers.push({
      key,
      category,
      sid,
      url: artworkUrl(sid, fill),
      left,
      top,
      width,
      height,
      baseWidth: box.width,
      baseHeight: box.height,
      flipped,
      locked: false,
      fill,
    });
  }
  return { size, fill, layers, skipped };
}
