import { crc32, deflateSync } from "node:zlib";
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
 * Written here as a one-bit greyscale PNG from qrcode's modules: qrcode's own PNG (pngjs) is RGBA,
 * 1.4 MB of pixels to deflate for a 600 px code, and took 54 ms of the process's one thread; this
 * one deflates 45 KB, 5 ms in all. No libvips either, so a code never waits behind a slip photo.
 */
export async function qrPng(payload: string): Promise<Uint8Array> {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: ERROR_CORRECTION });
  const side = modules.size + 2 * QUIET_ZONE;
  const scale = Math.ceil(QR_PNG_MIN_SIDE / side);
  const isDark = (row: number, column: number) =>
    row >= 0 && column >= 0 && row < modules.size && column < modules.size && modules.get(row, column) === 1;
  return oneBitPng(side * scale, scale, (row, column) => isDark(row - QUIET_ZONE, column - QUIET_ZONE));
}

/**
 * A square black-and-white PNG (greyscale, one bit a pixel: 0 black, 1 white) of `side` pixels,
 * drawn in cells of `cell` pixels a side, `isDark` per cell.
 */
function oneBitPng(side: number, cell: number, isDark: (row: number, column: number) => boolean): Uint8Array {
  const rowBytes = 1 + Math.ceil(side / 8); // each scanline starts with its filter type, 0 (none)
  const pixels = Buffer.alloc(rowBytes * side);
  for (let y = 0; y < side; y += cell) {
    const line = pixels.subarray(y * rowBytes, (y + 1) * rowBytes);
    for (let x = 0; x < side; x += 1) {
      if (isDark(y / cell, Math.floor(x / cell))) continue;
      const byte = 1 + (x >> 3);
      line[byte] = (line[byte] ?? 0) | (0x80 >> (x & 7));
    }
    for (let copy = 1; copy < cell && y + copy < side; copy += 1) line.copy(pixels, (y + copy) * rowBytes);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filtering, no interlace
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(pixels)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}

/** One PNG chunk: its length, type, data and the CRC-32 of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, "latin1");
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}
