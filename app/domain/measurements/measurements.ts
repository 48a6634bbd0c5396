/**
 * A customer's measurement profiles (issue 22), pure: the seven measurements a shirt is cut
 * from, their plausible ranges, inches and centimetres. Stored in centimetres to one decimal
 * (one unit, so a tailor never guesses); shown in both, as Thai tailors mostly work in inches.
 * The form's rules are in profile-form.ts: pages that only show measurements load no zod.
 */

export const MEASUREMENTS = ["chest", "waist", "hips", "shoulder", "sleeve", "shirtLength", "neck"] as const;
export type MeasurementName = (typeof MEASUREMENTS)[number];
export type Unit = "in" | "cm";

export const CM_PER_INCH = 2.54;

/** Each measurement's Thai name and its plausible range for a person, in centimetres. */
export const MEASUREMENT_INFO: Record<MeasurementName, { label: string; min: number; max: number }> = {
  chest: { label: "รอบอก", min: 50, max: 170 },
  waist: { label: "รอบเอว", min: 40, max: 170 },
  hips: { label: "รอบสะโพก", min: 50, max: 180 },
  shoulder: { label: "ความกว้างไหล่", min: 25, max: 65 },
  sleeve: { label: "ความยาวแขนเสื้อ", min: 10, max: 90 },
  shirtLength: { label: "ความยาวเสื้อ", min: 40, max: 110 },
  neck: { label: "รอบคอ", min: 25, max: 55 },
};

export const UNIT_WORDS: Record<Unit, string> = { in: "นิ้ว", cm: "ซม." };

export const PROFILE_NAME_MAX = 40;
export const PROFILES_MAX = 10;

export const MEASUREMENT_MESSAGES = {
  nameRequired: "กรุณาตั้งชื่อสัดส่วน เช่น ตัวฉัน หรือ พ่อ",
  nameTooLong: `ชื่อสัดส่วนต้องไม่เกิน ${PROFILE_NAME_MAX} ตัวอักษร`,
  unitRequired: "กรุณาเลือกหน่วยวัด (นิ้ว หรือ เซนติเมตร)",
  required: (label: string) => `กรุณากรอก${label}`,
  notANumber: (label: string) => `${label}ต้องเป็นตัวเลข`,
  outOfRange: (name: MeasurementName, unit: Unit) => {
    const { label, min, max } = MEASUREMENT_INFO[name];
    return unit === "in"
      ? `${label}ต้องอยู่ระหว่าง ${formatNumber(min / CM_PER_INCH)}–${formatNumber(max / CM_PER_INCH)} นิ้ว`
      : `${label}ต้องอยู่ระหว่าง ${min}–${max} ซม.`;
  },
} as const;

/** What the profile pages and calls say (pure: the page shows the limit too). */
export const PROFILE_MESSAGES = {
  notFound: "ไม่พบสัดส่วนนี้",
  tooMany: `เก็บสัดส่วนได้สูงสุด ${PROFILES_MAX} ชุด กรุณาลบชุดที่ไม่ใช้ก่อน`,
  nameTaken: "มีสัดส่วนชื่อนี้อยู่แล้ว กรุณาใช้ชื่ออื่น",
  saved: "บันทึกสัดส่วนเรียบร้อยแล้ว",
  deleted: "ลบสัดส่วนแล้ว",
  failed: "ไม่สามารถบันทึกสัดส่วนได้",
} as const;

/** One decimal at most, Thai digits grouping: 38, 96.5. */
const oneDecimal = new Intl.NumberFormat("th-TH", { maximumFractionDigits: 1 });

export function formatNumber(value: number): string {
  return oneDecimal.format(value);
}

/** A length typed in `unit`, in centimetres to one decimal. */
export function toCentimetres(value: number, unit: Unit): number {
  return Math.round((unit === "in" ? value * CM_PER_INCH : value) * 10) / 10;
}

/** Centimetres as inches to one decimal (what a tailor's tape reads near enough). */
export function toInches(centimetres: number): number {
  return Math.round((centimetres / CM_PER_INCH) * 10) / 10;
}

/**
 * A stored length both ways, first in the unit the customer measured in: "38 นิ้ว (96.5 ซม.)" for
 * inches, "96.5 ซม. (38 นิ้ว)" for centimetres (the tailor reads the customer's own numbers first).
 */
export function formatBoth(centimetres: number, unit: Unit = "cm"): string {
  const cm = `${formatNumber(centimetres)} ซม.`;
  const inches = `${formatNumber(toInches(centimetres))} นิ้ว`;
  return unit === "in" ? `${inches} (${cm})` : `${cm} (${inches})`;
}

export type Measurements = Record<MeasurementName, number>;

// A type, not an interface: the form's schema output must be a plain record (useShopForm).
export type ProfileInput = {
  name: string;
  unit: Unit;
  /** In centimetres. */
  values: Measurements;
};

/** "50–170 ซม. (19.7–66.9 นิ้ว)": a measurement's range, both ways. */
export function rangeText(name: MeasurementName): string {
  const { min, max } = MEASUREMENT_INFO[name];
  return `${min}–${max} ซม. (${formatNumber(min / CM_PER_INCH)}–${formatNumber(max / CM_PER_INCH)} นิ้ว)`;
}
