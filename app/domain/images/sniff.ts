import { DomainError } from "~/domain/errors";

/** What an image really is, judged by its first bytes (never by its name or declared type). */

export type RasterType = "image/png" | "image/jpeg" | "image/webp";

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, expected: number[], at = 0) =>
  expected.every((value, index) => bytes[at + index] === value);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

export function sniffImageType(bytes: Uint8Array): RasterType | null {
  if (bytes.length >= 24 && startsWith(bytes, PNG_MAGIC)) return "image/png";
  if (bytes.length >= 4 && startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (bytes.length >= 16 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "image/webp";
  return null;
}

/** Limits of the picture the designer sends (its canvas at multiplier 2 is 600 or 1000 px square). */
export const CANVAS_PNG_LIMITS = { maxBytes: 3 * 1024 * 1024, minSide: 64, maxSide: 2400 };

export const NOT_A_PNG = "รูปภาพของแบบเสื้อไม่ถูกต้อง (ต้องเป็นไฟล์ PNG จากหน้าออกแบบ)";
export const PNG_TOO_BIG = "รูปภาพของแบบเสื้อมีขนาดใหญ่เกินไป";

/** The width and height written in a PNG's IHDR chunk, or null when the header is not a PNG's. */
export function pngDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 33 || !startsWith(bytes, PNG_MAGIC)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(8) !== 13 || ascii(bytes, 12, 16) !== "IHDR") return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/**
 * The designer's exported picture: a data URL that must hold a real PNG of sane size. Anything
 * else is refused with a Thai message.
 */
export function decodeCanvasPng(dataUrl: string): Uint8Array {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl.trim());
  if (!match) throw new DomainError("bad_input", NOT_A_PNG);
  // base64 is 4 characters per 3 bytes: refuse before decoding anything huge.
  if ((match[1]!.length * 3) / 4 > CANVAS_PNG_LIMITS.maxBytes) throw new DomainError("bad_input", PNG_TOO_BIG);
  const bytes = new Uint8Array(Buffer.from(match[1]!, "base64"));
  const size = pngDimensions(bytes);
  if (!size) throw new DomainError("bad_input", NOT_A_PNG);
  const { minSide, maxSide } = CANVAS_PNG_LIMITS;
  if (size.width < minSide || size.height < minSide || size.width > maxSide || size.height > maxSide) {
    throw new DomainError("bad_input", "ขนาดรูปภาพของแบบเสื้อไม่ถูกต้อง");
  }
  return bytes;
}

/** Sample photos a tailor uploads. */
export const UPLOAD_LIMITS = { maxBytes: 5 * 1024 * 1024, maxPixels: 40_000_000 };
export const UPLOAD_FAILED = "เกิดข้อผิดพลาดในการอัพโหลดรูปภาพ";
export const UPLOAD_WRONG_TYPE = "รองรับเฉพาะรูปภาพ JPEG, PNG หรือ WebP";
export const UPLOAD_TOO_BIG = "ไฟล์รูปภาพต้องมีขนาดไม่เกิน 5 MB";

/** An uploaded photo's bytes, checked by content and size (its name and declared type are ignored). */
export function checkUploadedPhoto(bytes: Uint8Array): RasterType {
  if (bytes.length === 0) throw new DomainError("bad_input", "กรุณาเลือกไฟล์รูปภาพ");
  if (bytes.length > UPLOAD_LIMITS.maxBytes) throw new DomainError("bad_input", UPLOAD_TOO_BIG);
  const type = sniffImageType(bytes);
  if (!type) throw new DomainError("bad_input", UPLOAD_WRONG_TYPE);
  return type;
}

/** A photo sent as a data URL (the JSON call); the declared type is ignored, the bytes decide. */
export function decodePhotoDataUrl(dataUrl: string): Uint8Array {
  const match = /^data:[\w/+.-]*;base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl.trim());
  if (!match) throw new DomainError("bad_input", UPLOAD_WRONG_TYPE);
  if ((match[1]!.length * 3) / 4 > UPLOAD_LIMITS.maxBytes + 3) throw new DomainError("bad_input", UPLOAD_TOO_BIG);
  return new Uint8Array(Buffer.from(match[1]!, "base64"));
}
