/**
 * Where each part sits on each base shirt: the box (left, top, width, height) of the piece on the
 * viewer's left, on the wide 500 px canvas. Twins are mirrored about the centre line. The narrow
 * 300 px table is the same layout scaled by 0.6.
 */

export type DrawnPart = "neck" | "placket" | "seam" | "bag" | "side" | "arm" | "hem";

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export type ShirtLayout = Record<DrawnPart, Box>;
export type CanvasSize = "wide" | "narrow";

export const CANVAS_PX: Record<CanvasSize, number> = { wide: 500, narrow: 300 };

const box = (left: number, top: number, width: number, height: number): Box => ({ left, top, width, height });

export const WIDE_LAYOUTS: Record<string, ShirtLayout> = {
  shirt1: {
    neck: box(195, 42, 55, 50),
    placket: box(237, 84, 26, 365),
    seam: box(70, 46, 150, 70),
    bag: box(162, 150, 40, 46),
    side: box(129, 335, 18, 120),
    arm: box(18, 380, 54, 30),
    hem: box(140, 427, 95, 28),
  },
  shirt2: {
    neck: box(195, 48, 55, 50),
    placket: box(237, 90, 26, 352),
    seam: box(63, 52, 157, 66),
    bag: box(160, 150, 42, 48),
    side: box(132, 330, 18, 120),
    arm: box(30, 205, 68, 30),
    hem: box(140, 422, 95, 28),
  },
  shirt3: {
    neck: box(195, 44, 55, 50),
    placket: box(238, 86, 24, 362),
    seam: box(74, 48, 146, 69),
    bag: box(164, 155, 38, 44),
    side: box(133, 335, 18, 120),
    arm: box(32, 382, 48, 30),
    hem: box(142, 427, 95, 28),
  },
  shirt4: {
    neck: box(195, 54, 55, 50),
    placket: box(238, 96, 24, 318),
    seam: box(100, 59, 118, 57),
    bag: box(178, 160, 34, 38),
    side: box(150, 327, 16, 93),
    arm: box(62, 377, 38, 28),
    hem: box(152, 394, 85, 26),
  },
  shirt5: {
    neck: box(195, 52, 55, 50),
    placket: box(238, 94, 24, 340),
    seam: box(92, 57, 126, 60),
    bag: box(170, 165, 36, 42),
    side: box(143, 330, 17, 110),
    arm: box(48, 380, 46, 28),
    hem: box(146, 414, 92, 26),
  },
  shirt6: {
    neck: box(195, 52, 55, 50),
    placket: box(238, 94, 24, 330),
    seam: box(95, 57, 124, 60),
    bag: box(172, 160, 36, 42),
    side: box(146, 322, 17, 110),
    arm: box(48, 272, 60, 28),
    hem: box(142, 406, 94, 26),
  },
};

const round1 = (value: number) => Math.round(value * 10) / 10;

function scaleLayout(layout: ShirtLayout, factor: number): ShirtLayout {
  const scaled = {} as ShirtLayout;
  for (const [part, b] of Object.entries(layout) as [DrawnPart, Box][]) {
    scaled[part] = box(
      round1(b.left * factor),
      round1(b.top * factor),
      round1(b.width * factor),
      round1(b.height * factor),
    );
  }
  return scaled;
}

export const NARROW_LAYOUTS: Record<string, ShirtLayout> = Object.fromEntries(
  Object.entries(WIDE_LAYOUTS).map(([sid, layout]) => [sid, scaleLayout(layout, CANVAS_PX.narrow / CANVAS_PX.wide)]),
);

export function layoutFor(shirtSid: string, size: CanvasSize): ShirtLayout | undefined {
  return (size === "wide" ? WIDE_LAYOUTS : NARROW_LAYOUTS)[shirtSid];
}

/** The part's "size" as the spec counts it: its height for long upright parts, else its width. */
export function partSize(part: DrawnPart, b: Box): number {
  return part === "placket" || part === "side" || part === "arm" ? b.height : b.width;
}
