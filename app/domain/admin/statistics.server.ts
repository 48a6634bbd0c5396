import { db, Prisma } from "~/data/db.server";
import { PATTERN_OPTIONS } from "~/domain/catalogue/options";
import { designImageUrl } from "~/domain/images/urls";
import {
  bucketsOf,
  fillBuckets,
  type Period,
  type PeriodWindow,
  periodWindow,
  startOfBangkokDay,
  type TrendPoint,
} from "~/domain/statistics/periods";

/**
 * The admin dashboard's figures (spec section 3), computed in the database.
 *
 * What counts (the same rules and periods as the tailor's statistics): an order counts from the moment it
 * is placed (status other than cart), on its order date (orderedAt, else createdAt); the period
 * filters orders by that date. totalOrders and the per-person counts take every placed order;
 * the sales trend and top designs leave canceled orders out. Revenue and spending are the
 * totals of completed orders only, money actually earned. Users, merchants, designs and
 * pending designs are the shop's current totals, whatever the period.
 */

export const STATS_ROW_LIMIT = 50;

import { MERCHANT_SORTS, type MerchantSort, type StatsSort, USER_SORTS, type UserSort } from "./statistics-sorts";

export { MERCHANT_SORTS, type MerchantSort, type StatsSort, USER_SORTS, type UserSort };

export interface PlatformStats {
  totalUsers: number;
  totalMerchants: number;
  totalOrders: number;
  totalRevenue: number;
  totalDesigns: number;
  pendingDesigns: number;
  salesTrend: TrendPoint[];
  topDesigns: TopDesign[];
  recentOrders: RecentOrder[];
}

export interface TopDesign {
  id: number;
  /** The Thai name of its base shirt. */
  label: string;
  image: string;
  shopName: string | null;
  price: number | null;
  orderCount: number;
  totalRevenue: number;
}

export interface RecentOrder {
  id: number;
  name: string;
  buyerName: string | null;
  sellerName: string | null;
  totalPrice: number | null;
  status: "ordered" | "accepted" | "completed" | "canceled";
  orderedAt: string;
}

export interface UserStat {
  id: number;
  name: string;
  email: string;
  roles: string[];
  orderedCount: number;
  acceptedCount: number;
  completedCount: number;
  canceledCount: number;
  totalSpending: number;
}

export interface MerchantStat {
  id: number;
  name: string;
  email: string;
  status: string;
  orderedCount: number;
  acceptedCount: number;
  completedCount: number;
  canceledCount: number;
  totalRevenue: number;
}

export interface AdminStatistics {
  period: Period;
  platformStats: PlatformStats;
  userStats: UserStat[];
  merchantStats: MerchantStat[];
}

const shirtLabels = new Map(
  PATTERN_OPTIONS.filter((option) => option.category === "shirt").map((option) => [option.sid, option.labelTh]),
);

const orderDate = Prisma.sql`COALESCE(o."orderedAt", o."createdAt")`;

/** Placed orders in the period (as a condition on the alias o). */
function placedIn(since: Date | null): Prisma.Sql {
  return since ? Prisma.sql`o.status <> 'cart' AND ${orderDate} >= ${since}` : Prisma.sql`o.status <> 'cart'`;
}

/** Per-status counts over rows of a pre-aggregated subquery a (status, n, total). */
const statusCounts = Prisma.sql`
  COALESCE(sum(a.n) FILTER (WHERE a.status = 'ordered'), 0)::int AS "orderedCount",
  COALESCE(sum(a.n) FILTER (WHERE a.status = 'accepted'), 0)::int AS "acceptedCount",
  COALESCE(sum(a.n) FILTER (WHERE a.status = 'completed'), 0)::int AS "completedCount",
  COALESCE(sum(a.n) FILTER (WHERE a.status = 'canceled'), 0)::int AS "canceledCount"`;

const completedTotal = Prisma.sql`COALESCE(sum(a.total) FILTER (WHERE a.status = 'completed'), 0)::float8`;

/** Placed orders in the period, grouped first by one person column and status (much cheaper than joining every order). */
function ordersBy(column: "buyerId" | "sellerId", since: Date | null): Prisma.Sql {
  return Prisma.sql`(SELECT o.${Prisma.raw(`"${column}"`)} AS person, o.status, count(*) AS n, sum(o."totalPrice") AS total
    FROM "Order" o WHERE ${placedIn(since)} GROUP BY 1, 2)`;
}

const completedSum = Prisma.sql`COALESCE(sum(o."totalPrice") FILTER (WHERE o.status = 'completed'), 0)::float8`;

/** Whitelisted column names only: the sort key never reaches SQL unchecked. */
function orderClause(key: string, allowed: readonly string[], dir: "asc" | "desc"): Prisma.Sql {
  const column = allowed.includes(key) ? key : allowed[allowed.length - 1]!;
  const direction = dir === "asc" ? "ASC" : "DESC";
  return Prisma.raw(`ORDER BY "${column}" ${direction}, "name" ASC, "id" ASC`);
}

async function platformTotals(since: Date | null) {
  const [row] = await db().$queryRaw<
    {
      totalUsers: number;
      totalMerchants: number;
      totalDesigns: number;
      pendingDesigns: number;
      totalOrders: number;
      totalRevenue: number;
    }[]
  >`
    SELECT
      (SELECT count(*) FROM "User")::int AS "totalUsers",
      (SELECT count(*) FROM "User" WHERE 'merchant'::"Role" = ANY(roles))::int AS "totalMerchants",
      (SELECT count(*) FROM "Design")::int AS "totalDesigns",
      (SELECT count(*) FROM "Design" WHERE status = 'pending')::int AS "pendingDesigns",
      count(o.id)::int AS "totalOrders",
      ${completedSum} AS "totalRevenue"
    FROM "Order" o
    WHERE ${placedIn(since)}`;
  return row!;
}

