import bwipjs from "bwip-js/node";

/**
 * A Code 128 barcode as SVG (bwip-js), drawn on the server: the parcel label prints it as part of
 * the page, sharp at any printer's resolution, with no JavaScript and no picture to fetch.
 */
export function barcodeSvg(text: string): string {
  return bwipjs.toSVG({ bcid: "code128", text, height: 12, scale: 2, paddingwidth: 4, paddingheight: 2 });
}
