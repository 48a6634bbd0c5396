import generatePayload from "promptpay-qr";
import QRCode from "qrcode";

/**
 * The Thai QR Payment code a customer scans with any Thai banking app: an EMVCo merchant-presented
 * payload with the PromptPay application id, the tailor's id, the amount in baht and a CRC
 * (promptpay-qr), drawn on the server by qrcode: as a PNG the order page shows in an `<img>` (a
 * phone's long-press saves it to the gallery, where the banking apps read it) and downloads, or as
 * SVG for the older address.
 */

/** The payload for paying `amount` baht (2 decimals) to the PromptPay id (digits). */
export function promptPayPayload(promptpayId: string, amount: number): string {
  return generatePayload(promptpayId, { amount: Math.round(amount * 100) / 100 });
}

const ERROR_CORRECTION = "M";
/** The quiet zone around the code, in modules: 4, as the standard asks. */
const QUIET_ZONE = 4;
/** The smallest side of the PNG, in pixels: sharp enough for a banking app reading a saved photo. */
export const QR_PNG_MIN_SIDE = 600;

/** The payload as an SVG QR code: medium error correction, a quiet zone of 4 modules as the standard asks. */
export function qrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { type: "svg", errorCorrectionLevel: ERROR_CORRECTION, margin: QUIET_ZONE });
}

/**
 * The payload as a PNG of at least QR_PNG_MIN_SIDE pixels a side. Each module is a whole number of
 * pixels (the scale is rounded up, never a width that would smear module edges), black on white.
 * qrcode writes the PNG itself: no libvips, so drawing a code never waits behind a slip photo.
 */
export async function qrPng(payload: string): Promise<Uint8Array> {
  const modules = QRCode.create(payload, { errorCorrectionLevel: ERROR_CORRECTION }).modules.size;
  const scale = Math.ceil(QR_PNG_MIN_SIDE / (modules + 2 * QUIET_ZONE));
  const png = await QRCode.toBuffer(payload, {
    type: "png",
    errorCorrectionLevel: ERROR_CORRECTION,
    margin: QUIET_ZONE,
    scale,
    color: { dark: "#000000ff", light: "#ffffffff" },
  });
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}
