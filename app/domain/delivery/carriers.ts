/**
 * How a finished shirt reaches its buyer (issue 21): picked up at the tailor's, or sent with a
 * carrier and its tracking number. Pure: shared by the tailor's form (server and browser), the
 * JSON call and the pages that show it.
 */

export const CARRIERS = ["thailand_post", "kerry", "flash", "jt", "other"] as const;
export type CarrierName = (typeof CARRIERS)[number];
export type DeliveryMethodName = "pickup" | "carrier";

interface CarrierInfo {
  label: string;
  /** What the tracking field says under it for this carrier (the number as its receipt prints it). */
  trackingHint: string;
  /** The carrier's own public tracking page for a number (none for "other"). */
  trackingUrl?: (trackingNumber: string) => string;
}

export const CARRIER_INFO: Record<CarrierName, CarrierInfo> = {
  thailand_post: {
    label: "ไปรษณีย์ไทย",
    trackingHint: "ตัวอักษร 2 ตัว ตัวเลข 9 หลัก ลงท้ายด้วย TH เช่น EF123456785TH",
    trackingUrl: (number) => `https://track.thailandpost.co.th/?trackNumber=${encodeURIComponent(number)}`,
  },
  kerry: {
    label: "Kerry Express (KEX)",
    trackingHint: "เลขพัสดุตามใบรับพัสดุของ Kerry Express (KEX)",
    trackingUrl: (number) => `https://th.kex-express.com/th/track/?track=${encodeURIComponent(number)}`,
  },
  flash: {
    label: "Flash Express",
    trackingHint: "เลขพัสดุตามใบรับพัสดุของ Flash Express",
    trackingUrl: (number) => `https://www.flashexpress.co.th/fle/tracking?se=${encodeURIComponent(number)}`,
  },
  jt: {
    label: "J&T Express",
    trackingHint: "เลขพัสดุตามใบรับพัสดุของ J&T Express",
    trackingUrl: (number) => `https://www.jtexpress.co.th/service/track?billcode=${encodeURIComponent(number)}`,
  },
  other: { label: "ขนส่งอื่น ๆ", trackingHint: "เลขพัสดุตามใบรับพัสดุของบริษัทขนส่ง" },
};

/** A carrier as the tailor's delivery form offers it: its name and the hint under the tracking field. */
export interface CarrierChoice {
  carrier: CarrierName;
  label: string;
  trackingHint: string;
}

/**
 * The carriers the tailor's delivery form offers, as data: the order's page sends them with the
 * order, so the browser needs no copy of this module (its words, tracking addresses and checks)
 * to draw the form (docs/decisions.md, 127).
 */
export function carrierChoices(): CarrierChoice[] {
  return CARRIERS.map((carrier) => ({
    carrier,
    label: CARRIER_INFO[carrier].label,
    trackingHint: CARRIER_INFO[carrier].trackingHint,
  }));
}

export function isCarrier(value: unknown): value is CarrierName {
  return typeof value === "string" && (CARRIERS as readonly string[]).includes(value);
}

export const DELIVERY_MESSAGES = {
  methodRequired: "กรุณาเลือกวิธีส่งมอบเสื้อ",
  carrierRequired: "กรุณาเลือกบริษัทขนส่ง",
  trackingRequired: "กรุณากรอกเลขพัสดุ",
  trackingFormat: "เลขพัสดุต้องเป็นตัวอักษรภาษาอังกฤษหรือตัวเลข 8 ถึง 30 ตัว",
  thailandPostFormat: "เลขพัสดุไปรษณีย์ไทยต้องเป็นตัวอักษร 2 ตัว ตัวเลข 9 หลัก และลงท้ายด้วย TH เช่น EF123456785TH",
  thailandPostCheckDigit: "เลขพัสดุไปรษณีย์ไทยไม่ถูกต้อง (ตัวเลขตรวจสอบไม่ตรง) กรุณาตรวจสอบอีกครั้ง",
  notYet: "บันทึกการจัดส่งได้เมื่อช่างรับงานแล้ว",
  saved: "บันทึกการจัดส่งเรียบร้อยแล้ว",
  failed: "ไม่สามารถบันทึกการจัดส่งได้",
} as const;

/** A tracking number as people type it: spaces and dashes dropped, letters upper case. */
export function normalizeTrackingNumber(input: string): string {
  return input.replace(/[\s-]/g, "").toUpperCase();
}

/**
 * The UPU S10 check digit of a Thailand Post number's eight serial digits (weights 8 6 4 2 3 5 9 7;
 * 11 minus the sum modulo 11, where 10 reads 0 and 11 reads 5).
 */
export function s10CheckDigit(serial: string): number {
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(serial[index]), 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

/** What is wrong with a (normalized) tracking number for this carrier, or null. */
export function trackingNumberProblem(carrier: CarrierName, number: string): string | null {
  if (carrier === "thailand_post") {
    const match = /^[A-Z]{2}(\d{8})(\d)TH$/.exec(number);
    if (!match) return DELIVERY_MESSAGES.thailandPostFormat;
    return s10CheckDigit(match[1]!) === Number(match[2]) ? null : DELIVERY_MESSAGES.thailandPostCheckDigit;
  }
  // The other carriers publish no fixed format: letters and digits of a sane length.
  return /^[A-Z0-9]{8,30}$/.test(number) ? null : DELIVERY_MESSAGES.trackingFormat;
}

// A type, not an interface: the form's schema output must be a plain record (useShopForm).
export type DeliveryInput = {
  method: DeliveryMethodName;
  carrier: CarrierName | null;
  trackingNumber: string | null;
};

/** How a delivery reads: on the order page, the timeline and the LINE message. */
export function deliveryText(delivery: DeliveryInput): string {
  if (delivery.method === "pickup") return "รับเสื้อเองที่ร้านช่างตัด";
  return `${CARRIER_INFO[delivery.carrier!].label} เลขพัสดุ ${delivery.trackingNumber}`;
}

/** The carrier's tracking page for this delivery, when it has one. */
export function trackingUrl(delivery: DeliveryInput): string | null {
  if (delivery.method !== "carrier" || !delivery.carrier || !delivery.trackingNumber) return null;
  return CARRIER_INFO[delivery.carrier].trackingUrl?.(delivery.trackingNumber) ?? null;
}
