import { drawingOf } from "./art";
import type { Composition } from "./compose";

/**
 * The composition drawn as one self-contained SVG (every layer's artwork inlined), for the page
 * without JavaScript, design previews and the server-made design image.
 */
export function compositionSvg(
  composition: Composition,
  options: { background?: string; title?: string } = {},
): string {
  const { size } = composition;
  const parts: string[] = [];
  if (options.background) parts.push(`<rect width="${size}" height="${size}" fill="${options.background}"/>`);
  for (const layer of composition.layers) {
    const drawing = drawingOf(layer.sid, layer.fill, `${layer.key}-`);
    if (!drawing) continue;
    const inner = `<svg x="0" y="0" width="${layer.width}" height="${layer.height}" viewBox="0 0 ${drawing.width} ${drawing.height}" preserveAspectRatio="none" overflow="visible">${drawing.body}</svg>`;
    const transform = layer.flipped
      ? `translate(${layer.left + layer.width} ${layer.top}) scale(-1 1)`
      : `translate(${layer.left} ${layer.top})`;
    parts.push(`<g transform="${transform}">${inner}</g>`);
  }
  const title = options.title ? `<title>${escapeXml(options.title)}</title>` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}">${title}${parts.join("")}</svg>`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[char]!);
}
