import { z } from "zod";
import { partsShape, quantitySchema } from "~/domain/designs/payloads";
import type { DesignParts } from "./quote";

/**
 * POST /api/design/quote: the add-to-cart payload of POST /api/design, checked the same way (every
 * part must be in the catalogue), but nothing is saved, so the picture, the layout and the
 * measurement profile are not needed and the size may still be open (the price is shown while the
 * customer designs; only cutting to measure changes it). Other fields are ignored.
 */
/**
 * The answer of POST /api/design/quote (issue 45): the lowest and highest item price among the open
 * tailors who can make the design, and how many they are; null prices when none can.
 */
export interface QuoteRange {
  from: number | null;
  to: number | null;
  tailors: number;
}

/** The range the designer's page shows first, for the design in its address, and which design that is. */
export interface PriceRangeSeed {
  key: string;
  range: QuoteRange;
}

export const quoteRequestSchema = z.object({
  ...partsShape,
  quantity: quantitySchema.optional().default(1),
});

export function quoteRequestParts(request: z.infer<typeof quoteRequestSchema>): DesignParts {
  return request;
}

/** Which design and quantity a range is for: the page's loader and the browser name it the same way. */
export function quoteKey(parts: DesignParts, quantity: number): string {
  const priced = Object.fromEntries(
    Object.entries(parts)
      .filter(([field]) => field.endsWith("Id") && field !== "colorId" && field !== "fabricId" && field !== "threadId")
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return JSON.stringify({ ...priced, quantity });
}
