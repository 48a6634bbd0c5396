/**
 * Pages of a list that grows with the shop (orders, shops, tailors to choose from): the page
 * asked for in the address, and the slice of the list it stands for. Lists are never read whole.
 */

export interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
}

/** Reads ?page=N (1 when missing or nonsense). Past the last page is brought back by `pageWindow`. */
export function pageFrom(url: URL): number {
  const page = Number(url.searchParams.get("page"));
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The page to show of `total` rows, `size` to a page: the one asked for, or the last there is. */
export function pageWindow(total: number, requested: number, size: number) {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, requested), pageCount);
  return { page, pageCount, skip: (page - 1) * size, take: size };
}

/** Longest text a list's search box takes: longer input is cut, not refused (a search, not a record). */
export const SEARCH_TERM_MAX = 100;

/** What to search for: the text typed, trimmed and cut to SEARCH_TERM_MAX ("" for everything). */
export function searchTerm(text: string | null | undefined): string {
  return (text ?? "").trim().slice(0, SEARCH_TERM_MAX);
}
