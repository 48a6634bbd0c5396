import { db, Prisma } from "~/data/db.server";
import { type SizeView, sizeView } from "~/domain/catalogue/sizes";
import { CARRIER_INFO, type CarrierName, deliveryText, trackingUrl } from "~/domain/delivery/carriers";
import { DomainError } from "~/domain/errors";
import { designImageUrl, PLACEHOLDER_SHIRT } from "~/domain/images/urls";
import { type OrderMeasurements, readOrderMeasurements } from "~/domain/measurements/order-measurements";
import { type CanceledBy, isCanceledBy } from "~/domain/orders/cancel-reasons";
import type { OrderStatusName } from "~/domain/orders/state-machine";
import { countOrdersByStatus, ordersIn } from "~/domain/orders/status-counts.server";
import { type Actor, transitionOrder } from "~/domain/orders/transitions.server";
import type { PaymentStatusName } from "~/domain/payments/payment-states";
import { paymentPaths } from "~/domain/payments/payments.server";
import { ORDERS_PAGE_SIZE, type OrderQuery, OVERRIDE_STATUSES, type OverrideStatus } from "./order-query";

/** Every order of the shop for the admin: filtered, sorted and paged in the database. */

export const ORDER_NOT_FOUND = "ไม่พบคำสั่งซื้อ";

/** The spec's order as the admin sees it (section 3), with buyer and tailor contact data. */
export interface AdminOrder {
  id: number;
  name: string;
  image: string;
  quantity: number;
  /** Once placed, shipping included (issue 45). */
  totalPrice: number | null;
  /** The shipping fee frozen when placed (null in the cart). */
  shippingFee: number | null;
  status: OrderStatusName;
  deliveryAddress: string | null;
  orderedAt: string | null;
  createdAt: string;
  updatedAt: string;
  buyerId: number;
  buyerUser: { name: string; email: string; phone: string | null; address: string | null } | null;
  sellerId: number | null;
  sellerUser: { name: string; email: string; phone: string | null } | null;
  designId: number;
  designModel: { image: string } | null;
  /** The ready size it is cut to (null: cut to measure, see `measurements`, or none given). */
  size: SizeView | null;
  /** The money (issue 21): null until the tailor takes the order. */
  payment: {
    status: PaymentStatusName;
    amount: number;
    method: "promptpay" | "cash" | null;
    slipUrl: string | null;
  } | null;
  /** How the shirt comes, once the tailor has said. */
  delivery: { method: "pickup" | "carrier"; text: string; trackingUrl: string | null } | null;
  /** The buyer's measurements frozen on the order (a shirt cut to measure), else null. */
  measurements: OrderMeasurements | null;
  /** Why it was canceled and by whom (issue 46); null unless canceled. */
  cancelReason: string | null;
  canceledBy: CanceledBy | null;
}

/** The payment and delivery columns every admin read joins in (p: OrderPayment, dl: OrderDelivery). */
interface MoneyColumns {
  paymentStatus: PaymentStatusName | null;
  paymentAmount: string | null;
  paymentMethod: "promptpay" | "cash" | null;
  hasSlip: boolean | null;
  deliveryMethod: "pickup" | "carrier" | null;
  carrier: CarrierName | null;
  trackingNumber: string | null;
}

const MONEY_SQL = Prisma.raw(
  `p."status"::text AS "paymentStatus", p."amount"::text AS "paymentAmount", p."method"::text AS "paymentMethod",
   p."slipImageId" IS NOT NULL AS "hasSlip", dl."method"::text AS "deliveryMethod", dl."carrier"::text AS "carrier",
   dl."trackingNumber"`,
);
const MONEY_JOINS = Prisma.raw(
  `LEFT JOIN "OrderPayment" AS p ON p."orderId" = o."id" LEFT JOIN "OrderDelivery" AS dl ON dl."orderId" = o."id"`,
);

function deliveryOf(row: MoneyColumns): AdminOrder["delivery"] {
  if (!row.deliveryMethod) return null;
  const delivery = { method: row.deliveryMethod, carrier: row.carrier, trackingNumber: row.trackingNumber };
  return { method: row.deliveryMethod, text: deliveryText(delivery), trackingUrl: trackingUrl(delivery) };
}

/** The delivery in a table cell: the carrier, or pickup. */
export function deliveryShort(row: Pick<MoneyColumns, "deliveryMethod" | "carrier">): string | null {
  if (row.deliveryMethod === "pickup") return "รับเองที่ร้าน";
  return row.carrier ? CARRIER_INFO[row.carrier].label : null;
}

/** One row of ORDER_SQL: the order with its buyer, tailor, design, payment and delivery joined in. */
interface OrderRow extends MoneyColumns {
  id: number;
  name: string;
  quantity: number;
  sizeId: string | null;
  totalPrice: string | null;
  shippingFee: string | null;
  status: OrderStatusName;
  deliveryAddress: string | null;
  measurements: Prisma.JsonValue;
  orderedAt: Date | null;
  cancelReason: string | null;
  canceledBy: string | null;
  createdAt: Date;
  updatedAt: Date;
  buyerId: number;
  buyerName: string | null;
  buyerEmail: string | null;
  buyerPhone: string | null;
  buyerAddress: string | null;
  sellerId: number | null;
  sellerName: string | null;
  sellerEmail: string | null;
  sellerPhone: string | null;
  designId: number;
  designFound: boolean;
  designImageId: number | null;
}

