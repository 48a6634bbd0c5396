import { inks } from "./paint";

/**
 * The six base shirts, drawn flat-lay from the front on the 500 x 500 canvas. Each is built from
 * the outline of its left half (mirrored) plus the details that make the style.
 */

type Point = readonly [number, number];

export interface ShirtShape {
  /** Half the neck opening, the top of the back neck, and how low the front neckline dips. */
  neckHalf: number;
  neckTop: number;
  neckDepth: number;
  shoulder: Point;
  /** Cubic from the shoulder point down the outer sleeve: control 1, control 2, end. */
  sleeve: readonly [Point, Point, Point];
  cuffOuter: Point;
  cuffInner: Point;
  armpit: Point;
  /** Control point of the body side (a waist when pulled in). */
  waist: Point;
  hemSide: Point;
  /** How far the hem drops at the centre (shirt tails). */
  hemDrop: number;
}

export const SHIRT_SHAPES: Record<string, ShirtShape> = {
  // Men's long-sleeve shirt: shirt tails, long sleeves hanging beside the body.
  shirt1: {
    neckHalf: 37,
    neckTop: 50,
    neckDepth: 86,
    shoulder: [105, 97],
    sleeve: [
      [84, 102],
      [58, 126],
      [46, 170],
    ],
    cuffOuter: [18, 410],
    cuffInner: [72, 410],
    armpit: [128, 205],
    waist: [126, 330],
    hemSide: [135, 455],
    hemDrop: 6,
  },
  // Men's short-sleeve work shirt (mor hom): boxy, wide short sleeves, straight hem.
  shirt2: {
    neckHalf: 37,
    neckTop: 56,
    neckDepth: 92,
    shoulder: [100, 100],
    sleeve: [
      [76, 106],
      [54, 124],
      [46, 150],
    ],
    cuffOuter: [30, 235],
    cuffInner: [98, 235],
    armpit: [132, 200],
    waist: [132, 320],
    hemSide: [132, 450],
    hemDrop: 0,
  },
  // Mandarin-collar long-sleeve shirt: slimmer sleeves, straight hem with rounded corners.
  shirt3: {
    neckHalf: 37,
    neckTop: 52,
    neckDepth: 88,
    shoulder: [108, 98],
    sleeve: [
      [86, 104],
      [62, 126],
      [52, 165],
    ],
    cuffOuter: [32, 412],
    cuffInner: [80, 412],
    armpit: [132, 205],
    waist: [132, 330],
    hemSide: [138, 455],
    hemDrop: 0,
  },
  // Women's fitted-sleeve blouse (khaen krabok): narrow sleeves, shaped waist, short flared hem.
  shirt4: {
    neckHalf: 37,
    neckTop: 62,
    neckDepth: 98,
    shoulder: [128, 100],
    sleeve: [
      [108, 106],
      [88, 128],
      [82, 165],
    ],
    cuffOuter: [62, 405],
    cuffInner: [100, 405],
    armpit: [148, 200],
    waist: [166, 300],
    hemSide: [146, 420],
    hemDrop: 0,
  },
  // Women's wrap blouse (suea pai): the front wraps across to the side.
  shirt5: {
    neckHalf: 37,
    neckTop: 60,
    neckDepth: 96,
    shoulder: [122, 100],
    sleeve: [
      [100, 106],
      [80, 128],
      [72, 168],
    ],
    cuffOuter: [48, 408],
    cuffInner: [94, 408],
    armpit: [142, 205],
    waist: [146, 320],
    hemSide: [140, 440],
    hemDrop: 0,
  },
  // Women's three-quarter-sleeve blouse: sleeves to the forearm, gently flared body.
  shirt6: {
    neckHalf: 37,
    neckTop: 60,
    neckDepth: 96,
    shoulder: [124, 100],
    sleeve: [
      [100, 106],
      [78, 126],
      [70, 160],
    ],
    cuffOuter: [48, 300],
    cuffInner: [108, 300],
    armpit: [146, 200],
    waist: [156, 300],
    hemSide: [136, 432],
    hemDrop: 0,
  },
};

const mirror = ([x, y]: Point): Point => [500 - x, y];
const pt = ([x, y]: Point) => `${x} ${y}`;