async function salesTrend(window: PeriodWindow, now: Date): Promise<TrendPoint[]> {
  const rows = await db().$queryRaw<{ bucket: string; orderCount: number; revenue: number }[]>`
    SELECT to_char(date_trunc(${window.granularity}, ${orderDate} + interval '7 hours'), 'YYYY-MM-DD') AS bucket,
           count(o.id)::int AS "orderCount",
           ${completedSum} AS revenue
    FROM "Order" o
    WHERE ${placedIn(window.since)} AND o.status <> 'canceled'
    GROUP BY 1
    ORDER BY 1`;
  // All time starts at the first month with an order (none: nothing to draw).
  if (!window.since && rows.length === 0) return [];
  const firstOrder = rows[0] ? startOfBangkokDay(rows[0].bucket) : null;
  return fillBuckets(bucketsOf(window, now, firstOrder), rows);
}

async function topDesigns(since: Date | null): Promise<TopDesign[]> {
  const rows = await db().$queryRaw<
    (Omit<TopDesign, "image" | "label"> & { imageId: number | null; baseId: string })[]
  >`
    SELECT d.id, d."imageId", d."baseId", d.price::float8 AS price, u.name AS "shopName", t."orderCount", t."totalRevenue"
    FROM (
      SELECT o."designId", count(*)::int AS "orderCount", ${completedSum} AS "totalRevenue"
      FROM "Order" o
      WHERE ${placedIn(since)} AND o.status <> 'canceled'
      GROUP BY o."designId"
      ORDER BY "orderCount" DESC, "totalRevenue" DESC, o."designId" ASC
      LIMIT 10
    ) t
    JOIN "Design" d ON d.id = t."designId"
    LEFT JOIN "User" u ON u.id = d."ownerId"
    ORDER BY t."orderCount" DESC, t."totalRevenue" DESC, d.id ASC`;
  return rows.map(({ imageId, baseId, ...row }) => ({
    ...row,
    label: shirtLabels.get(baseId) ?? `แบบเสื้อ #${row.id}`,
    image: designImageUrl({ id: row.id, imageId }),
  }));
}

async function recentOrders(since: Date | null): Promise<RecentOrder[]> {
  const rows = await db().order.findMany({
    where: {
      status: { not: "cart" },
      ...(since ? { OR: [{ orderedAt: { gte: since } }, { orderedAt: null, createdAt: { gte: since } }] } : {}),
    },
    orderBy: [{ orderedAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }, { id: "desc" }],
    take: 8,
    select: {
      id: true,
      name: true,
      totalPrice: true,
      status: true,
      orderedAt: true,
      createdAt: true,
      buyer: { select: { name: true } },
      seller: { select: { name: true } },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    buyerName: row.buyer?.name ?? null,
    sellerName: row.seller?.name ?? null,
    totalPrice: row.totalPrice === null ? null : Number(row.totalPrice),
    status: row.status as RecentOrder["status"],
    orderedAt: (row.orderedAt ?? row.createdAt).toISOString(),
  }));
}

export function userStats(
  since: Date | null,
  sort: StatsSort<UserSort> = { key: "completedCount", dir: "desc" },
): Promise<UserStat[]> {
  return db().$queryRaw<UserStat[]>`
    SELECT * FROM (
      SELECT u.id, u.name, u.email, u.roles::text[] AS roles, ${statusCounts}, ${completedTotal} AS "totalSpending"
      FROM "User" u
      LEFT JOIN ${ordersBy("buyerId", since)} a ON a.person = u.id
      WHERE 'user'::"Role" = ANY(u.roles)
      GROUP BY u.id
    ) stats
    ${orderClause(sort.key, USER_SORTS, sort.dir)}
    LIMIT ${STATS_ROW_LIMIT}`;
}

export function merchantStats(
  since: Date | null,
  sort: StatsSort<MerchantSort> = { key: "totalRevenue", dir: "desc" },
): Promise<MerchantStat[]> {
  return db().$queryRaw<MerchantStat[]>`
    SELECT * FROM (
      SELECT u.id, u.name, u.email, u.status::text AS status, ${statusCounts}, ${completedTotal} AS "totalRevenue"
      FROM "User" u
      LEFT JOIN ${ordersBy("sellerId", since)} a ON a.person = u.id
      WHERE 'merchant'::"Role" = ANY(u.roles)
      GROUP BY u.id
    ) stats
    ${orderClause(sort.key, MERCHANT_SORTS, sort.dir)}
    LIMIT ${STATS_ROW_LIMIT}`;
}

export interface StatisticsOptions {
  now?: Date;
  userSort?: StatsSort<UserSort>;
  merchantSort?: StatsSort<MerchantSort>;
}

export async function getAdminStatistics(period: Period, options: StatisticsOptions = {}): Promise<AdminStatistics> {
  const now = options.now ?? new Date();
  const window = periodWindow(period, now);
  const since = window.since;
  // One after another: the embedded database serves one query at a time anyway.
  const totals = await platformTotals(since);
  const trend = await salesTrend(window, now);
  const designs = await topDesigns(since);
  const recent = await recentOrders(since);
  const users = await userStats(since, options.userSort);
  const merchants = await merchantStats(since, options.merchantSort);
  return {
    period,
    platformStats: { ...totals, salesTrend: trend, topDesigns: designs, recentOrders: recent },
    userStats: users,
    merchantStats: merchants,
  };
}
