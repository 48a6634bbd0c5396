import { db, Prisma } from "~/data/db.server";
import { isoMoment, jsonRows } from "~/data/json-columns.server";
import { PATTERN_OPTIONS } from "~/domain/catalogue/options";
import { designImageUrl } from "~/domain/images/urls";
import {
  bangkokDate,
  bucketsOf,
  fillBuckets,
  type Period,
  type PeriodWindow,
  periodWindow,
  startOfBangkokDay,
  type TrendPoint,
} from "~/domain/statistics/periods";

/**
 * The admin dashboard's figures (spec section 3), computed in the database from aggregates it
 * keeps exact (migrations order_rollups, shop_totals): the counts of users and designs from
 * `ShopTotal`, tailors and pending designs through their indexes, the totals and the sales trend
 * of any period from the placed orders per Bangkok day and status (`OrderDayStat`); for all
 * time, the people tables from
 * each person's counts (`OrderPersonStat`) and the top designs from each design's own counts
 * (`Design.orderCount`, `totalRevenue`, indexed). A shorter period reads its own orders through
 * the order-date index; no request reads every order of the shop.
 *
 * What counts (the same rules and periods as the tailor's statistics): an order counts from the moment it
 * is placed (status other than cart), on its order date (orderedAt, else createdAt); the period
 * filters orders by that date. totalOrders and the per-person counts take every placed order;
 * the sales trend and top designs leave canceled orders out. Revenue and spending are the
 * totals of completed orders only, money actually earned. Users, merchants, designs and
 * pending designs are the shop's current totals, whatever the period.
 */

import {
  MERCHANT_SORTS,
  type MerchantSort,
  STATS_ROW_LIMIT,
  type StatsSort,
  USER_SORTS,
  type UserSort,
} from "./statistics-sorts";

export { MERCHANT_SORTS, type MerchantSort, STATS_ROW_LIMIT, type StatsSort, USER_SORTS, type UserSort };

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

/**
 * Placed orders in the period (as a condition on the alias o), written so the indexes on
 * (status, orderedAt) and createdAt find them: the order date is orderedAt, else createdAt.
 */
function placedIn(since: Date | null): Prisma.Sql {
  if (!since) return Prisma.sql`o.status <> 'cart'`;
  return Prisma.sql`o.status IN ('ordered', 'accepted', 'completed', 'canceled')
    AND (o."orderedAt" >= ${since} OR (o."orderedAt" IS NULL AND o."createdAt" >= ${since}))`;
}

/** The first Bangkok day of the period, as the day rollup names days ("YYYY-MM-DD"), or null. */
function sinceDay(since: Date | null): string | null {
  return since ? bangkokDate(since) : null;
}

/** Day rows of the period (as a condition on the alias s). */
function daysIn(since: Date | null): Prisma.Sql {
  const day = sinceDay(since);
  return day ? Prisma.sql`s."day" >= ${day}::date` : Prisma.sql`TRUE`;
}

/**
 * Each person's placed orders in the period, one row per person (person, ordered, accepted,
 * completed, canceled, total of the completed): for all time the person's kept counts, otherwise
 * the period's orders grouped by the person column (much cheaper than joining every order).
 */
function ordersBy(column: "buyerId" | "sellerId", since: Date | null): Prisma.Sql {
  if (!since) {
    const side = column === "buyerId" ? "buyer" : "seller";
    return Prisma.sql`(SELECT p."personId" AS person, p.ordered, p.accepted, p.completed, p.canceled, p.total
      FROM "OrderPersonStat" p WHERE p.side = ${side}::"OrderSide")`;
  }
  return Prisma.sql`(SELECT o.${Prisma.raw(`"${column}"`)} AS person,
      count(*) FILTER (WHERE o.status = 'ordered') AS ordered, count(*) FILTER (WHERE o.status = 'accepted') AS accepted,
      count(*) FILTER (WHERE o.status = 'completed') AS completed, count(*) FILTER (WHERE o.status = 'canceled') AS canceled,
      sum(o."totalPrice") FILTER (WHERE o.status = 'completed') AS total
    FROM "Order" o WHERE ${placedIn(since)} GROUP BY 1)`;
}