/** The outline of the whole shirt (both halves, back neck across the top). */
export function shirtOutline(shape: ShirtShape): string {
  const { neckHalf, neckTop, shoulder, sleeve, cuffOuter, cuffInner, armpit, waist, hemSide, hemDrop } = shape;
  const [c1, c2, sleeveEnd] = sleeve;
  const neckLeft: Point = [250 - neckHalf, neckTop];
  const hem = hemDrop > 0 ? `Q250 ${hemSide[1] + hemDrop * 2} ${pt(mirror(hemSide))}` : `L${pt(mirror(hemSide))}`;
  return [
    `M${pt(neckLeft)}L${pt(shoulder)}C${pt(c1)} ${pt(c2)} ${pt(sleeveEnd)}L${pt(cuffOuter)}L${pt(cuffInner)}L${pt(armpit)}`,
    `Q${pt(waist)} ${pt(hemSide)}${hem}`,
    `Q${pt(mirror(waist))} ${pt(mirror(armpit))}L${pt(mirror(cuffInner))}L${pt(mirror(cuffOuter))}L${pt(mirror(sleeveEnd))}`,
    `C${pt(mirror(c2))} ${pt(mirror(c1))} ${pt(mirror(shoulder))}L${pt(mirror(neckLeft))}Q250 ${neckTop - 7} ${pt(neckLeft)}Z`,
  ].join("");
}

/** The front neckline: the inside of the back shows through it. */
function neckOpening(shape: ShirtShape): string {
  const { neckHalf: h, neckTop: top, neckDepth: depth } = shape;
  const drop = (depth - top) * 0.85;
  return `M${250 - h} ${top}C${250 - h} ${top + drop} ${250 - h * 0.45} ${depth} 250 ${depth}C${250 + h * 0.45} ${depth} ${250 + h} ${top + drop} ${250 + h} ${top}Q250 ${top - 7} ${250 - h} ${top}Z`;
}

/** Both halves of a detail drawn on the left. */
function both(path: (side: 1 | -1, x: (value: number) => number) => string): string {
  return path(1, (value) => value) + path(-1, (value) => 500 - value);
}

function commonDetails(shape: ShirtShape, ink: ReturnType<typeof inks>): string {
  const { shoulder, armpit, cuffOuter, cuffInner, hemSide, hemDrop, sleeve } = shape;
  const armhole = both(
    (_side, x) =>
      `<path d="M${x(shoulder[0])} ${shoulder[1]}Q${x(shoulder[0] + 16)} ${(shoulder[1] + armpit[1]) / 2} ${x(armpit[0])} ${armpit[1]}" fill="none" stroke="${ink.seam}" stroke-width="1.6"/>`,
  );
  // A soft fold down each sleeve and a stitched turn-up at the cuff.
  const midSleeve = ((sleeve[2][0] + armpit[0]) / 2) | 0;
  const folds = both(
    (_side, x) =>
      `<path d="M${x(midSleeve + 4)} ${sleeve[2][1] + 8}Q${x((cuffOuter[0] + cuffInner[0]) / 2 + 4)} ${(sleeve[2][1] + cuffOuter[1]) / 2} ${x((cuffOuter[0] + cuffInner[0]) / 2)} ${cuffOuter[1] - 14}" fill="none" stroke="${ink.fold}" stroke-width="7" stroke-linecap="round"/>`,
  );
  const cuffStitch = both(
    (_side, x) =>
      `<path d="M${x(cuffOuter[0] + 1)} ${cuffOuter[1] - 7}L${x(cuffInner[0] - 1)} ${cuffInner[1] - 7}" stroke="${ink.stitch}" stroke-width="1" stroke-dasharray="3 2"/>`,
  );
  const hemY = hemSide[1] - 7;
  const hemStitch =
    hemDrop > 0
      ? `<path d="M${hemSide[0] + 1} ${hemY}Q250 ${hemY + hemDrop * 2} ${499 - hemSide[0]} ${hemY}" fill="none" stroke="${ink.stitch}" stroke-width="1" stroke-dasharray="3 2"/>`
      : `<path d="M${hemSide[0] + 1} ${hemY}H${499 - hemSide[0]}" stroke="${ink.stitch}" stroke-width="1" stroke-dasharray="3 2"/>`;
  return armhole + folds + cuffStitch + hemStitch;
}

