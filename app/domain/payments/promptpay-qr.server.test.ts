import jsQR from "jsqr";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { promptPayPayload, QR_PNG_MIN_SIDE, qrPng, qrSvg } from "./promptpay-qr.server";

/** CRC-16/CCITT-FALSE (polynomial 0x1021, start 0xFFFF), which EMVCo QR payloads end with: written here apart from the library. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** The payload's fields (id, value), top level. */
function fields(payload: string): Map<string, string> {
  const out = new Map<string, string>();
  for (let at = 0; at < payload.length; ) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    out.set(id, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return out;
}

describe("the Thai QR Payment code", () => {
  it("the CRC this test computes is the standard one (its check value for '123456789' is 29B1)", () => {
    expect(crc16("123456789")).toBe("29B1");
  });

  it("a payload for a mobile number: PromptPay's application id, the number as 0066…, baht, the amount, and a CRC that checks", () => {
    const payload = promptPayPayload("0812345678", 1250);
    const top = fields(payload);
    expect(top.get("00")).toBe("01"); // payload format
    expect(top.get("01")).toBe("12"); // dynamic: one amount, one payment
    expect(fields(top.get("29")!)).toEqual(
      new Map([
        ["00", "A000000677010111"],
        ["01", "0066812345678"],
      ]),
    );
    expect(top.get("58")).toBe("TH");
    expect(top.get("53")).toBe("764"); // baht
    expect(top.get("54")).toBe("1250.00");
    expect(payload.slice(-8, -4)).toBe("6304");
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
  });

  it("a payload for a 13-digit id carries it as the tax id, and satang survive", () => {
    const top = fields(promptPayPayload("1103702071561", 1234.5));
    expect(fields(top.get("29")!).get("02")).toBe("1103702071561");
    expect(top.get("54")).toBe("1234.50");
  });

  it("the drawn SVG, read back by a QR decoder, is exactly the payload", async () => {
    const payload = promptPayPayload("0812345678", 990);
    const svg = await qrSvg(payload);
    expect(svg.startsWith("<svg")).toBe(true);
    const { data, info } = await sharp(Buffer.from(svg), { density: 300 })
      .flatten({ background: "#ffffff" })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const read = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
    expect(read?.data).toBe(payload);
  });

  it("the PNG (issue 45): at least 600 px, square, black on white, and read back exactly the payload", async () => {
    for (const amount of [1, 990, 123456.75]) {
      const payload = promptPayPayload("1103702071561", amount);
      const png = await qrPng(payload);
      const meta = await sharp(png).metadata();
      expect(meta.format).toBe("png");
      expect(meta.width).toBeGreaterThanOrEqual(QR_PNG_MIN_SIDE);
      expect(meta.height).toBe(meta.width);
      const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const read = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
      expect(read?.data).toBe(payload);
    }
  });
});
