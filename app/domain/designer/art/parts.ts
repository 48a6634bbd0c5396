import { type MotifName, motifPattern, THREAD } from "./motifs";
import { inks } from "./paint";

/**
 * The parts of the catalogue, each drawn once as the piece on the viewer's left in its own box;
 * the twin on the right is the same drawing mirrored. Cloth areas take the shirt's colour.
 */

export interface PartArt {
  width: number;
  height: number;
  body: string;
}

/** The natural box of each drawn category (the shirt1 wide size). */
export const PART_BOXES = {
  neck: [55, 50],
  placket: [26, 365],
  seam: [150, 70],
  bag: [40, 46],
  side: [18, 120],
  arm: [54, 30],
  hem: [95, 28],
} as const;

type Ink = ReturnType<typeof inks>;
type Draw = (fill: string, ink: Ink, p: (motif: MotifName) => string) => string;

const { lac, gold, cream } = THREAD;

// The neckline of every base shirt, in the collar's box: from the shoulder corner to the centre front.
const NECKLINE = "M18 8C18 38.6 38.4 44 55 44";

function button(cx: number, cy: number, r = 3.6, face = "#f7f3ea", edge = "#6b5e4e"): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${face}" stroke="${edge}" stroke-width=".9"/><circle cx="${cx - r * 0.3}" cy="${cy}" r=".7" fill="${edge}"/><circle cx="${cx + r * 0.3}" cy="${cy}" r=".7" fill="${edge}"/>`;
}

/** The back of a stand collar, seen across the back neck behind the front. */
function backStand(fill: string, ink: Ink): string {
  return `<path d="M15 3.5Q33 .8 55 .8V9Q36 9 18 9Z" fill="${fill}"/><path d="M15 3.5Q33 .8 55 .8" fill="none" stroke="${ink.outline}" stroke-width="1.5"/><path d="M18 8.5Q36 8 55 8.5" fill="none" stroke="${ink.seam}" stroke-width="1"/>`;
}

const necks: Record<string, Draw> = {
  neck1: (fill, ink) =>
    `${backStand(fill, ink)}<path d="M15 0C13 27 36 35 53 36Q55 38 55 44C38.4 44 18 38.6 18 8Z" fill="${fill}" stroke="${ink.outline}" stroke-width="1.5" stroke-linejoin="round"/><path d="M17 4C16 27 37 39 54 40" fill="none" stroke="${ink.stitch}" stroke-width=".9" stroke-dasharray="2.5 2"/>`,
  neck2: (fill, ink) =>
    `<path d="M18 8C18 30 38 40 55 40V44C38 44 18 38 18 8Z" fill="${ink.inside}"/><path d="M17 1C9 10 9 18 13 24L32 49L53 37C50 30 44 22 38 17C30 10 24 6 17 1Z" fill="${fill}" stroke="${ink.outline}" stroke-width="1.5" stroke-linejoin="round"/><path d="M14 13Q14 20 17 25L32 45L49 36" fill="none" stroke="${ink.stitch}" stroke-width=".9" stroke-dasharray="2.5 2"/>${button(55, 41, 2.8)}`,
  neck3: (fill, ink, p) =>
    `<path d="${NECKLINE}L18 8Z" fill="${fill}"/><path d="M17 5L55 41V50L11 8Z" fill="${p("khit")}" stroke="${lac}" stroke-width="1.2" stroke-linejoin="round"/><path d="M17 5L55 41" stroke="${ink.outline}" stroke-width="1.2"/>`,
  neck4: (_fill, ink, p) =>
    `<path d="${NECKLINE}V50C36 50 10 44 10 7Z" fill="${p("khit")}" stroke="${gold}" stroke-width="1"/><path d="${NECKLINE}" fill="none" stroke="${ink.outline}" stroke-width="1.4"/><path d="M10 7C10 44 36 50 55 50" fill="none" stroke="${lac}" stroke-width="1.6"/>`,
  neck5: (fill, ink, p) =>
    `${backStand(fill, ink)}<path d="M15 0C13 27 36 35 53 36Q55 38 55 44C38.4 44 18 38.6 18 8Z" fill="${p("dokkaeo")}" stroke="${ink.outline}" stroke-width="1.4" stroke-linejoin="round"/><path d="M15 0C13 27 36 35 53 36" fill="none" stroke="${gold}" stroke-width="2"/>`,
};

function placketButtons(face: string, edge: string, r = 3.8): string {
  return Array.from({ length: 7 }, (_, index) => button(13, 24 + index * 52, r, face, edge)).join("");
}

