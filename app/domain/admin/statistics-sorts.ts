/** Columns the dashboard's customer and tailor tables sort by (its periods: ~/domain/statistics/periods). */
export const USER_SORTS = [
  "name",
  "orderedCount",
  "acceptedCount",
  "completedCount",
  "canceledCount",
  "totalSpending",
] as const;
export const MERCHANT_SORTS = [
  "name",
  "orderedCount",
  "acceptedCount",
  "completedCount",
  "canceledCount",
  "totalRevenue",
] as const;
/**
 * Rows of each people table on the dashboard (and in its JSON call): the first 20 in the chosen
 * order. The whole lists are the users page's; 50 rows of two tables made the dashboard the
 * heaviest page of the shop to draw.
 */
export const STATS_ROW_LIMIT = 20;
export type UserSort = (typeof USER_SORTS)[number];
export type MerchantSort = (typeof MERCHANT_SORTS)[number];

export interface StatsSort<Key extends string> {
  key: Key;
  dir: "asc" | "desc";
}
