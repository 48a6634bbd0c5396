import { CUSTOM_SIZE } from "./categories";
import type { PatternOptionSeed } from "./options";

/**
 * Sizes: every shirt that goes into the cart is cut to one. A ready size (S to 3XL) or the size
 * cut to the customer's own measurements (CUSTOM_SIZE, with a measurement profile). A designer-made
 * design carries it in its parts; a tailor's shop design is bought in the customer's own ready
 * size, kept on the cart item. Pure: shared by the server, the pages and the tests.
 */

/** The catalogue's sizes, here with their rules; options.ts lists them with the other parts. */
export const SIZE_OPTIONS: readonly PatternOptionSeed[] = [
  { sid: "size1", category: "size", labelTh: "S รอบอก 36 นิ้ว", labelEn: "S, chest 36 in" },
  { sid: "size2", category: "size", labelTh: "M รอบอก 38 นิ้ว", labelEn: "M, chest 38 in" },
  { sid: "size3", category: "size", labelTh: "L รอบอก 40 นิ้ว", labelEn: "L, chest 40 in" },
  { sid: "size4", category: "size", labelTh: "XL รอบอก 42 นิ้ว", labelEn: "XL, chest 42 in" },
  { sid: "size5", category: "size", labelTh: "2XL รอบอก 44 นิ้ว", labelEn: "2XL, chest 44 in" },
  { sid: "size6", category: "size", labelTh: "3XL รอบอก 46 นิ้ว", labelEn: "3XL, chest 46 in" },
  { sid: CUSTOM_SIZE, category: "size", labelTh: "ตามสัดส่วนของฉัน", labelEn: "Made to my measurements" },
];

export const SIZE_MESSAGES = {
  /** The designer, the shops page and the JSON calls, when no size came with the design. */
  required: "กรุณาเลือกขนาดเสื้อ",
  unknown: "ไม่พบขนาดที่เลือกในรายการ",
  /** A shop's design is made for anyone: only the ready sizes (cutting to measure is the designer's). */
  readyOnly: "แบบเสื้อของร้านเลือกได้เฉพาะขนาดมาตรฐาน (S ถึง 3XL)",
  /** The cart changes between ready sizes; cutting to measure is chosen in the designer. */
  customInDesigner: "การตัดตามสัดส่วนเลือกได้ในหน้าออกแบบเสื้อ ในตะกร้าเปลี่ยนได้เฉพาะขนาดมาตรฐาน",
  /** Beside a cart line without a size (put in the cart before sizes were asked for). */
  lineNeedsSize: "รายการนี้ยังไม่ได้เลือกขนาดเสื้อ กรุณาเลือกขนาดก่อนสั่งตัด",
  /** Placing a cart that still has such a line. */
  placeNeedsSizes: "กรุณาเลือกขนาดเสื้อให้ครบทุกรายการก่อนสั่งตัด",
  /** The place-order button while a line has no size (beside the spec's 'กรุณาเลือกผู้ตัดให้ครบ'). */
  placeButton: "กรุณาเลือกขนาดเสื้อให้ครบ",
  /** An admin override placing an item without a size. */
  adminNeedsSize: "รายการนี้ยังไม่ได้เลือกขนาดเสื้อ จึงย้ายเป็นคำสั่งซื้อไม่ได้",
  changed: "เปลี่ยนขนาดเสื้อแล้ว",
  /** The same shop design from the same tailor is already a line of that size. */
  lineExists: "ตะกร้ามีแบบเสื้อนี้ในขนาดนี้อยู่แล้ว กรุณาเพิ่มจำนวนที่รายการนั้นแทน",
} as const;

/**
 * The silk shops page's query parameter naming the design whose add form was sent without a size
 * (POST /cart/add goes back with it): the page draws the message beside that form's size.
 */
export const NEED_SIZE_PARAM = "needSize";

export interface SizeView {
  sid: string;
  /** Its Thai name ('M รอบอก 38 นิ้ว'). */
  name: string;
}

/** The ready sizes, smallest first. */
export const READY_SIZES: readonly SizeView[] = SIZE_OPTIONS.filter((option) => option.sid !== CUSTOM_SIZE).map(
  (option) => ({ sid: option.sid, name: option.labelTh }),
);

export function isReadySize(sid: string | null | undefined): sid is string {
  return READY_SIZES.some((size) => size.sid === sid);
}

export function isSize(sid: string | null | undefined): sid is string {
  return sid === CUSTOM_SIZE || isReadySize(sid);
}

/**
 * A ready size as the JSON calls and pages show it; null for none and for the size cut to
 * measure (which shows its measurements instead). A size the catalogue no longer has keeps its sid
 * as its name.
 */
export function sizeView(sid: string | null | undefined): SizeView | null {
  if (!sid || sid === CUSTOM_SIZE) return null;
  return { sid, name: SIZE_OPTIONS.find((option) => option.sid === sid)?.labelTh ?? sid };
}

/** A ready size on a small button: its letters ('M' of 'M รอบอก 38 นิ้ว') and its chest, short ('อก 38 นิ้ว'). */
export function sizeShort(name: string): { letters: string; chest: string } {
  const letters = name.split(" ")[0] ?? name;
  const inches = /(\d+)\s*นิ้ว/.exec(name)?.[1];
  return { letters, chest: inches ? `อก ${inches} นิ้ว` : "" };
}
