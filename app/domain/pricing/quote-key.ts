import type { DesignParts } from "./quote";

/*
 * A design's price range as the designer shows it (issue 45), without the request's rules
 * (./quote-request.ts): the page names its range the same way as the loader, and loads no schema.
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

/** Which design and quantity a range is for: the page's loader and the browser name it the same way. */
export function quoteKey(parts: DesignParts, quantity: number): string {
  const priced = Object.fromEntries(
    Object.entries(parts)
      .filter(([field]) => field.endsWith("Id") && field !== "colorId" && field !== "fabricId" && field !== "threadId")
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return JSON.stringify({ ...priced, quantity });
}
