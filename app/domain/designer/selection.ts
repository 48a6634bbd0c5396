import { CATEGORIES, CATEGORY_KEYS, type CategoryKey, isCategoryKey } from "~/domain/catalogue/categories";
import { catalogueOption, PATTERN_OPTIONS, type PatternOptionSeed, patternImageUrl } from "~/domain/catalogue/options";

/**
 * The designer's selection and its rules (spec section 4): one option per category, the base
 * shirt always present, mirrored twins for the paired parts, overrides dropped on replace.
 */

export type Choice = Partial<Record<CategoryKey, string>>;

/** Categories whose part comes in a mirrored pair (the twin is keyed `<category>_flipped`). */
export const TWIN_CATEGORIES = ["neck", "seam", "bag", "side", "arm", "hem"] as const;
export type TwinCategory = (typeof TWIN_CATEGORIES)[number];
export type ComponentKey = CategoryKey | `${TwinCategory}_flipped`;

/** A canvas override of one drawn component: position (wide canvas px) and scale (1 = as laid out). */
export interface Override {
  left?: number;
  top?: number;
  scaleX?: number;
  scaleY?: number;
}
export type Overrides = Partial<Record<string, Override>>;

export interface DesignerState {
  choice: Choice;
  overrides: Overrides;
}

export interface SelectedComponent {
  sid: string;
  uuid: string;
  url: string;
  label: { th: string; en: string };
  flipped: boolean;
  color?: string;
}

export const DEFAULT_SHIRT = "shirt1";
export const DEFAULT_CHOICE: Choice = { shirt: DEFAULT_SHIRT };

export function findOption(sid: string | null | undefined): PatternOptionSeed | undefined {
  return sid ? catalogueOption(sid) : undefined;
}

export function optionsOf(category: CategoryKey): PatternOptionSeed[] {
  return PATTERN_OPTIONS.filter((option) => option.category === category);
}

export function isTwin(category: string): category is TwinCategory {
  return (TWIN_CATEGORIES as readonly string[]).includes(category);
}

/**
 * Selecting a card: sets that category's option (dropping the old one's overrides and its twin's);
 * selecting the chosen card again removes it, except for the base shirt, which always stays.
 */
export function toggleOption(state: DesignerState, category: CategoryKey, sid: string): DesignerState {
  const option = findOption(sid);
  if (!option || option.category !== category) return state;
  const choice = { ...state.choice };
  const overrides = { ...state.overrides };
  delete overrides[category];
  delete overrides[`${category}_flipped`];
  if (choice[category] === sid) {
    if (category === "shirt") return state;
    delete choice[category];
  } else {
    choice[category] = sid;
  }
  return { choice, overrides };
}

/** The selection as the spec's component map: one entry per category, plus the mirrored twins. */
export function componentsOf(choice: Choice): Partial<Record<ComponentKey, SelectedComponent>> {
  const components: Partial<Record<ComponentKey, SelectedComponent>> = {};
  for (const category of CATEGORY_KEYS) {
    const option = findOption(choice[category]);
    if (!option) continue;
    const base = {
      sid: option.sid,
      url: patternImageUrl(option.sid),
      label: { th: option.labelTh, en: option.labelEn },
      ...(option.color ? { color: option.color } : {}),
    };
    components[category] = { ...base, uuid: `${category}-${option.sid}`, flipped: false };
    if (isTwin(category))
      components[`${category}_flipped`] = { ...base, uuid: `${category}_flipped-${option.sid}`, flipped: true };
  }
  return components;
}

/** Reads a selection from the page address (?shirt=shirt2&neck=neck1...); unknown values are ignored. */
export function choiceFromSearch(params: URLSearchParams): Choice {
  const choice: Choice = {};
  for (const category of CATEGORY_KEYS) {
    const option = findOption(params.get(category));
    if (option && option.category === category) choice[category] = option.sid;
  }
  if (!choice.shirt) choice.shirt = DEFAULT_SHIRT;
  return choice;
}

export function hasChoiceInSearch(params: URLSearchParams): boolean {
  return CATEGORY_KEYS.some((category) => params.has(category));
}

/** The address query of a designer state: tab, quantity and the chosen options. */
export function searchOf(choice: Choice, extras: { category?: CategoryKey; qty?: number } = {}): string {
  const params = new URLSearchParams();
  if (extras.category) params.set("category", extras.category);
  for (const category of CATEGORY_KEYS) {
    const sid = choice[category];
    if (sid) params.set(category, sid);
  }
  if (extras.qty && extras.qty > 1) params.set("qty", String(extras.qty));
  return `?${params.toString()}`;
}

export function categoryFromSearch(params: URLSearchParams): CategoryKey | null {
  const value = params.get("category");
  return isCategoryKey(value) ? value : null;
}

/** Quantity: a whole number of at least 1 (no upper bound). */
export function clampQuantity(value: unknown): number {
  const number = Math.floor(Number(value));
  return Number.isFinite(number) && number >= 1 ? number : 1;
}

/** The design's part ids (spec section 3 mapping: shirt to base, bag to pocket, neck to collar...). */
export interface DesignParts {
  baseId: string;
  collarId: string | null;
  placketId: string | null;
  shoulderId: string | null;
  pocketId: string | null;
  sideId: string | null;
  armId: string | null;
  hemId: string | null;
  colorId: string | null;
  fabricId: string | null;
  threadId: string | null;
  isTTape: boolean;
  sizeId: string | null;
}

export function partsOf(choice: Choice): DesignParts {
  const parts = { baseId: choice.shirt ?? DEFAULT_SHIRT, isTTape: choice.ttape === "ttape1" } as DesignParts;
  for (const category of CATEGORIES) {
    if (category.key === "shirt" || category.key === "ttape") continue;
    (parts as unknown as Record<string, string | null>)[category.designField] = choice[category.key] ?? null;
  }
  return parts;
}

export function choiceOf(parts: Partial<DesignParts>): Choice {
  const choice: Choice = { shirt: findOption(parts.baseId)?.category === "shirt" ? parts.baseId! : DEFAULT_SHIRT };
  for (const category of CATEGORIES) {
    if (category.key === "shirt" || category.key === "ttape") continue;
    const sid = (parts as Record<string, unknown>)[category.designField];
    if (typeof sid === "string" && findOption(sid)?.category === category.key) choice[category.key] = sid;
  }
  if (parts.isTTape) choice.ttape = "ttape1";
  return choice;
}

/** The Thai name of the chosen base shirt (the preview's title and the cart item's name). */
export function shirtLabel(choice: Choice): string {
  return findOption(choice.shirt)?.labelTh ?? findOption(DEFAULT_SHIRT)!.labelTh;
}

/** Overrides still valid after the selection changed from one choice to another (replaced parts lose theirs). */
export function keepOverrides(overrides: Overrides, from: Choice, to: Choice): Overrides {
  const kept: Overrides = {};
  for (const [key, value] of Object.entries(overrides)) {
    const category = key.replace(/_flipped$/, "") as CategoryKey;
    if (value && from[category] && from[category] === to[category]) kept[key] = value;
  }
  return kept;
}