/** A person's four counts from the row a of ordersBy (none: zero). */
const statusCounts = Prisma.sql`
  COALESCE(a.ordered, 0)::int AS "orderedCount", COALESCE(a.accepted, 0)::int AS "acceptedCount",
  COALESCE(a.completed, 0)::int AS "completedCount", COALESCE(a.canceled, 0)::int AS "canceledCount"`;

const completedTotal = Prisma.sql`COALESCE(a.total, 0)::float8`;

const completedSum = Prisma.sql`COALESCE(sum(o."totalPrice") FILTER (WHERE o.status = 'completed'), 0)::float8`;

/**
 * The sort of a people table, from whitelisted column names only (the sort key never reaches SQL
 * unchecked): its column, then the name and the id, so ties keep one order.
 */
function sortKeys(key: string, allowed: readonly string[], dir: "asc" | "desc"): Prisma.Sql {
  const column = allowed.includes(key) ? key : allowed[allowed.length - 1]!;
  const direction = dir === "asc" ? "ASC" : "DESC";
  return Prisma.raw(`"${column}" ${direction}, "name" ASC, "id" ASC`);
}

function platformTotals(since: Date | null): Prisma.Sql {
  return Prisma.sql`(SELECT json_build_object(
      'totalUsers', (SELECT n FROM "ShopTotal" WHERE key = 'users'),
      'totalMerchants', (SELECT count(*) FROM "User" WHERE roles @> ARRAY['merchant']::"Role"[])::int,
      'totalDesigns', (SELECT n FROM "ShopTotal" WHERE key = 'designs'),
      'pendingDesigns', (SELECT count(*) FROM "Design" WHERE status = 'pending')::int,
      'totalOrders', COALESCE(sum(s.orders), 0)::int,
      'totalRevenue', COALESCE(sum(s.revenue) FILTER (WHERE s.status = 'completed'), 0)::float8)
    FROM "OrderDayStat" s
    WHERE ${daysIn(since)})`;
}

function salesTrendRows(window: PeriodWindow): Prisma.Sql {
  return jsonRows(
    Prisma.sql`
      SELECT to_char(date_trunc(${window.granularity}, s."day"), 'YYYY-MM-DD') AS bucket,
             COALESCE(sum(s.orders), 0)::int AS "orderCount",
             COALESCE(sum(s.revenue) FILTER (WHERE s.status = 'completed'), 0)::float8 AS revenue
      FROM "OrderDayStat" s
      WHERE ${daysIn(window.since)} AND s.status <> 'canceled'
      GROUP BY 1
      HAVING sum(s.orders) > 0`,
    Prisma.sql`bucket`,
  );
}

function salesTrend(
  rows: { bucket: string; orderCount: number; revenue: number }[],
  window: PeriodWindow,
  now: Date,
): TrendPoint[] {
  // All time starts at the first month with an order (none: nothing to draw).
  if (!window.since && rows.length === 0) return [];
  const firstOrder = rows[0] ? startOfBangkokDay(rows[0].bucket) : null;
  return fillBuckets(bucketsOf(window, now, firstOrder), rows);
}

const topDesignOrder = Prisma.sql`"orderCount" DESC, "totalRevenue" DESC, id ASC`;

function topDesignRows(since: Date | null): Prisma.Sql {
  // All time: each design's own counts, read in the order of their index. A period: its orders.
  const ranked = since
    ? Prisma.sql`
      SELECT o."designId", count(*)::int AS "orderCount", ${completedSum} AS "totalRevenue"
      FROM "Order" o
      WHERE ${placedIn(since)} AND o.status <> 'canceled'
      GROUP BY o."designId"
      ORDER BY "orderCount" DESC, "totalRevenue" DESC, o."designId" ASC
      LIMIT 10`
    : Prisma.sql`
      SELECT d.id AS "designId", d."orderCount", d."totalRevenue"::float8 AS "totalRevenue"
      FROM "Design" d
      WHERE d."orderCount" > 0
      ORDER BY d."orderCount" DESC, d."totalRevenue" DESC, d.id ASC
      LIMIT 10`;
  return jsonRows(
    Prisma.sql`
      SELECT d.id, d."imageId", d."baseId", d.price::float8 AS price, u.name AS "shopName", t."orderCount", t."totalRevenue"
      FROM (${ranked}) t
      JOIN "Design" d ON d.id = t."designId"
      LEFT JOIN "User" u ON u.id = d."ownerId"`,
    topDesignOrder,
  );
}