function styleDetails(sid: string, shape: ShirtShape, ink: ReturnType<typeof inks>, fill: string): string {
  const { neckDepth, hemSide, armpit } = shape;
  const centreLine = `<path d="M250 ${neckDepth}V${hemSide[1] + shape.hemDrop * 2 - 2}" stroke="${ink.seam}" stroke-width="1.4"/>`;
  switch (sid) {
    case "shirt1":
      // Back yoke seen over the shoulders and a chest fold either side.
      return (
        centreLine +
        both(
          (_side, x) =>
            `<path d="M${x(150)} 230Q${x(160)} 330 ${x(152)} 430" fill="none" stroke="${ink.fold}" stroke-width="10" stroke-linecap="round"/>`,
        )
      );
    case "shirt2":
      // Side vents at the hem, the cloth's soft folds.
      return (
        centreLine +
        both(
          (_side, x) =>
            `<path d="M${x(hemSide[0] + 1)} ${hemSide[1] - 30}L${x(hemSide[0] + 8)} ${hemSide[1]}" stroke="${ink.seam}" stroke-width="1.4"/><path d="M${x(170)} 215Q${x(176)} 330 ${x(168)} 430" fill="none" stroke="${ink.fold}" stroke-width="12" stroke-linecap="round"/>`,
        )
      );
    case "shirt3":
      return (
        centreLine +
        both(
          (_side, x) =>
            `<path d="M${x(hemSide[0] + 1)} ${hemSide[1] - 26}L${x(hemSide[0] + 6)} ${hemSide[1]}" stroke="${ink.seam}" stroke-width="1.4"/><path d="M${x(160)} 230Q${x(166)} 330 ${x(160)} 430" fill="none" stroke="${ink.fold}" stroke-width="10" stroke-linecap="round"/>`,
        )
      );
    case "shirt4":
      // Waist darts shape the blouse.
      return (
        centreLine +
        both(
          (_side, x) =>
            `<path d="M${x(198)} 190Q${x(194)} 270 ${x(200)} 340" fill="none" stroke="${ink.seam}" stroke-width="1.3"/><path d="M${x(armpit[0] + 6)} 215Q${x(176)} 300 ${x(160)} 405" fill="none" stroke="${ink.fold}" stroke-width="9" stroke-linecap="round"/>`,
        )
      );
    case "shirt5": {
      // The wrap: the front panel crosses from the neck to the wearer's left side, tied there.
      const wrap = `<path d="M250 ${neckDepth}C276 ${neckDepth + 60} 318 ${neckDepth + 120} ${500 - armpit[0] - 4} 262" fill="none" stroke="${ink.outline}" stroke-width="1.8"/><path d="M254 ${neckDepth + 4}C280 ${neckDepth + 62} 320 ${neckDepth + 122} ${500 - armpit[0] - 8} 268" fill="none" stroke="${ink.stitch}" stroke-width="1" stroke-dasharray="3 2"/>`;
      const tie = `<path d="M${500 - armpit[0] - 10} 266q-16 18-10 44M${500 - armpit[0] - 10} 266q-2 22 8 40" fill="none" stroke="${ink.inside}" stroke-width="3.2" stroke-linecap="round"/><circle cx="${500 - armpit[0] - 10}" cy="266" r="4" fill="${fill}" stroke="${ink.outline}" stroke-width="1.2"/>`;
      return (
        wrap +
        tie +
        both(
          (_side, x) =>
            `<path d="M${x(170)} 300Q${x(172)} 370 ${x(166)} 430" fill="none" stroke="${ink.fold}" stroke-width="10" stroke-linecap="round"/>`,
        )
      );
    }
    case "shirt6":
      // Eased sleeve caps and soft flares from the waist.
      return (
        centreLine +
        both(
          (_side, x) =>
            `<path d="M${x(112)} 104q6 8 4 18M${x(120)} 101q6 9 4 20" fill="none" stroke="${ink.seam}" stroke-width="1.1"/><path d="M${x(168)} 300Q${x(162)} 370 ${x(150)} 425" fill="none" stroke="${ink.fold}" stroke-width="9" stroke-linecap="round"/><path d="M${x(205)} 310Q${x(204)} 370 ${x(198)} 428" fill="none" stroke="${ink.fold}" stroke-width="7" stroke-linecap="round"/>`,
        )
      );
    default:
      return centreLine;
  }
}

/** The drawing of one base shirt in the 500 x 500 box (without the outer <svg>). */
export function shirtArt(sid: string, fill: string, prefix: string): string | null {
  const shape = SHIRT_SHAPES[sid];
  if (!shape) return null;
  const ink = inks(fill);
  const outline = shirtOutline(shape);
  const shadeId = `${prefix}shade`;
  return [
    `<defs><linearGradient id="${shadeId}" x1="0" x2="1"><stop offset="0" stop-color="#000" stop-opacity=".16"/><stop offset=".22" stop-color="#000" stop-opacity="0"/><stop offset=".78" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".16"/></linearGradient></defs>`,
    `<path d="${outline}" fill="${fill}"/>`,
    `<path d="${outline}" fill="url(#${shadeId})"/>`,
    commonDetails(shape, ink),
    styleDetails(sid, shape, ink, fill),
    `<path d="${neckOpening(shape)}" fill="${ink.inside}" stroke="${ink.outline}" stroke-width="1.6" stroke-linejoin="round"/>`,
    `<path d="${outline}" fill="none" stroke="${ink.outline}" stroke-width="2.2" stroke-linejoin="round"/>`,
  ].join("");
}
