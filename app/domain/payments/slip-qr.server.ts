import jsQR from "jsqr";
import { parseSlipQr, type SlipQr } from "./slip-qr";

/**
 * Looks for the slip-verification QR on a slip's pixels (the stored, upright picture of at most
 * 1,600 px): jsqr finds and decodes the code, parseSlipQr reads the bank and the reference. Null
 * when there is no QR, or the QR is not a slip's (the buyer's own PromptPay code photographed, say).
 */
export function readSlipQr(pixels: { data: Uint8ClampedArray; width: number; height: number }): SlipQr | null {
  try {
    // Slips print their QR dark on light: no second pass on the inverted picture (it doubled the time).
    const found = jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: "dontInvert" });
    return found ? parseSlipQr(found.data) : null;
  } catch {
    return null;
  }
}
