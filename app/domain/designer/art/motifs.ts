/**
 * Woven and embroidered band motifs of the region, drawn as SVG <pattern> tiles.
 * Each takes an id (callers prefix it so several drawings can share one document).
 */

export type MotifName = "khit" | "naga" | "hook" | "star" | "dokkaeo" | "mudmee";

export const THREAD = {
  lac: "#a3322b",
  lacDeep: "#7c1f1a",
  gold: "#d9a63c",
  indigo: "#1f2a5a",
  cream: "#f6efdc",
  green: "#4f7a3a",
  black: "#23201f",
};

/** Khit: a lattice of stepped diamonds, gold and cream on lac red. */
function khit(id: string): string {
  const { lac, gold, cream } = THREAD;
  return `<pattern id="${id}" width="12" height="12" patternUnits="userSpaceOnUse"><rect width="12" height="12" fill="${lac}"/><path d="M6 1 11 6 6 11 1 6Z" fill="${gold}"/><path d="M6 3.5 8.5 6 6 8.5 3.5 6Z" fill="${lac}"/><rect x="5.2" y="5.2" width="1.6" height="1.6" fill="${cream}"/><path d="M0 0h1.5v1.5H0zM10.5 0H12v1.5h-1.5zM0 10.5h1.5V12H0zM10.5 10.5H12V12h-1.5z" fill="${cream}"/></pattern>`;
}

/** Naga: the serpent's curling body and scales, gold on indigo. */
function naga(id: string): string {
  const { indigo, gold, lac } = THREAD;
  return `<pattern id="${id}" width="24" height="12" patternUnits="userSpaceOnUse"><rect width="24" height="12" fill="${indigo}"/><path d="M0 6C4 0 8 0 12 6S20 12 24 6" fill="none" stroke="${gold}" stroke-width="2.2"/><path d="M0 6C4 0 8 0 12 6S20 12 24 6" fill="none" stroke="${lac}" stroke-width=".8"/><circle cx="6" cy="9" r="1.1" fill="${gold}"/><circle cx="18" cy="3" r="1.1" fill="${gold}"/></pattern>`;
}

/** Khor (hook): interlocking spiral hooks, black and gold on cream. */
function hook(id: string): string {
  const { cream, black, gold } = THREAD;
  return `<pattern id="${id}" width="14" height="14" patternUnits="userSpaceOnUse"><rect width="14" height="14" fill="${cream}"/><path d="M2 12V2h10v7H6V6h3" fill="none" stroke="${black}" stroke-width="1.6"/><rect x="10" y="10.5" width="3" height="3" fill="${gold}"/></pattern>`;
}

/** Dao (star): eight-pointed stars, cream and gold on indigo. */
function star(id: string): string {
  const { indigo, cream, gold } = THREAD;
  return `<pattern id="${id}" width="14" height="14" patternUnits="userSpaceOnUse"><rect width="14" height="14" fill="${indigo}"/><path d="M7 1.5 8.4 5.6 12.5 7 8.4 8.4 7 12.5 5.6 8.4 1.5 7 5.6 5.6Z" fill="${cream}"/><path d="M3 3 11 11M11 3 3 11" stroke="${gold}" stroke-width=".9"/><circle cx="7" cy="7" r="1.2" fill="${gold}"/></pattern>`;
}

/** Dok kaeo: four-petal orange-jasmine flowers, lac and gold on cream. */
function dokkaeo(id: string): string {
  const { cream, lac, gold, green } = THREAD;
  return `<pattern id="${id}" width="14" height="14" patternUnits="userSpaceOnUse"><rect width="14" height="14" fill="${cream}"/><g fill="${lac}"><ellipse cx="7" cy="3.6" rx="1.7" ry="2.4"/><ellipse cx="7" cy="10.4" rx="1.7" ry="2.4"/><ellipse cx="3.6" cy="7" rx="2.4" ry="1.7"/><ellipse cx="10.4" cy="7" rx="2.4" ry="1.7"/></g><circle cx="7" cy="7" r="1.5" fill="${gold}"/><path d="M0 0 2 2M14 0 12 2M0 14 2 12M14 14 12 12" stroke="${green}" stroke-width="1.2"/></pattern>`;
}

/** Mudmee (ikat): tie-dyed diamonds with soft stepped edges, red and cream on indigo. */
function mudmee(id: string): string {
  const { indigo, lac, cream } = THREAD;
  return `<pattern id="${id}" width="16" height="16" patternUnits="userSpaceOnUse"><rect width="16" height="16" fill="${indigo}"/><path d="M8 1h1v2h2v2h2v2h2v2h-2v2h-2v2H9v2H7v-2H5v-2H3V9H1V7h2V5h2V3h2V1z" fill="${lac}" opacity=".95"/><path d="M8 5h1v1h1v1h1v2h-1v1H9v1H7v-1H6V9H5V7h1V6h1V5z" fill="${cream}"/><path d="M7.5 7.5h1v1h-1z" fill="${indigo}"/></pattern>`;
}

const builders: Record<MotifName, (id: string) => string> = { khit, naga, hook, star, dokkaeo, mudmee };

export function motifPattern(name: MotifName, id: string): string {
  return builders[name](id);
}
