/** Colour helpers shared by the artwork: lines and shades that read on light and dark cloth. */

/** Natural undyed cotton: the shirt's colour when no colour is chosen. */
export const UNDYED = "#efe8da";

export function parseHex(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const value = parseInt(match[1]!, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** A safe #rrggbb (anything else becomes the undyed cotton). */
export function normalizeHex(hex: string | null | undefined): string {
  const rgb = hex ? parseHex(hex) : null;
  if (!rgb) return UNDYED;
  return `#${rgb.map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
}

export function isDark(hex: string): boolean {
  const [r, g, b] = parseHex(hex) ?? [255, 255, 255];
  return 0.299 * r + 0.587 * g + 0.114 * b < 110;
}

/** The same colour, darker (factor below 1) or lighter (above 1). */
export function shade(hex: string, factor: number): string {
  const rgb = parseHex(hex) ?? [239, 232, 218];
  const scaled = rgb.map((channel) =>
    factor <= 1 ? Math.round(channel * factor) : Math.round(channel + (255 - channel) * (factor - 1)),
  );
  return `#${scaled.map((channel) => Math.min(255, Math.max(0, channel)).toString(16).padStart(2, "0")).join("")}`;
}

/** Outline, seam and stitch colours for cloth of this colour. */
export function inks(fill: string) {
  const dark = isDark(fill);
  return {
    outline: dark ? "#0e0c0b" : "#3b332c",
    seam: dark ? "rgba(255,255,255,.28)" : "rgba(40,30,20,.38)",
    stitch: dark ? "rgba(255,255,255,.45)" : "rgba(40,30,20,.45)",
    fold: dark ? "rgba(255,255,255,.07)" : "rgba(40,30,20,.07)",
    inside: shade(fill, dark ? 1.25 : 0.78),
  };
}
