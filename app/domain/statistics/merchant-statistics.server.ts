import { db, Prisma } from "~/data/db.server";
import type { OrderStatus } from "~/data/generated/enums";
import { isoMoment, jsonRows } from "~/data/json-columns.server";
import { catalogueOption } from "~/domain/catalogue/options";
import { designImageUrl } from "~/domain/images/urls";
import { bucketsOf, fillBuckets, type Period, type PeriodWindow, periodWindow } from "./periods";

/**
 * A tailor's statistics (spec section 3 "merchant statistics"), figured in the database.
 *
 * Rules (also stated on the page):
 * - An order belongs to the period by the day it was placed (orderedAt; createdAt if missing).
 * - orderCounts: the tailor's orders now in status ordered, accepted or completed.
 * - Earnings and revenue: the total price of completed orders only (money the tailor has
 *   earned); canceled orders count nowhere except the orders list.
 * - Sales trend and top designs: orders placed and not canceled; revenue from completed ones.
 */

export interface MerchantStatistics {
  period: Period;
  granularity: "day" | "month";
  orderCounts: { ordered: number; accepted: number; completed: number };
  totalEarnings: number;
  salesTrend: { date: string; orderCount: number; revenue: number }[];
  topDesigns: MerchantTopDesign[];
  orders: MerchantStatsOrder[];
  /** Placed orders in the period (the list shows the newest ORDER_LIST_LIMIT). */
  orderTotal: number;
}

export interface MerchantTopDesign {
  id: number;
  image: string;
  label: string;
  type: "design" | "upload";
  price: number | null;
  orderCount: number;
  totalRevenue: number;
}

export interface MerchantStatsOrder {
  id: number;
  name: string;
  buyerName: string;
  quantity: number;
  totalPrice: number | null;
  status: Exclude<OrderStatus, "cart">;
  orderedAt: string;
}

/** The newest orders the statistics show; every order is on the tailor's orders page, a page at a time. */
export const ORDER_LIST_LIMIT = 20;
const TOP_DESIGNS = 5;

const orderDate = Prisma.sql`COALESCE(o."orderedAt", o."createdAt")`;
const completedSum = Prisma.sql`COALESCE(sum(o."totalPrice") FILTER (WHERE o.status = 'completed'), 0)::float8`;

/** This tailor's placed orders in the period, as a condition on the alias o. */
function sellerOrders(merchantId: number, since: Date | null, statuses: readonly OrderStatus[]): Prisma.Sql {
  const inPeriod = since ? Prisma.sql`AND ${orderDate} >= ${since}` : Prisma.empty;
  return Prisma.sql`o."sellerId" = ${merchantId} AND o.status::text IN (${Prisma.join([...statuses])}) ${inPeriod}`;
}

const PLACED: OrderStatus[] = ["ordered", "accepted", "completed", "canceled"];
const LIVE: OrderStatus[] = ["ordered", "accepted", "completed"];

/**
 * The page's four parts (the counts and earnings, the trend, the top designs, the newest orders)
 * in one statement, each a column: four statements were four round trips and four statements'
 * work in the app on every visit.
 */
export async function getMerchantStatistics(
  merchantId: number,
  period: Period,
  now = new Date(),
): Promise<MerchantStatistics> {
  const window = periodWindow(period, now);
  const [row] = await db().$queryRaw<
    {
      summary: {
        ordered: number;
        accepted: number;
        completed: number;
        earnings: number;
        placed: number;
        firstOrder: string | null;
      };
      trend: { bucket: string; orderCount: number; revenue: number }[];
      top: TopDesignRow[];
      orders: (MerchantStatsOrder & { sortDate: unknown })[];
    }[]
  >`
    SELECT ${summaryOf(merchantId, window.since)} AS summary, ${trendRows(merchantId, window)} AS trend,
      ${topDesignRows(merchantId, window.since)} AS top, ${newestOrderRows(merchantId, window.since)} AS orders`;
  const { summary, trend, top, orders } = row!;
  return {
    period,
    granularity: window.granularity,
    orderCounts: { ordered: summary.ordered, accepted: summary.accepted, completed: summary.completed },
    totalEarnings: summary.earnings,
    salesTrend: fillBuckets(bucketsOf(window, now, summary.firstOrder ? new Date(summary.firstOrder) : null), trend),
    topDesigns: top.map(({ imageId, baseId, ...design }) => ({
      ...design,
      image: designImageUrl({ id: design.id, imageId }),
      label: catalogueOption(baseId)?.labelTh ?? "แบบเสื้อ",
    })),
    orders: orders.map(({ sortDate: _sortDate, ...order }) => order),
    orderTotal: summary.placed,
  };
}

