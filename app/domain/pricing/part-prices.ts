import { CATEGORIES, type CategoryKey, CUSTOM_SIZE } from "~/domain/catalogue/categories";
import { PATTERN_OPTIONS } from "~/domain/catalogue/options";

/**
 * A tailor's price per pattern part (spec section 3 "merchant pricing"): eight maps, one
 * per priced category, of pattern sid to price in baht. A part with no price is one the
 * tailor does not make (the quote then marks the tailor unavailable). Pure: shared by the
 * pricing page (server and browser) and the JSON call; their rules, with zod, are in
 * pricing-forms.ts.
 */

export const PRICING_MAP_BY_CATEGORY = {
  shirt: "basePricing",
  neck: "collarPricing",
  placket: "placketPricing",
  seam: "shoulderPricing",
  bag: "pocketPricing",
  side: "sidePricing",
  arm: "armPricing",
  hem: "hemPricing",
} as const satisfies Partial<Record<CategoryKey, string>>;

export type PricedCategory = keyof typeof PRICING_MAP_BY_CATEGORY;
export type PricingMapKey = (typeof PRICING_MAP_BY_CATEGORY)[PricedCategory];
export type PricingMaps = Record<PricingMapKey, Record<string, number>>;
/** GET /api/merchants/pricing: the eight maps and the price of cutting to measure (null: not offered). */
export type MerchantPricing = PricingMaps & { customSizePrice: number | null };

export const PRICED_CATEGORIES = CATEGORIES.filter((category) => category.priced).map(
  (category) => category.key as PricedCategory,
);
export const PRICING_MAP_KEYS = PRICED_CATEGORIES.map((category) => PRICING_MAP_BY_CATEGORY[category]);

/**
 * Every priced part of the catalogue, by sid: the parts of the eight maps, and cutting to the
 * customer's measurements (CUSTOM_SIZE), which the JSON call carries beside the maps as
 * `customSizePrice` (the spec's eight maps stay as they are).
 */
export const PRICED_SIDS: readonly string[] = [
  ...PATTERN_OPTIONS.filter((option) => option.category in PRICING_MAP_BY_CATEGORY).map((option) => option.sid),
  CUSTOM_SIZE,
];

/** Which category each pattern part belongs to. */
export const categoryOfSid = new Map(PATTERN_OPTIONS.map((option) => [option.sid, option.category]));

/** One row of the pricing page: a part of the catalogue and this tailor's price (null: not offered). */
export interface PricingRow {
  sid: string;
  labelTh: string;
  imageUrl: string;
  price: number | null;
}

export interface PricingGroup {
  category: PricedCategory | "size";
  labelTh: string;
  /** What the group's price means, when its name alone does not say. */
  hint?: string;
  parts: PricingRow[];
}

/** The eight maps (every map present, possibly empty) and the custom-size price, from price rows. */
export function toPricingMaps(rows: readonly { patternSid: string; price: number }[]): MerchantPricing {
  const maps = Object.fromEntries(PRICING_MAP_KEYS.map((key) => [key, {} as Record<string, number>])) as PricingMaps;
  for (const row of rows) {
    const category = categoryOfSid.get(row.patternSid);
    if (category && category in PRICING_MAP_BY_CATEGORY)
      maps[PRICING_MAP_BY_CATEGORY[category as PricedCategory]][row.patternSid] = row.price;
  }
  return { ...maps, customSizePrice: rows.find((row) => row.patternSid === CUSTOM_SIZE)?.price ?? null };
}
