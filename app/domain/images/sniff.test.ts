import { describe, expect, it } from "vitest";
import { checkUploadedPhoto, decodeCanvasPng, pngDimensions, sniffImageType } from "./sniff";

// The smallest real PNG header: signature, IHDR length 13, "IHDR", width, height, then the rest.
function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(45);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}
const dataUrl = (bytes: Uint8Array, type = "image/png") =>
  `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;

describe("image checks by content", () => {
  it("tells PNG, JPEG and WebP by their first bytes, and nothing else", () => {
    expect(sniffImageType(pngHeader(10, 10))).toBe("image/png");
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe("image/jpeg");
    expect(sniffImageType(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 \0\0"))).toBe("image/webp");
    expect(sniffImageType(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode("GIF89a........................"))).toBeNull();
  });

  it("reads a PNG's size from its IHDR chunk", () => {
    expect(pngDimensions(pngHeader(1000, 600))).toEqual({ width: 1000, height: 600 });
    const broken = pngHeader(10, 10);
    broken[12] = 0x58;
    expect(pngDimensions(broken)).toBeNull();
  });

  it("accepts only a real PNG of sane size from the designer", () => {
    expect(decodeCanvasPng(dataUrl(pngHeader(600, 600)))).toHaveLength(45);
    expect(() => decodeCanvasPng(dataUrl(pngHeader(20_000, 600)))).toThrow(/ขนาด/);
    expect(() => decodeCanvasPng(dataUrl(pngHeader(8, 8)))).toThrow(/ขนาด/);
    expect(() => decodeCanvasPng(dataUrl(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])))).toThrow(/PNG/);
    expect(() => decodeCanvasPng(dataUrl(pngHeader(600, 600), "image/jpeg"))).toThrow(/PNG/);
    expect(() => decodeCanvasPng("https://example.com/shirt.png")).toThrow(/PNG/);
    expect(() => decodeCanvasPng(`data:image/png;base64,${"A".repeat(5 * 1024 * 1024)}`)).toThrow(/ใหญ่เกินไป/);
  });

  it("refuses uploads that are empty, too big or not photos", () => {
    expect(checkUploadedPhoto(new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 0]))).toBe("image/jpeg");
    expect(() => checkUploadedPhoto(new Uint8Array())).toThrow(/กรุณาเลือกไฟล์/);
    expect(() => checkUploadedPhoto(new Uint8Array(6 * 1024 * 1024).fill(0xff))).toThrow(/5 MB/);
    expect(() => checkUploadedPhoto(new TextEncoder().encode("plain text"))).toThrow(/JPEG, PNG หรือ WebP/);
  });
});
