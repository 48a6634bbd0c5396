import { choiceFromSearch, clampQuantity, partsOf } from "~/domain/designer/selection";
import { type PriceRangeSeed, quoteKey } from "~/domain/pricing/quote-key";
import { quoteRange } from "~/domain/pricing/quote-range.server";
import { logger } from "~/lib/logger.server";

/**
 * The designer's "ราคาเริ่มต้น" for the design in the address: without JavaScript every pick
 * reloads the page, and this is how the price follows it (with JavaScript the browser asks
 * POST /api/design/quote as parts change). A price is a help, not the page: when it cannot be
 * read the designer still opens, without it.
 */
export async function priceRangeOfSearch(params: URLSearchParams): Promise<PriceRangeSeed | null> {
  const parts = partsOf(choiceFromSearch(params));
  // The add-to-cart payload takes at most 100,000 (payloads.ts): the same bound here.
  const quantity = Math.min(clampQuantity(params.get("qty") ?? 1), 100_000);
  try {
    return { key: quoteKey(parts, quantity), range: await quoteRange(parts, quantity) };
  } catch (error) {
    logger().warn({ err: error }, "The designer's price range could not be read");
    return null;
  }
}