function summaryOf(merchantId: number, since: Date | null): Prisma.Sql {
  return Prisma.sql`(SELECT json_build_object(
      'ordered', count(*) FILTER (WHERE o.status = 'ordered')::int,
      'accepted', count(*) FILTER (WHERE o.status = 'accepted')::int,
      'completed', count(*) FILTER (WHERE o.status = 'completed')::int,
      'placed', count(*)::int,
      'earnings', ${completedSum},
      'firstOrder', ${isoMoment(Prisma.sql`min(${orderDate}) FILTER (WHERE o.status <> 'canceled')`)})
    FROM "Order" o
    WHERE ${sellerOrders(merchantId, since, PLACED)})`;
}

function trendRows(merchantId: number, window: PeriodWindow): Prisma.Sql {
  return jsonRows(
    Prisma.sql`
      SELECT to_char(date_trunc(${window.granularity}, ${orderDate} + interval '7 hours'), 'YYYY-MM-DD') AS bucket,
             count(*)::int AS "orderCount",
             ${completedSum} AS revenue
      FROM "Order" o
      WHERE ${sellerOrders(merchantId, window.since, LIVE)}
      GROUP BY 1`,
    Prisma.sql`bucket`,
  );
}

/**
 * The newest placed orders of the period: picked from the index alone (it holds the order date and
 * id), and only those rows read with their buyer's name. `sortDate` keeps their order in the JSON
 * (undated orders last); it is not part of the page's row.
 */
function newestOrderRows(merchantId: number, since: Date | null): Prisma.Sql {
  return jsonRows(
    Prisma.sql`
      SELECT o.id, o.name, o.quantity, o."totalPrice"::float8 AS "totalPrice", o.status::text AS status,
             ${isoMoment(orderDate)} AS "orderedAt", u.name AS "buyerName",
             o."orderedAt" AS "sortDate"
      FROM (
        SELECT o.id FROM "Order" o
        WHERE ${sellerOrders(merchantId, since, PLACED)}
        ORDER BY o."orderedAt" DESC NULLS LAST, o.id DESC
        LIMIT ${ORDER_LIST_LIMIT}
      ) newest
      JOIN "Order" o ON o.id = newest.id
      JOIN "User" u ON u.id = o."buyerId"`,
    Prisma.sql`"sortDate" DESC NULLS LAST, id DESC`,
  );
}

interface TopDesignRow extends Omit<MerchantTopDesign, "image" | "label"> {
  imageId: number | null;
  baseId: string;
}

function topDesignRows(merchantId: number, since: Date | null): Prisma.Sql {
  return jsonRows(
    Prisma.sql`
      SELECT d.id, d."imageId", d."baseId", d.type::text AS type, d.price::float8 AS price,
             top."orderCount", top."totalRevenue"
      FROM (
        -- Added up from the orders alone (the index holds every column): only the winners meet their design.
        SELECT o."designId", count(*)::int AS "orderCount", ${completedSum} AS "totalRevenue"
        FROM "Order" o
        WHERE ${sellerOrders(merchantId, since, LIVE)}
        GROUP BY o."designId"
        ORDER BY "orderCount" DESC, "totalRevenue" DESC, o."designId" ASC
        LIMIT ${TOP_DESIGNS}
      ) top
      JOIN "Design" d ON d.id = top."designId"`,
    Prisma.sql`"orderCount" DESC, "totalRevenue" DESC, id ASC`,
  );
}