/** The columns of "Order" the admin sees (not the frozen price lines, which can be long). */
const ORDER_COLUMNS = Prisma.raw(
  [
    "id",
    "name",
    "quantity",
    "sizeId",
    "totalPrice",
    "shippingFee",
    "status",
    "deliveryAddress",
    "measurements",
    "orderedAt",
    "cancelReason",
    "canceledBy",
    "createdAt",
    "updatedAt",
    "buyerId",
    "sellerId",
    "designId",
  ]
    .map((column) => `"${column}"`)
    .join(", "),
);

/**
 * The orders chosen by `picked` (a subquery over "Order" that already filters, sorts and pages),
 * joined to their buyer, tailor and design in one statement: the admin table costs one round trip
 * to the database however many orders there are, and the joins run only for the rows shown.
 */
function orderSql(picked: Prisma.Sql, order: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    SELECT o."id", o."name", o."quantity", o."sizeId", o."totalPrice"::text AS "totalPrice",
           o."shippingFee"::text AS "shippingFee", o."status"::text AS "status", o."deliveryAddress", o."measurements", o."orderedAt",
           o."cancelReason", o."canceledBy", o."createdAt", o."updatedAt",
           o."buyerId", b."name" AS "buyerName", b."email" AS "buyerEmail", b."phone" AS "buyerPhone", b."address" AS "buyerAddress",
           o."sellerId", s."name" AS "sellerName", s."email" AS "sellerEmail", s."phone" AS "sellerPhone",
           o."designId", d."id" IS NOT NULL AS "designFound", d."imageId" AS "designImageId", ${MONEY_SQL}
    FROM (${picked}) AS o
    LEFT JOIN "User" AS b ON b."id" = o."buyerId"
    LEFT JOIN "User" AS s ON s."id" = o."sellerId"
    LEFT JOIN "Design" AS d ON d."id" = o."designId"
    ${MONEY_JOINS}
    ORDER BY ${order}`;
}

function toAdminOrder(row: OrderRow): AdminOrder {
  const image = row.designFound ? designImageUrl({ id: row.designId, imageId: row.designImageId }) : PLACEHOLDER_SHIRT;
  return {
    id: row.id,
    name: row.name,
    image,
    quantity: row.quantity,
    totalPrice: row.totalPrice === null ? null : Number(row.totalPrice),
    shippingFee: row.shippingFee === null ? null : Number(row.shippingFee),
    status: row.status,
    deliveryAddress: row.deliveryAddress ?? row.buyerAddress ?? null,
    measurements: readOrderMeasurements(row.measurements),
    cancelReason: row.status === "canceled" ? row.cancelReason : null,
    canceledBy: row.status === "canceled" && isCanceledBy(row.canceledBy) ? row.canceledBy : null,
    orderedAt: row.orderedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    buyerId: row.buyerId,
    buyerUser:
      row.buyerName === null
        ? null
        : { name: row.buyerName, email: row.buyerEmail!, phone: row.buyerPhone, address: row.buyerAddress },
    sellerId: row.sellerId,
    sellerUser:
      row.sellerName === null ? null : { name: row.sellerName, email: row.sellerEmail!, phone: row.sellerPhone },
    designId: row.designId,
    designModel: row.designFound ? { image } : null,
    size: sizeView(row.sizeId),
    payment: row.paymentStatus
      ? {
          status: row.paymentStatus,
          amount: Number(row.paymentAmount),
          method: row.paymentMethod,
          slipUrl: row.hasSlip ? paymentPaths.slip(row.id) : null,
        }
      : null,
    delivery: deliveryOf(row),
  };
}

/** ORDER BY for a sort key, on the columns of the alias given (the key and direction are whitelisted). */
function orderBy(query: OrderQuery, alias: string): Prisma.Sql {
  const dir = query.dir === "asc" ? "ASC" : "DESC";
  const column = (name: string) => `${alias}."${name}" ${dir}`;
  switch (query.sort) {
    case "id":
      return Prisma.raw(column("id"));
    case "price":
      return Prisma.raw(`${column("totalPrice")} NULLS LAST, ${column("id")}`);
    case "status":
      return Prisma.raw(`${column("status")}, ${column("createdAt")}, ${column("id")}`);
    case "created":
      return Prisma.raw(`${column("createdAt")}, ${column("id")}`);
  }
}

/** The page of the query (clamped to the last one) and the counts the table shows above it. */
async function pageOf(query: OrderQuery) {
  const statusCounts = await countOrdersByStatus();
  const conditions: Prisma.Sql[] = [];
  if (query.status) conditions.push(Prisma.sql`"status" = ${query.status}::"OrderStatus"`);
  // Payments are fewer than orders and indexed by state: the filter reads only theirs.
  if (query.payment)
    conditions.push(
      Prisma.sql`"id" IN (SELECT "orderId" FROM "OrderPayment" WHERE "status" = ${query.payment}::"PaymentStatus")`,
    );
  const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
  const total = query.payment
    ? Number((await db().$queryRaw<{ count: bigint }[]>`SELECT count(*) AS "count" FROM "Order" ${where}`)[0]!.count)
    : ordersIn(statusCounts, query.status);
  const pageCount = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const picked = (columns: Prisma.Sql) =>
    Prisma.sql`SELECT ${columns} FROM "Order" ${where} ORDER BY ${orderBy(query, '"Order"')} LIMIT ${ORDERS_PAGE_SIZE} OFFSET ${(page - 1) * ORDERS_PAGE_SIZE}`;
  return {
    statusCounts,
    allOrders: ordersIn(statusCounts, null),
    total,
    page,
    pageCount,
    pageSize: ORDERS_PAGE_SIZE,
    picked,
  };
}

/** The spec's orders for GET /admin/orders: every field, with buyer and tailor contact data. */
export async function listOrders(query: OrderQuery) {
  const { picked, ...paging } = await pageOf(query);
  const rows = await db().$queryRaw<OrderRow[]>(orderSql(picked(ORDER_COLUMNS), orderBy(query, "o")));
  return { orders: rows.map(toAdminOrder), ...paging };
}

/** One line of the admin table: only what it shows (no contact data, no design). */
export interface OrderTableRow {
  id: number;
  buyerId: number;
  buyerName: string | null;
  sellerName: string | null;
  totalPrice: number | null;
  status: OrderStatusName;
  createdAt: string;
  paymentStatus: PaymentStatusName | null;
  /** The carrier, or pickup; null until the tailor has said. */
  delivery: string | null;
  /** Why it was canceled and by whom (shown short in the table); null unless canceled. */
  cancelReason: string | null;
  canceledBy: CanceledBy | null;
}

/**
 * The admin table's page: the fields it shows, with the buyer's and tailor's names joined in.
 * Narrower than listOrders: the page is the busiest admin read, and every column costs on each row.
 */
export async function listOrderRows(query: OrderQuery) {
  const { picked, ...paging } = await pageOf(query);
  const rows = await db().$queryRaw<
    (Omit<OrderTableRow, "totalPrice" | "createdAt" | "delivery" | "paymentStatus" | "canceledBy"> &
      MoneyColumns & { totalPrice: string | null; createdAt: Date; canceledBy: string | null })[]
  >`
    SELECT o."id", o."buyerId", b."name" AS "buyerName", s."name" AS "sellerName", o."totalPrice"::text AS "totalPrice", o."status"::text AS "status", o."createdAt",
      o."cancelReason", o."canceledBy", ${MONEY_SQL}
    FROM (${picked(Prisma.raw(`"id", "buyerId", "sellerId", "totalPrice", "status", "createdAt", "cancelReason", "canceledBy"`))}) AS o
    LEFT JOIN "User" AS b ON b."id" = o."buyerId"
    LEFT JOIN "User" AS s ON s."id" = o."sellerId"
    ${MONEY_JOINS}
    ORDER BY ${orderBy(query, "o")}`;
  const orders: OrderTableRow[] = rows.map((row) => ({
    id: row.id,
    buyerId: row.buyerId,
    buyerName: row.buyerName,
    sellerName: row.sellerName,
    status: row.status,
    totalPrice: row.totalPrice === null ? null : Number(row.totalPrice),
    createdAt: row.createdAt.toISOString(),
    paymentStatus: row.paymentStatus,
    delivery: deliveryShort(row),
    cancelReason: row.status === "canceled" ? row.cancelReason : null,
    canceledBy: row.status === "canceled" && isCanceledBy(row.canceledBy) ? row.canceledBy : null,
  }));
  return { orders, ...paging };
}

export async function getOrder(id: number): Promise<AdminOrder> {
  const [row] = await db().$queryRaw<OrderRow[]>(
    orderSql(Prisma.sql`SELECT ${ORDER_COLUMNS} FROM "Order" WHERE "id" = ${id}`, Prisma.raw(`o."id"`)),
  );
  if (!row) throw new DomainError("not_found", ORDER_NOT_FOUND);
  return toAdminOrder(row);
}

export const BAD_TARGET = "สถานะใหม่ไม่ถูกต้อง";

/**
 * The admin's override (spec section 4): any of ordered, accepted, completed, canceled from
 * any other status, through the one transition function (conditional update + order event).
 */
export async function overrideOrderStatus(
  orderId: number,
  to: string,
  admin: Actor,
  /** Why, for a cancel (issue 46): kept on the order, its event and the audit entry. */
  reason?: string,
): Promise<AdminOrder> {
  if (!isOverrideStatus(to)) throw new DomainError("bad_input", BAD_TARGET);
  await transitionOrder({ orderId, to, actor: admin, as: "admin", reason: to === "canceled" ? reason : undefined });
  return getOrder(orderId);
}

function isOverrideStatus(value: string): value is OverrideStatus {
  return (OVERRIDE_STATUSES as readonly string[]).includes(value);
}
