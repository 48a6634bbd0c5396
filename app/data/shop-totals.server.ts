import { db } from "./db.server";

/**
 * Whole-table counts kept exact by statement triggers in the same transaction as every insert and
 * delete (ShopTotal; migrations dashboard_counts and review_total): an unfiltered list's total
 * without counting tens of thousands of rows on each page.
 */
export type ShopTotalKey = "users" | "designs" | "reviews";

export async function shopTotal(key: ShopTotalKey): Promise<number> {
  const row = await db().shopTotal.findUnique({ where: { key }, select: { n: true } });
  return row?.n ?? 0;
}
