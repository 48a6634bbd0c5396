import generatePayload from "promptpay-qr";
import QRCode from "qrcode";

/**
 * The Thai QR Payment code a customer scans with any Thai banking app: an EMVCo merchant-presented
 * payload with the PromptPay application id, the tailor's id, the amount in baht and a CRC
 * (promptpay-qr), drawn as SVG on the server (qrcode), so it shows without JavaScript.
 */

/** The payload for paying `amount` baht (2 decimals) to the PromptPay id (digits). */
export function promptPayPayload(promptpayId: string, amount: number): string {
  return generatePayload(promptpayId, { amount: Math.round(amount * 100) / 100 });
}

/** The payload as an SVG QR code: medium error correction, a quiet zone of 4 modules as the standard asks. */
export function qrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
}

/** The code as a page shows it inline: the same drawing, without the XML declaration qrcode may write. */
export async function promptPayQrSvg(payload: string): Promise<string> {
  return (await qrSvg(payload)).replace(/^<\?xml[^>]*>\s*/, "");
}
