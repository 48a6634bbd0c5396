import { CATEGORY_KEYS, type CategoryKey, isCategoryKey } from "./categories";
import { PATTERN_OPTIONS, patternImageUrl } from "./options";

/** Rows of GET /api/patterns/{kind}: built once from the catalogue and kept in memory. */

export interface PatternRow {
  sid: string;
  url: string;
  category: CategoryKey;
  name: string;
  label: { th: string; en: string };
  color: string | null;
}

const rowsByKind = new Map<CategoryKey, PatternRow[]>(
  CATEGORY_KEYS.map((kind) => [
    kind,
    PATTERN_OPTIONS.filter((option) => option.category === kind).map((option) => ({
      sid: option.sid,
      url: patternImageUrl(option.sid),
      category: option.category,
      name: option.labelTh,
      label: { th: option.labelTh, en: option.labelEn },
      color: option.color ?? null,
    })),
  ]),
);

export function patternRows(kind: string): PatternRow[] | null {
  return isCategoryKey(kind) ? rowsByKind.get(kind)! : null;
}
