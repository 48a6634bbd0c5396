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
export type UserSort = (typeof USER_SORTS)[number];
export type MerchantSort = (typeof MERCHANT_SORTS)[number];

export interface StatsSort<Key extends string> {
  key: Key;
  dir: "asc" | "desc";
}