function topDesigns(rows: (Omit<TopDesign, "image" | "label"> & { imageId: number | null; baseId: string })[]) {
  return rows.map(({ imageId, baseId, ...row }) => ({
    ...row,
    label: shirtLabels.get(baseId) ?? `แบบเสื้อ #${row.id}`,
    image: designImageUrl({ id: row.id, imageId }),
  }));
}

const RECENT_ORDERS = 8;

/** A recent order's row, as RecentOrder wants it. */
const recentColumns = Prisma.sql`o.id, o.name, b.name AS "buyerName", m.name AS "sellerName",
  o."totalPrice"::float8 AS "totalPrice", o.status::text AS status,
  ${isoMoment(Prisma.sql`COALESCE(o."orderedAt", o."createdAt")`)} AS "orderedAt"`;

const recentPeople = Prisma.sql`LEFT JOIN "User" b ON b.id = o."buyerId" LEFT JOIN "User" m ON m.id = o."sellerId"`;

/**
 * The newest placed orders of the period: those with an order date, newest first, read from the
 * top of their index; then, only if that gave fewer than RECENT_ORDERS, those without one (made
 * before orders kept the date) by the day they were made (a one-time condition: on a shop whose
 * orders all have their date, the second part reads nothing).
 */
function recentOrderRows(since: Date | null): Prisma.Sql {
  return jsonRows(
    Prisma.sql`
      WITH dated AS MATERIALIZED (
        SELECT ${recentColumns}, 0 AS part,
          row_number() OVER (ORDER BY o."orderedAt" DESC, o."createdAt" DESC, o.id DESC) AS n
        FROM "Order" o ${recentPeople}
        WHERE o.status <> 'cart' AND ${since ? Prisma.sql`o."orderedAt" >= ${since}` : Prisma.sql`o."orderedAt" IS NOT NULL`}
        ORDER BY o."orderedAt" DESC, o."createdAt" DESC, o.id DESC
        LIMIT ${RECENT_ORDERS})
      SELECT * FROM dated
      UNION ALL
      (SELECT ${recentColumns}, 1 AS part, row_number() OVER (ORDER BY o."createdAt" DESC, o.id DESC) AS n
        FROM "Order" o ${recentPeople}
        WHERE (SELECT count(*) FROM dated) < ${RECENT_ORDERS}
          AND o.status <> 'cart' AND o."orderedAt" IS NULL ${since ? Prisma.sql`AND o."createdAt" >= ${since}` : Prisma.empty}
        ORDER BY o."createdAt" DESC, o.id DESC
        LIMIT ${RECENT_ORDERS})
      ORDER BY part, n
      LIMIT ${RECENT_ORDERS}`,
    Prisma.sql`part, n`,
  );
}

function recentOrders(rows: (RecentOrder & { part: number; n: number })[]): RecentOrder[] {
  return rows.map(({ part: _part, n: _n, ...row }) => row);
}

/**
 * In the table's own order (all time, most completed orders first), the customers shown have at
 * least as many completed orders as the STATS_ROW_LIMIT-th customer of the kept counts' index:
 * that many, read from the top of the index, bound the rows the table is sorted from. Null when
 * the bound would let every customer in (fewer customers with orders, or the bound is zero), or
 * the table is in another order or period.
 *
 * A statement of its own, read before the table's: inside the table's statement the bound is
 * unknown when PostgreSQL plans it, and it then read all 50,000 customers of the benchmark's
 * shop (25 ms) instead of the few dozen at the top of the index.
 */
async function completedAtLeast(since: Date | null, sort: StatsSort<UserSort>): Promise<number | null> {
  if (since || sort.key !== "completedCount" || sort.dir !== "desc") return null;
  const [row] = await db().$queryRaw<{ completed: number }[]>`
    SELECT p.completed FROM "OrderPersonStat" p JOIN "User" u ON u.id = p."personId"
    WHERE p.side = 'buyer' AND u.roles @> ARRAY['user']::"Role"[]
    ORDER BY p.completed DESC OFFSET ${STATS_ROW_LIMIT - 1} LIMIT 1`;
  return row && row.completed > 0 ? row.completed : null;
}

