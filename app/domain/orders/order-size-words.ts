/**
 * How an order's size reads on its pages and on the tailor's work sheet. The catalogue's sizes and
 * the rules of choosing one are ../catalogue/sizes.ts; these few words travel with the order pages'
 * own file, so the sheet needs no catalogue.
 */
export const ORDER_SIZE_WORDS = {
  /** Cut to measure, as an order reads it on both sides (the designer's own words are "ตามสัดส่วนของฉัน"). */
  customSize: "ตัดตามสัดส่วนของลูกค้า",
  /** The work sheet and order pages of an order placed before sizes were asked for. */
  notGiven: "ลูกค้าไม่ได้ระบุขนาด กรุณาสอบถามลูกค้าก่อนตัด",
} as const;
