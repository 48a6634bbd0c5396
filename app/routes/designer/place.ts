import type { CategoryKey } from "~/domain/catalogue/categories";
import type { Choice } from "~/domain/designer/selection";

/** Where the designer is: the parts chosen, the open tab and the quantity (all in the address). */
export interface Place {
  choice: Choice;
  category: CategoryKey;
  qty: number;
}

/**
 * Moves within the designer. Without JavaScript every tab, card and step is a link to the new
 * address; with it, the page changes in place and the address is only rewritten (no request, so
 * quick clicks on a slow connection are never lost).
 */
export type Go = (next: Partial<Place>, event?: React.MouseEvent) => void;
