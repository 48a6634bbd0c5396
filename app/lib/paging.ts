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

/**
 * The one reading of ?page=N: a whole number from 1 written in digits, else 1 ("2x", "1e3", "-2",
 * "" and a page too large to count are all 1). Past the last page is brought back by `pageWindow`.
 */
export function pageOf(params: URLSearchParams): number {
  const text = (params.get("page") ?? "").trim();
  const page = /^\d{1,15}$/.test(text) ? Number(text) : 0;
  return page >= 1 ? page : 1;
}

/** `pageOf` of an address. */
export function pageFrom(url: URL): number {
  return pageOf(url.searchParams);
}

/** The page to show of `total` rows, `size` to a page: the one asked for, or the last there is. */
export function pageWindow(total: number, requested: number, size: number) {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, requested), pageCount);
  return { page, pageCount, skip: (page - 1) * size, take: size };
}

/**
 * One page read by a statement that returns the page's rows with the list's `total` on each (or
 * one row of nulls and the total when the page is empty): the page asked for, read again as the
 * last page when it was past the end.
 */
export async function readPageOf<Row extends { total: number }>(
  requested: number,
  size: number,
  read: (skip: number) => Promise<Row[]>,
) {
  const asked = Math.max(1, requested);
  let rows = await read((asked - 1) * size);
  const window = pageWindow(rows[0]?.total ?? 0, asked, size);
  if (window.page !== asked) rows = await read(window.skip);
  return { ...window, rows };
}

/** Longest text a list's search box takes: longer input is cut, not refused (a search, not a record). */
export const SEARCH_TERM_MAX = 100;

/** What to search for: the text typed, trimmed and cut to SEARCH_TERM_MAX ("" for everything). */
export function searchTerm(text: string | null | undefined): string {
  return (text ?? "").trim().slice(0, SEARCH_TERM_MAX);
}
