/**
 * The QR every Thai bank prints on its e-slip (issue 49): the Bank of Thailand's slip-verification
 * payload, EMVCo-style tag-length-value text. Tag 00 holds the API type (00 = "000001"), the
 * sending bank's code (01) and the transaction reference (02); tag 51 the country (TH); tag 91 a
 * CRC-16/CCITT over everything before its value. Reading it needs no bank account: it names the
 * transfer, not its amount. Pure: the server reads it (slip-qr.server.ts), tests write it.
 */

export interface SlipQr {
  bankCode: string;
  reference: string;
}

/** The Thai banks by their Bank of Thailand code, as a Thai customer names them. */
export const THAI_BANKS: Record<string, string> = {
  "002": "ธนาคารกรุงเทพ",
  "004": "ธนาคารกสิกรไทย",
  "006": "ธนาคารกรุงไทย",
  "011": "ธนาคารทหารไทยธนชาต",
  "014": "ธนาคารไทยพาณิชย์",
  "017": "ธนาคารซิตี้แบงก์",
  "020": "ธนาคารสแตนดาร์ดชาร์เตอร์ด (ไทย)",
  "022": "ธนาคารซีไอเอ็มบี ไทย",
  "024": "ธนาคารยูโอบี",
  "025": "ธนาคารกรุงศรีอยุธยา",
  "030": "ธนาคารออมสิน",
  "031": "ธนาคารเอชเอสบีซี",
  "033": "ธนาคารอาคารสงเคราะห์",
  "034": "ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร",
  "035": "ธนาคารเพื่อการส่งออกและนำเข้าแห่งประเทศไทย",
  "065": "ธนาคารธนชาต",
  "066": "ธนาคารอิสลามแห่งประเทศไทย",
  "067": "ธนาคารทิสโก้",
  "069": "ธนาคารเกียรตินาคินภัทร",
  "070": "ธนาคารไอซีบีซี (ไทย)",
  "071": "ธนาคารไทยเครดิต",
  "073": "ธนาคารแลนด์ แอนด์ เฮ้าส์",
  "098": "ธนาคารพัฒนาวิสาหกิจขนาดกลางและขนาดย่อมแห่งประเทศไทย",
};

/** The bank's Thai name, or null for a code the shop does not know. */
export function bankName(code: string | null): string | null {
  return code ? (THAI_BANKS[code] ?? null) : null;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, start 0xFFFF), as four upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** The tags of one level of a payload, or null when it is not well formed. */
function tagsOf(text: string): Map<string, string> | null {
  const tags = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(text.slice(at + 2, at + 4))) return null;
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) return null;
    tags.set(id, value);
    at += 4 + length;
  }
  return tags;
}

/**
 * The bank code and transaction reference of a slip-verification payload, or null when the text is
 * anything else (a PromptPay payment code, a web address, a broken or altered payload).
 */
export function parseSlipQr(payload: string): SlipQr | null {
  const text = payload.trim();
  const crcAt = text.lastIndexOf("9104");
  if (crcAt < 0 || crcAt !== text.length - 8) return null;
  if (crc16(text.slice(0, crcAt + 4)) !== text.slice(crcAt + 4).toUpperCase()) return null;
  const top = tagsOf(text.slice(0, crcAt));
  const inner = top?.get("00");
  if (!inner) return null;
  const fields = tagsOf(inner) ?? new Map<string, string>();
  if (fields.get("00") !== "000001") return null;
  const bankCode = fields.get("01") ?? "";
  const reference = fields.get("02") ?? "";
  if (!/^\d{3}$/.test(bankCode) || !/^[0-9A-Za-z]{6,40}$/.test(reference)) return null;
  return { bankCode, reference };
}

/** A slip-verification payload as a bank prints it (tests make slips with it). */
export function slipQrPayload(slip: SlipQr): string {
  const tag = (id: string, value: string) => `${id}${String(value.length).padStart(2, "0")}${value}`;
  const body = `${tag("00", tag("00", "000001") + tag("01", slip.bankCode) + tag("02", slip.reference))}${tag("51", "TH")}9104`;
  return body + crc16(body);
}
