import { z } from "zod";
import { partsShape, quantitySchema } from "~/domain/designs/payloads";
import type { DesignParts } from "./quote";

/**
 * POST /api/design/quote: the add-to-cart payload of POST /api/design, checked the same way (every
 * part must be in the catalogue), but nothing is saved, so the picture, the layout and the
 * measurement profile are not needed and the size may still be open (the price is shown while the
 * customer designs; only cutting to measure changes it). Other fields are ignored.
 */
export const quoteRequestSchema = z.object({
  ...partsShape,
  quantity: quantitySchema.optional().default(1),
});

export function quoteRequestParts(request: z.infer<typeof quoteRequestSchema>): DesignParts {
  return request;
}
