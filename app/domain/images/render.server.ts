import { compose } from "~/domain/designer/compose";
import { compositionSvg } from "~/domain/designer/preview-svg";
import type { Choice, Overrides } from "~/domain/designer/selection";
import { withSharp } from "./sharp.server";

/** The server's own picture of a design (when no canvas picture came with it): 1000 px PNG. */
export async function renderDesignPng(choice: Choice, overrides: Overrides = {}): Promise<Uint8Array> {
  const svg = compositionSvg(compose(choice, { canvas: "wide", overrides }), { background: "#ffffff" });
  const png = await withSharp((sharp) => sharp(Buffer.from(svg), { density: 144 }).resize(1000, 1000).png().toBuffer());
  return new Uint8Array(png);
}