const plackets: Record<string, Draw> = {
  placket1: (fill, ink) =>
    `<rect x="1.5" y="0" width="23" height="365" fill="${fill}" stroke="${ink.outline}" stroke-width="1.3"/><path d="M5 2V363M21 2V363" stroke="${ink.stitch}" stroke-width=".9" stroke-dasharray="3 2"/>${placketButtons("#f7f3ea", "#6b5e4e")}`,
  placket2: (fill, ink, p) =>
    `<rect x="1.5" y="0" width="23" height="365" fill="${fill}" stroke="${ink.outline}" stroke-width="1.3"/><rect x="5" y="0" width="16" height="365" fill="${p("khit")}"/><path d="M5 0V365M21 0V365" stroke="${gold}" stroke-width="1.2"/>${placketButtons(cream, lac, 3.4)}`,
  placket3: (_fill, ink, p) =>
    `<rect x="1.5" y="0" width="23" height="365" fill="${p("naga")}" stroke="${ink.outline}" stroke-width="1.3"/><path d="M3.5 0V365M22.5 0V365" stroke="${gold}" stroke-width="1.4"/>${placketButtons("#2b2522", gold, 3.2)}`,
  placket4: (fill, ink, p) =>
    `<rect x="1.5" y="0" width="23" height="365" fill="${fill}" stroke="${ink.outline}" stroke-width="1.3"/><path d="M4 0V365M22 0V365" stroke="#9aa3ad" stroke-width="1.3"/>${Array.from({ length: 7 }, (_, index) => `<circle cx="13" cy="${24 + index * 52}" r="5.2" fill="${p("silver" as MotifName)}" stroke="#5d6670" stroke-width=".8"/><circle cx="11.4" cy="${22.2 + index * 52}" r="1.4" fill="#fff" opacity=".8"/>`).join("")}`,
};

// The shoulder band follows the seam from the neck to the shoulder point and on down the sleeve.
const SEAM_BAND = "M143 4L35 51L3 60L5.4 68.7L38 59.5L146.6 12.3Z";
const SEAM_LINE = "M143 4L35 51L3 60";
const SEAM_LOWER = "M5.4 68.7L38 59.5L146.6 12.3";

const seams: Record<string, Draw> = {
  seam1: (_fill, _ink, p) =>
    `<path d="${SEAM_BAND}" fill="${p("hook")}"/><path d="${SEAM_LINE}" fill="none" stroke="${lac}" stroke-width="1.8"/><path d="${SEAM_LOWER}" fill="none" stroke="${lac}" stroke-width="1.4"/>`,
  seam2: (_fill, ink) =>
    `<path d="M143 4L35 51L3 60L3.8 63.6L36.5 54.6L144.4 7.6Z" fill="${lac}"/><path d="M143.5 9.5L37 56L4.5 65" fill="none" stroke="${ink.stitch}" stroke-width=".9" stroke-dasharray="2.5 2"/>`,
  seam3: (_fill, _ink, p) =>
    `<path d="${SEAM_BAND}" fill="${p("star")}"/><path d="${SEAM_LINE}" fill="none" stroke="${gold}" stroke-width="1.6"/><path d="${SEAM_LOWER}" fill="none" stroke="${gold}" stroke-width="1.4"/>`,
};

const POCKET = "M2 4H38V37L20 45L2 37Z";

const bags: Record<string, Draw> = {
  bag1: (fill, ink) =>
    `<path d="${POCKET}" fill="${fill}" stroke="${ink.outline}" stroke-width="1.3" stroke-linejoin="round"/><path d="M5 10H35M5 7V35.5L20 42L35 35.5V7" fill="none" stroke="${ink.stitch}" stroke-width=".9" stroke-dasharray="2.5 2"/>`,
  bag2: (fill, ink, p) =>
    `<path d="${POCKET}" fill="${fill}" stroke="${ink.outline}" stroke-width="1.3" stroke-linejoin="round"/><path d="M1 2H39V15L20 19L1 15Z" fill="${p("khit")}" stroke="${ink.outline}" stroke-width="1.2" stroke-linejoin="round"/>${button(20, 15.5, 2.8, cream, lac)}<path d="M5 20V35.5L20 42L35 35.5V20" fill="none" stroke="${ink.stitch}" stroke-width=".9" stroke-dasharray="2.5 2"/>`,
  bag3: (fill, ink) =>
    `<path d="${POCKET}" fill="${fill}" stroke="${lac}" stroke-width="2.4" stroke-linejoin="round"/><path d="M2 9H38" stroke="${lac}" stroke-width="1.6"/><path d="M5.5 12V34.5L20 41L34.5 34.5V12" fill="none" stroke="${ink.stitch}" stroke-width=".9" stroke-dasharray="2.5 2"/>`,
  bag4: (_fill, _ink, p) =>
    `<path d="${POCKET}" fill="${p("mudmee")}" stroke="${gold}" stroke-width="1.6" stroke-linejoin="round"/><path d="M2 8H38" stroke="${gold}" stroke-width="1.4"/>`,
};

const sides: Record<string, Draw> = {
  side1: (_fill, ink, p) =>
    `<path d="M3 0H11V92L8 120H3Z" fill="${p("khit")}"/><path d="M11 0V92L8 120" fill="none" stroke="${gold}" stroke-width="1.2"/><path d="M2 94L6 120" stroke="${ink.outline}" stroke-width="1.6"/><path d="M1.5 92H11" stroke="${lac}" stroke-width="2"/>`,
  side2: (_fill, ink, p) =>
    `<path d="M2 26L16 120H2Z" fill="${p("mudmee")}"/><path d="M2 26L16 120" stroke="${gold}" stroke-width="1.6"/><path d="M2 26V120" stroke="${ink.outline}" stroke-width="1.2"/>`,
  side3: (_fill, ink) =>
    `<path d="M3 0V84Q3 104 14 112" fill="none" stroke="${lac}" stroke-width="2.6" stroke-linecap="round"/><path d="M3 84Q3 104 14 112L14 120H3Z" fill="${ink.inside}" opacity=".55"/><rect x="1" y="80" width="7" height="3" fill="${lac}"/>`,
};

