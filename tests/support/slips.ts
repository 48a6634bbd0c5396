import { randomBytes, randomInt } from "node:crypto";
import QRCode from "qrcode";
import sharp, { type OverlayOptions } from "sharp";
import { slipQrPayload } from "../../app/domain/payments/slip-qr";

/**
 * Transfer slips for tests (issue 49): a phone-sized e-slip picture whose header band is random (so
 * no two pictures have the same bytes, as no two real slips do), with, when asked, the Bank of
 * Thailand slip-verification QR a bank prints on it (its bank code and transaction reference).
 */

/** A transaction reference as Thai banks write them: the date, then digits (unique per call). */
export function newReference(): string {
  return `2026112${randomInt(10 ** 8, 10 ** 9)}${randomInt(10 ** 5, 10 ** 6)}`;
}

export async function slipPicture(
  qr: { bankCode: string; reference: string } | null,
  format: "png" | "jpeg" = "png",
): Promise<Buffer> {
  const width = 720;
  const height = 1280;
  // A noisy band on top: a different picture each time.
  const band = await sharp(randomBytes(width * 60 * 3), { raw: { width, height: 60, channels: 3 } })
    .png()
    .toBuffer();
  const layers: OverlayOptions[] = [{ input: band, top: 0, left: 0 }];
  if (qr) {
    const code = await QRCode.toBuffer(slipQrPayload(qr), { type: "png", margin: 4, scale: 6 });
    layers.push({ input: code, top: 820, left: 420 });
  }
  const picture = sharp({ create: { width, height, channels: 3, background: "#f4f7ff" } }).composite(layers);
  return format === "png" ? picture.png().toBuffer() : picture.jpeg({ quality: 90 }).toBuffer();
}

/** A slip picture as a Blob for a form's file field. */
export async function slipBlob(qr: { bankCode: string; reference: string } | null): Promise<Blob> {
  return new Blob([new Uint8Array(await slipPicture(qr))], { type: "image/png" });
}
