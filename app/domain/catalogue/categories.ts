/** The designer's 13 categories in tab order (spec section 2), with what each maps to in a design. */

export const CATEGORY_KEYS = [
  "shirt",
  "neck",
  "placket",
  "seam",
  "bag",
  "side",
  "arm",
  "hem",
  "color",
  "fabric",
  "thread",
  "ttape",
  "size",
] as const;

export type CategoryKey = (typeof CATEGORY_KEYS)[number];

/**
 * The size cut to the customer's own measurements (issue 22): chosen with one of their
 * measurement profiles, frozen onto the order when it is placed. Unlike the ready sizes it has a
 * price of its own, which each tailor sets (none: the tailor does not cut to measure). Here, beside
 * the categories every page has, rather than with the sizes (sizes.ts): the price rules read it, and
 * the cart's review would otherwise load the whole catalogue for this one word.
 */
export const CUSTOM_SIZE = "size_custom";

export interface CategoryInfo {
  key: CategoryKey;
  labelTh: string;
  labelEn: string;
  /** The design field the chosen option is stored in. */
  designField:
    | "baseId"
    | "collarId"
    | "placketId"
    | "shoulderId"
    | "pocketId"
    | "sideId"
    | "armId"
    | "hemId"
    | "colorId"
    | "fabricId"
    | "threadId"
    | "isTTape"
    | "sizeId";
  /** Drawn on the preview (the first eight; the rest are materials and sizes). */
  drawn: boolean;
  /** Priced per part by tailors (merchant pricing's eight maps). */
  priced: boolean;
}

export const CATEGORIES: readonly CategoryInfo[] = [
  { key: "shirt", labelTh: "แบบเสื้อ", labelEn: "Shirt style", designField: "baseId", drawn: true, priced: true },
  { key: "neck", labelTh: "คอเสื้อ", labelEn: "Collar", designField: "collarId", drawn: true, priced: true },
  { key: "placket", labelTh: "สาบเสื้อ", labelEn: "Placket", designField: "placketId", drawn: true, priced: true },
  { key: "seam", labelTh: "ตะเข็บไหล่", labelEn: "Shoulder seam", designField: "shoulderId", drawn: true, priced: true },
  { key: "bag", labelTh: "กระเป๋า", labelEn: "Pocket", designField: "pocketId", drawn: true, priced: true },
  { key: "side", labelTh: "ผ่าข้าง", labelEn: "Side slit", designField: "sideId", drawn: true, priced: true },
  { key: "arm", labelTh: "ปลายแขน", labelEn: "Sleeve hole", designField: "armId", drawn: true, priced: true },
  { key: "hem", labelTh: "ชายเสื้อ", labelEn: "Hem", designField: "hemId", drawn: true, priced: true },
  { key: "color", labelTh: "สี", labelEn: "Colour", designField: "colorId", drawn: false, priced: false },
  { key: "fabric", labelTh: "ชนิดผ้า", labelEn: "Fabric type", designField: "fabricId", drawn: false, priced: false },
  { key: "thread", labelTh: "ชนิดด้าย", labelEn: "Thread type", designField: "threadId", drawn: false, priced: false },
  {
    key: "ttape",
    labelTh: "ผ้ากาว",
    labelEn: "Adhesive interfacing",
    designField: "isTTape",
    drawn: false,
    priced: false,
  },
  { key: "size", labelTh: "ขนาด", labelEn: "Size", designField: "sizeId", drawn: false, priced: false },
];

export function isCategoryKey(value: unknown): value is CategoryKey {
  return typeof value === "string" && (CATEGORY_KEYS as readonly string[]).includes(value);
}

export function categoryInfo(key: CategoryKey): CategoryInfo {
  return CATEGORIES.find((category) => category.key === key)!;
}