function cuff(fill: string, ink: Ink, inner: string): string {
  return `<rect x=".5" y="2" width="53" height="28" fill="${fill}" stroke="${ink.outline}" stroke-width="1.2"/>${inner}<path d="M2 27H52" stroke="${ink.stitch}" stroke-width=".8" stroke-dasharray="2.5 2"/>`;
}

const arms: Record<string, Draw> = {
  arm1: (fill, ink, p) =>
    cuff(
      fill,
      ink,
      `<rect x=".5" y="8" width="53" height="15" fill="${p("khit")}"/><path d="M.5 8H53.5M.5 23H53.5" stroke="${gold}" stroke-width="1.3"/>`,
    ),
  arm2: (fill, ink) =>
    cuff(
      fill,
      ink,
      `<path d="M.5 6H53.5" stroke="${lac}" stroke-width="2.6"/><path d="M.5 10H53.5" stroke="${lac}" stroke-width="1"/>${button(44, 18, 3)}`,
    ),
  arm3: (fill, ink, p) =>
    cuff(
      fill,
      ink,
      `<rect x=".5" y="7" width="53" height="16" fill="${p("naga")}"/><path d="M.5 7H53.5M.5 23H53.5" stroke="${gold}" stroke-width="1.3"/>`,
    ),
  arm4: (fill, ink, p) =>
    cuff(
      fill,
      ink,
      `<rect x=".5" y="7" width="53" height="16" fill="${p("star")}"/><path d="M.5 7H53.5M.5 23H53.5" stroke="${lac}" stroke-width="1.3"/>`,
    ),
};

function hemBand(fill: string, _ink: Ink, inner: string): string {
  return `<rect x="0" y="2" width="95" height="26" fill="${fill}"/>${inner}`;
}

const hems: Record<string, Draw> = {
  hem1: (fill, ink, p) =>
    hemBand(
      fill,
      ink,
      `<rect x="0" y="4" width="95" height="13" fill="${p("dokkaeo")}"/><rect x="0" y="18" width="95" height="8" fill="${p("khit")}"/><path d="M0 4H95M0 17.5H95M0 26H95" stroke="${gold}" stroke-width="1.2"/>`,
    ),
  hem2: (fill, ink, p) =>
    hemBand(
      fill,
      ink,
      `<rect x="0" y="5" width="95" height="20" fill="${p("naga")}"/><path d="M0 5H95M0 25H95" stroke="${gold}" stroke-width="1.6"/><path d="M0 2.5H95" stroke="${lac}" stroke-width="1.2"/>`,
    ),
  hem3: (fill, ink, p) =>
    hemBand(
      fill,
      ink,
      `<rect x="0" y="5" width="95" height="20" fill="${p("hook")}"/><path d="M0 5H95M0 25H95" stroke="${lac}" stroke-width="1.8"/>`,
    ),
  hem4: (fill, ink, p) =>
    hemBand(
      fill,
      ink,
      `<rect x="0" y="4" width="95" height="22" fill="${p("mudmee")}"/><path d="M0 4H95M0 26H95" stroke="${gold}" stroke-width="1.4"/>`,
    ),
};

const ALL: Record<string, { box: readonly [number, number]; draw: Draw }> = {};
for (const [category, drawings] of Object.entries({
  neck: necks,
  placket: plackets,
  seam: seams,
  bag: bags,
  side: sides,
  arm: arms,
  hem: hems,
})) {
  for (const [sid, draw] of Object.entries(drawings))
    ALL[sid] = { box: PART_BOXES[category as keyof typeof PART_BOXES], draw };
}

export function hasPartArt(sid: string): boolean {
  return sid in ALL;
}

/** One part's drawing in its own box; pattern ids start with prefix. */
export function partArt(sid: string, fill: string, prefix: string): PartArt | null {
  const entry = ALL[sid];
  if (!entry) return null;
  const used = new Map<string, string>();
  const patternRef = (motif: MotifName | "silver") => {
    const id = `${prefix}${motif}`;
    if (!used.has(motif)) {
      used.set(
        motif,
        motif === "silver"
          ? `<radialGradient id="${id}" cx=".35" cy=".35" r=".7"><stop offset="0" stop-color="#fbfcfd"/><stop offset=".55" stop-color="#b9c1c9"/><stop offset="1" stop-color="#6f7983"/></radialGradient>`
          : motifPattern(motif, id),
      );
    }
    return `url(#${id})`;
  };
  const body = entry.draw(fill, inks(fill), patternRef as (motif: MotifName) => string);
  const defs = used.size ? `<defs>${[...used.values()].join("")}</defs>` : "";
  return { width: entry.box[0], height: entry.box[1], body: defs + body };
}