function userRows(since: Date | null, sort: StatsSort<UserSort>, bound: number | null): Prisma.Sql {
  const keys = sortKeys(sort.key, USER_SORTS, sort.dir);
  return jsonRows(
    Prisma.sql`
      SELECT * FROM (
        SELECT u.id, u.name, u.email, u.roles::text[] AS roles, ${statusCounts}, ${completedTotal} AS "totalSpending"
        FROM "User" u
        LEFT JOIN ${ordersBy("buyerId", since)} a ON a.person = u.id
        WHERE u.roles @> ARRAY['user']::"Role"[] ${bound === null ? Prisma.empty : Prisma.sql`AND a.completed >= ${bound}`}
      ) stats
      ORDER BY ${keys}
      LIMIT ${STATS_ROW_LIMIT}`,
    keys,
  );
}

function merchantRows(since: Date | null, sort: StatsSort<MerchantSort>): Prisma.Sql {
  const keys = sortKeys(sort.key, MERCHANT_SORTS, sort.dir);
  return jsonRows(
    Prisma.sql`
      SELECT * FROM (
        SELECT u.id, u.name, u.email, u.status::text AS status, ${statusCounts}, ${completedTotal} AS "totalRevenue"
        FROM "User" u
        LEFT JOIN ${ordersBy("sellerId", since)} a ON a.person = u.id
        WHERE u.roles @> ARRAY['merchant']::"Role"[]
      ) stats
      ORDER BY ${keys}
      LIMIT ${STATS_ROW_LIMIT}`,
    keys,
  );
}

/** The customers' table alone (the dashboard reads it with the rest, in getAdminStatistics). */
export async function userStats(
  since: Date | null,
  sort: StatsSort<UserSort> = { key: "completedCount", dir: "desc" },
): Promise<UserStat[]> {
  const bound = await completedAtLeast(since, sort);
  const [row] = await db().$queryRaw<{ users: UserStat[] }[]>`SELECT ${userRows(since, sort, bound)} AS users`;
  return row!.users;
}

export interface StatisticsOptions {
  now?: Date;
  userSort?: StatsSort<UserSort>;
  merchantSort?: StatsSort<MerchantSort>;
}

/**
 * The whole dashboard in one statement (two for the customers' table in its own order, whose bound
 * is read first): each part is a column, a JSON object or array, so a page costs one or two round
 * trips and as many statements' work in the app, not seven one after another.
 */
export async function getAdminStatistics(period: Period, options: StatisticsOptions = {}): Promise<AdminStatistics> {
  const now = options.now ?? new Date();
  const window = periodWindow(period, now);
  const since = window.since;
  const userSort = options.userSort ?? { key: "completedCount", dir: "desc" };
  const merchantSort = options.merchantSort ?? { key: "totalRevenue", dir: "desc" };
  const bound = await completedAtLeast(since, userSort);
  const [row] = await db().$queryRaw<
    {
      totals: Omit<PlatformStats, "salesTrend" | "topDesigns" | "recentOrders">;
      trend: { bucket: string; orderCount: number; revenue: number }[];
      designs: Parameters<typeof topDesigns>[0];
      recent: Parameters<typeof recentOrders>[0];
      users: UserStat[];
      merchants: MerchantStat[];
    }[]
  >`
    SELECT ${platformTotals(since)} AS totals, ${salesTrendRows(window)} AS trend, ${topDesignRows(since)} AS designs,
      ${recentOrderRows(since)} AS recent, ${userRows(since, userSort, bound)} AS users,
      ${merchantRows(since, merchantSort)} AS merchants`;
  const { totals, trend, designs, recent, users, merchants } = row!;
  return {
    period,
    platformStats: {
      ...totals,
      salesTrend: salesTrend(trend, window, now),
      topDesigns: topDesigns(designs),
      recentOrders: recentOrders(recent),
    },
    userStats: users,
    merchantStats: merchants,
  };
}
