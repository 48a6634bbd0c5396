import { normalizeHex } from "./paint";
import { hasPartArt, partArt } from "./parts";
import { SHIRT_SHAPES, shirtArt } from "./shirts";
import { swatchArt } from "./swatches";

export { normalizeHex, UNDYED } from "./paint";

/** The catalogue's artwork as standalone SVG documents (served under /api/assets/patterns/). */

export interface Drawing {
  width: number;
  height: number;
  body: string;
}

/** The drawing of an option in its own coordinates, cloth in `fill`; ids begin with prefix. */
export function drawingOf(sid: string, fill: string, prefix = "a"): Drawing | null {
  if (sid in SHIRT_SHAPES) {
    const body = shirtArt(sid, fill, prefix);
    return body ? { width: 500, height: 500, body } : null;
  }
  if (hasPartArt(sid)) return partArt(sid, fill, prefix);
  return null;
}

/**
 * A whole SVG file. Drawn parts are scaled to twice their size on the 500 px canvas so the
 * canvas export (multiplier 2) stays sharp.
 */
export function artworkSvg(sid: string, options: { fill?: string | null; color?: string } = {}): string | null {
  const fill = normalizeHex(options.fill);
  const drawing = drawingOf(sid, fill);
  if (drawing) {
    const { width, height, body } = drawing;
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width * 2}" height="${height * 2}">${body}</svg>`;
  }
  const swatch = swatchArt(sid, options.color);
  if (swatch)
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="200" height="200">${swatch}</svg>`;
  return null;
}

/**
 * The picture on an option's card. Long upright parts (plackets, side slits) would be thin lines
 * in a square card: they are shown as a close-up on a patch of the shirt's cloth instead.
 */
export function cardSvg(sid: string, options: { fill?: string | null; color?: string } = {}): string | null {
  const fill = normalizeHex(options.fill);
  const drawing = /^(placket|side)\d+$/.test(sid) ? drawingOf(sid, fill, "c") : null;
  if (!drawing) return artworkSvg(sid, options);
  const scale = sid.startsWith("placket") ? 1.9 : 2.4;
  const left = 50 - (drawing.width * scale) / 2;
  const top = sid.startsWith("placket") ? -4 : 100 - drawing.height * scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="200" height="200"><rect width="100" height="100" rx="8" fill="${fill}"/><rect width="100" height="100" rx="8" fill="none" stroke="rgba(0,0,0,.12)"/><g transform="translate(${left} ${top}) scale(${scale})">${drawing.body}</g></svg>`;
}
