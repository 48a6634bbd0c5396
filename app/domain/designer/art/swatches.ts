import { THREAD } from "./motifs";
import { inks, shade } from "./paint";

/** Card pictures of the options that are not drawn on the shirt: colours, cloth, thread, interfacing, sizes. */

const SIZE_LETTERS: Record<string, string> = {
  size1: "S",
  size2: "M",
  size3: "L",
  size4: "XL",
  size5: "2XL",
  size6: "3XL",
};
const FABRIC_LOOK: Record<string, { warp: string; weft: string }> = {
  fabric1: { warp: "#e9dfc8", weft: "#d8ccb0" },
  fabric2: { warp: "#27346b", weft: "#1b2450" },
  fabric3: { warp: "#d9a63c", weft: "#b9862a" },
  fabric4: { warp: "#d7d2c4", weft: "#c4bda9" },
};
const THREAD_LOOK: Record<string, string> = { thread1: "#efe8da", thread2: "#d9a63c", thread3: "#a3322b" };

export function swatchArt(sid: string, color: string | undefined): string | null {
  if (sid.startsWith("color")) {
    const fill = color ?? "#efe8da";
    return `<circle cx="50" cy="50" r="40" fill="${fill}" stroke="${shade(fill, 0.7)}" stroke-width="3"/><path d="M24 38Q50 20 76 38" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="5" stroke-linecap="round"/>`;
  }
  const fabric = FABRIC_LOOK[sid];
  if (fabric) {
    const rows = Array.from(
      { length: 9 },
      (_, i) => `<rect x="12" y="${14 + i * 8}" width="76" height="4" fill="${fabric.weft}"/>`,
    ).join("");
    const cols = Array.from(
      { length: 9 },
      (_, i) => `<rect x="${14 + i * 8}" y="12" width="4" height="76" fill="${fabric.warp}" opacity=".8"/>`,
    ).join("");
    return `<rect x="10" y="10" width="80" height="80" rx="6" fill="${fabric.warp}"/>${rows}${cols}<path d="M10 80l12 10M26 90l-4-10M90 80l-12 10" stroke="${shade(fabric.weft, 0.7)}" stroke-width="2"/>`;
  }
  const thread = THREAD_LOOK[sid];
  if (thread) {
    const wraps = Array.from(
      { length: 7 },
      (_, i) => `<path d="M34 ${30 + i * 6}H66" stroke="${shade(thread, 0.75)}" stroke-width="1.6"/>`,
    ).join("");
    return `<rect x="28" y="16" width="44" height="8" rx="3" fill="#a47148"/><rect x="28" y="76" width="44" height="8" rx="3" fill="#a47148"/><rect x="32" y="24" width="36" height="52" fill="${thread}"/>${wraps}<path d="M68 50q16 8 4 22t8 16" fill="none" stroke="${thread}" stroke-width="2"/>`;
  }
  if (sid === "ttape1" || sid === "ttape2") {
    const cross =
      sid === "ttape2" ? `<path d="M20 20 80 80" stroke="${THREAD.lac}" stroke-width="6" stroke-linecap="round"/>` : "";
    return `<path d="M22 30h56v46H22z" fill="#f4f0e6" stroke="#8b806f" stroke-width="2"/><path d="M22 30l10-10h56l-10 10" fill="#e4ddcc" stroke="#8b806f" stroke-width="2"/><path d="M30 42h40M30 52h40M30 62h40" stroke="#c9bfa9" stroke-width="2" stroke-dasharray="4 3"/>${cross}`;
  }
  if (sid === "size_custom") {
    // A tape measure across a shirt: the size cut to the customer's own measurements.
    const ink = inks("#e8eaf6");
    return `<path d="M36 14 50 20 64 14 86 26 80 42 70 38V88H30V38L20 42 14 26Z" fill="#e8eaf6" stroke="${ink.outline}" stroke-width="2" stroke-linejoin="round"/><path d="M12 58 88 46v10L12 68Z" fill="${THREAD.gold}" stroke="#8b6a1f" stroke-width="1.5"/><path d="M22 60v5M32 58v5M42 57v5M52 55v5M62 54v5M72 52v5M82 50v5" stroke="#5a4512" stroke-width="1.5"/>`;
  }
  const letters = SIZE_LETTERS[sid];
  if (letters) {
    const ink = inks("#e8eaf6");
    return `<path d="M36 14 50 20 64 14 86 26 80 42 70 38V88H30V38L20 42 14 26Z" fill="#e8eaf6" stroke="${ink.outline}" stroke-width="2" stroke-linejoin="round"/><text x="50" y="70" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${letters.length > 2 ? 17 : 22}" fill="${THREAD.indigo}">${letters}</text>`;
  }
  return null;
}
