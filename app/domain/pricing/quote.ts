import { CATEGORIES, type CategoryKey, CUSTOM_SIZE } from "~/domain/catalogue/categories";

/**
 * A tailor's quote for a design made in the designer (DESIGN.md section 4): the unit price
 * is the sum of the tailor's prices for the chosen priced parts (base, collar, placket,
 * shoulder, pocket, side, arm, hem), plus the tailor's price for cutting to measure when the
 * design is sized to the customer's own measurements (CUSTOM_SIZE; the ready sizes cost nothing
 * extra); the total is unit × quantity. A tailor who has not priced one of the chosen parts
 * cannot make it. Pure; money is added in satang.
 */

export type DesignParts = Partial<
  Record<
    "baseId" | "collarId" | "placketId" | "shoulderId" | "pocketId" | "sideId" | "armId" | "hemId" | "sizeId",
    string | null
  >
>;

export interface QuoteLine {
  category: CategoryKey;
  sid: string;
  price: number;
}

export type Quote =
  | { available: true; unitPrice: number; totalPrice: number; lines: QuoteLine[] }
  | { available: false; missing: { category: CategoryKey; sid: string }[] };

const PRICED = CATEGORIES.filter((category) => category.priced);

/** The chosen priced parts of a design, in the catalogue's order. */
export function pricedParts(design: DesignParts): { category: CategoryKey; sid: string }[] {
  const parts: { category: CategoryKey; sid: string }[] = [];
  for (const category of PRICED) {
    const sid = design[category.designField as Exclude<keyof DesignParts, "sizeId">];
    if (sid) parts.push({ category: category.key, sid });
  }
  if (design.sizeId === CUSTOM_SIZE) parts.push({ category: "size", sid: CUSTOM_SIZE });
  return parts;
}

const toSatang = (baht: number) => Math.round(baht * 100);
const toBaht = (satang: number) => satang / 100;

/** `prices` maps a pattern sid to this tailor's price in baht. */
export function quoteDesign(design: DesignParts, prices: ReadonlyMap<string, number>, quantity: number): Quote {
  if (!Number.isInteger(quantity) || quantity < 1)
    throw new RangeError("quantity must be a whole number of at least 1");
  const lines: QuoteLine[] = [];
  const missing: { category: CategoryKey; sid: string }[] = [];
  for (const part of pricedParts(design)) {
    const price = prices.get(part.sid);
    if (price === undefined || !Number.isFinite(price) || price < 0) missing.push(part);
    else lines.push({ ...part, price });
  }
  if (missing.length > 0) return { available: false, missing };
  const unitSatang = lines.reduce((sum, line) => sum + toSatang(line.price), 0);
  return { available: true, unitPrice: toBaht(unitSatang), totalPrice: toBaht(unitSatang * quantity), lines };
}

/** unit × quantity in exact baht (satang arithmetic), for a quantity change or a shop design. */
export function totalFor(unitPrice: number, quantity: number): number {
  return toBaht(toSatang(unitPrice) * quantity);
}

/** The total of the items that have a price (spec: the cart total counts only priced items). */
export function sumPrices(prices: readonly (number | null)[]): number {
  return toBaht(prices.reduce<number>((sum, price) => sum + (price === null ? 0 : toSatang(price)), 0));
}
