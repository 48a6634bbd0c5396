import generatePayload from "promptpay-qr";
import { describe, expect, it } from "vitest";
import { bankName, crc16, parseSlipQr, slipQrPayload } from "./slip-qr";

describe("the slip-verification payload (issue 49)", () => {
  it("reads the bank code and the reference back from a payload written as banks do", () => {
    const payload = slipQrPayload({ bankCode: "014", reference: "2026112812345678901" });
    expect(payload).toBe("004000060000010103014021920261128123456789015102TH91042CB3");
    expect(parseSlipQr(payload)).toEqual({ bankCode: "014", reference: "2026112812345678901" });
  });

  it("refuses an altered payload (CRC), a PromptPay payment code and plain text", () => {
    const payload = slipQrPayload({ bankCode: "014", reference: "2026112812345678901" });
    expect(parseSlipQr(payload.replace("12345", "12346"))).toBeNull();
    expect(parseSlipQr(generatePayload("0812345678", { amount: 100 }))).toBeNull();
    expect(parseSlipQr("https://example.com/slip")).toBeNull();
  });

  it("uses the CRC of Thai QR codes, and names the Thai banks", () => {
    const promptpay = generatePayload("0812345678", { amount: 10 });
    expect(crc16(promptpay.slice(0, -4))).toBe(promptpay.slice(-4));
    expect(bankName("004")).toBe("ธนาคารกสิกรไทย");
    expect(bankName("999")).toBeNull();
    expect(bankName(null)).toBeNull();
  });
});
