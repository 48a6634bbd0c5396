import { db, Prisma } from "~/data/db.server";
import type { DesignType, OrderStatus } from "~/data/generated/client";
import { isoMoment, jsonRows } from "~/data/json-columns.server";
import { designImageUrl } from "~/domain/images/urls";
import { PERSONAL_RECORDS } from "./personal-records.server";

/**
 * What the shop holds about a person (PDPA, decisions 52 and 107); closing the account is
 * `./close-account.server`, and the records beside the account and orders (measurements, slips,
 * reviews) are listed once in `./personal-records.server`.
 *
 * - `personalDataOf`: everything kept about them: the account, their orders (as buyer, and as
 *   tailor the orders they worked), cart, designs, sessions (times only), the LINE link, the
 *   audit entries about them, and each kind of `PERSONAL_RECORDS` under its key. Their own data
 *   only: other people appear as ids or roles (the buyer of an order a tailor worked, the admin of
 *   an audit entry), never by name, address or contact (decision 89). Never a password hash or a
 *   session id.
 * - `personalDataPageOf`: what the page shows of it: the account, and each list's count and newest
 *   rows (the download above has every row).
 */

/** The account's own fields, for the page and the download (never the password hash). */
const ACCOUNT_FIELDS = {
  id: true,
  email: true,
  name: true,
  gender: true,
  dob: true,
  phone: true,
  address: true,
  lineId: true,
  lineUserId: true,
  facebookName: true,
  roles: true,
  status: true,
  shopName: true,
  shopDetail: true,
  promptpayId: true,
  promptpayName: true,
  createdAt: true,
  updatedAt: true,
  privacyNoticeVersion: true,
  privacyNoticeAcceptedAt: true,
} as const;

export async function personalDataOf(userId: number) {
  const user = await db().user.findUniqueOrThrow({ where: { id: userId }, select: ACCOUNT_FIELDS });
  const orderSelect = {
    id: true,
    name: true,
    status: true,
    quantity: true,
    unitPrice: true,
    totalPrice: true,
    orderedAt: true,
    createdAt: true,
    events: {
      select: {
        kind: true,
        fromStatus: true,
        toStatus: true,
        paymentTo: true,
        note: true,
        actorRole: true,
        createdAt: true,
      },
      orderBy: { id: "asc" },
    },
    payment: {
      select: {
        status: true,
        amount: true,
        method: true,
        slipSentAt: true,
        rejectReason: true,
        paidAt: true,
        refundedAt: true,
      },
    },
    delivery: { select: { method: true, carrier: true, trackingNumber: true } },
  } as const;
  const [purchases, sales, designs, sessions, audit, records] = await Promise.all([
    db().order.findMany({
      where: { buyerId: userId },
      orderBy: { id: "asc" },
      // Their own address and measurements; the tailor by id and public shop name.
      select: {
        ...orderSelect,
        deliveryAddress: true,
        measurements: true,
        sellerId: true,
        seller: { select: { shopName: true } },
      },
    }),
    db().order.findMany({
      where: { sellerId: userId, status: { not: "cart" } },
      orderBy: { id: "asc" },
      // The buyer is someone else: by id only.
      select: { ...orderSelect, buyerId: true },
    }),
    db().design.findMany({
      where: { ownerId: userId },
      orderBy: { id: "asc" },
      select: { id: true, type: true, status: true, price: true, baseId: true, imageId: true, createdAt: true },
    }),
    db().session.findMany({
      where: { userId },
      orderBy: { createdAt: "asc" },
      select: { createdAt: true, expiresAt: true },
    }),
    db().auditEntry.findMany({
      where: { OR: [{ targetType: "user", targetId: userId }, { actorId: userId }] },
      orderBy: { id: "asc" },
      select: { at: true, action: true, actorId: true, targetType: true, targetId: true, changes: true },
    }),
    Promise.all(PERSONAL_RECORDS.map((kind) => kind.all(userId))),
  ]);
  const money = (value: { toString(): string } | null) => (value === null ? null : Number(value.toString()));
  const order = <
    T extends {
      unitPrice: { toString(): string } | null;
      totalPrice: { toString(): string } | null;
      payment: { amount: { toString(): string } } | null;
    },
  >(
    row: T,
  ) => ({
    ...row,
    unitPrice: money(row.unitPrice),
    totalPrice: money(row.totalPrice),
    payment: row.payment ? { ...row.payment, amount: money(row.payment.amount) } : null,
  });
  return {
    account: { ...user, lineLinked: user.lineUserId !== null, lineUserId: undefined },
    purchases: purchases.filter((row) => row.status !== "cart").map(order),
    cart: purchases.filter((row) => row.status === "cart").map(order),
    sales: sales.map(order),
    designs: designs.map((design) => ({
      ...design,
      price: money(design.price),
      image: designImageUrl(design),
    })),
    sessions,
    auditEntries: audit.map(({ actorId, ...entry }) => ({ ...entry, by: auditActorRole(actorId, userId) })),
    ...Object.fromEntries(PERSONAL_RECORDS.map((kind, index) => [kind.key, records[index]])),
  };
}

export type PersonalData = Awaited<ReturnType<typeof personalDataOf>>;

/** Who made an audit entry, as a person's own data says it: themselves, an admin, or the shop. */
function auditActorRole(actorId: number | null, userId: number): "self" | "admin" | "shop" {
  return actorId === userId ? "self" : actorId === null ? "shop" : "admin";
}

/**
 * The download (GET /profile/data/export): `takenAt`, the moment of this download, then
 * `personalDataOf`, read anew for each download.
 */
export async function personalDataExport(userId: number, takenAt = new Date()): Promise<string> {
  return JSON.stringify({ takenAt: takenAt.toISOString(), ...(await personalDataOf(userId)) }, null, 2);
}

/** How many of each list the page shows (the newest first); the download has every row. */
export const PERSONAL_DATA_PAGE_ROWS = 20;

/** The JSON rows of the page's own lists (moments as ISO strings, money as numbers). */
interface PageLists {
  orders: {
    id: number;
    name: string;
    quantity: number;
    status: OrderStatus;
    totalPrice: number | null;
    deliveryAddress: string | null;
    sellerId: number | null;
    shopName: string | null;
  }[];
  sales: { id: number; name: string; quantity: number; status: OrderStatus; buyerId: number }[];
  designs: { id: number; type: DesignType; createdAt: string }[];
  sessions: { createdAt: string; expiresAt: string }[];
  audit: { at: string; action: string; actorId: number | null; changes: Prisma.JsonValue }[];
}

/**
 * Everything /profile/data lists beside the account, in one statement: of each list its count and
 * newest rows (purchases, sales: placed orders the person worked as tailor, designs, sessions,
 * audit entries about them or by them), then of each of `PERSONAL_RECORDS` its count (c0, c1, …)
 * and newest rows (n0, n1, …). Asked for one by one they were fourteen statements at once for one
 * page: ten people on it at a time filled the connection pool (bench/README.md, note 124).
 */
async function personalDataLists(userId: number, take: number) {
  const moment = (column: string) => isoMoment(Prisma.raw(column));
  const records = PERSONAL_RECORDS.flatMap((kind, index) => [
    Prisma.sql`${kind.countSql(userId)} AS ${Prisma.raw(`c${index}`)}`,
    Prisma.sql`${kind.newestSql(userId, take)} AS ${Prisma.raw(`n${index}`)}`,
  ]);
  const [row] = await db().$queryRaw<(PageLists & Record<string, unknown>)[]>`
    SELECT
      (SELECT count(*) FROM "Order" WHERE "buyerId" = ${userId})::int AS orders_count,
      (SELECT count(*) FROM "Order" WHERE "sellerId" = ${userId} AND status <> 'cart')::int AS sales_count,
      (SELECT count(*) FROM "Design" WHERE "ownerId" = ${userId})::int AS designs_count,
      (SELECT count(*) FROM "Session" WHERE "userId" = ${userId})::int AS sessions_count,
      (SELECT count(*) FROM "AuditEntry"
        WHERE ("targetType" = 'user' AND "targetId" = ${userId}) OR "actorId" = ${userId})::int AS audit_count,
      ${jsonRows(
        Prisma.sql`SELECT o."id", o."name", o."quantity", o."status"::text AS "status",
          o."totalPrice"::float8 AS "totalPrice", o."deliveryAddress", o."sellerId", s."shopName"
        FROM "Order" o LEFT JOIN "User" s ON s."id" = o."sellerId"
        WHERE o."buyerId" = ${userId} ORDER BY o."id" DESC LIMIT ${take}`,
        Prisma.sql`"id" DESC`,
      )} AS orders,
      ${jsonRows(
        Prisma.sql`SELECT "id", "name", "quantity", "status"::text AS "status", "buyerId"
        FROM "Order" WHERE "sellerId" = ${userId} AND status <> 'cart' ORDER BY "id" DESC LIMIT ${take}`,
        Prisma.sql`"id" DESC`,
      )} AS sales,
      ${jsonRows(
        Prisma.sql`SELECT "id", "type"::text AS "type", ${moment('"createdAt"')} AS "createdAt"
        FROM "Design" WHERE "ownerId" = ${userId} ORDER BY "id" DESC LIMIT ${take}`,
        Prisma.sql`"id" DESC`,
      )} AS designs,
      ${jsonRows(
        Prisma.sql`SELECT ${moment('"createdAt"')} AS "createdAt", ${moment('"expiresAt"')} AS "expiresAt"
        FROM "Session" WHERE "userId" = ${userId} ORDER BY "Session"."createdAt" DESC LIMIT ${take}`,
        Prisma.sql`"createdAt" DESC`,
      )} AS sessions,
      ${jsonRows(
        Prisma.sql`SELECT "id", ${moment('"at"')} AS "at", "action", "actorId", "changes"
        FROM "AuditEntry" WHERE ("targetType" = 'user' AND "targetId" = ${userId}) OR "actorId" = ${userId}
        ORDER BY "id" DESC LIMIT ${take}`,
        Prisma.sql`"id" DESC`,
      )} AS audit,
      ${Prisma.join(records)}`;
  return row!;
}

/**
 * What /profile/data shows: the account, and of each list its count and newest rows with only the
 * fields the page prints. A customer of ten years has hundreds of orders, each with its events; the
 * page stays the same size, and the download (`personalDataOf`) keeps everything. Two statements:
 * the account, and every list (`personalDataLists`).
 */
export async function personalDataPageOf(userId: number) {
  const take = PERSONAL_DATA_PAGE_ROWS;
  const [account, lists] = await Promise.all([
    db().user.findUniqueOrThrow({ where: { id: userId }, select: ACCOUNT_FIELDS }),
    personalDataLists(userId, take),
  ]);
  const count = (key: string) => Number(lists[key] ?? 0);
  return {
    account: { ...account, lineLinked: account.lineUserId !== null, lineUserId: undefined },
    orders: {
      count: count("orders_count"),
      rows: lists.orders.map(({ shopName, ...row }) => ({
        ...row,
        seller: row.sellerId === null ? null : { shopName },
      })),
    },
    sales: { count: count("sales_count"), rows: lists.sales },
    designs: {
      count: count("designs_count"),
      rows: lists.designs.map((row) => ({ ...row, createdAt: new Date(row.createdAt) })),
    },
    sessions: {
      count: count("sessions_count"),
      rows: lists.sessions.map((row) => ({ createdAt: new Date(row.createdAt), expiresAt: new Date(row.expiresAt) })),
    },
    auditEntries: {
      count: count("audit_count"),
      rows: lists.audit.map(({ actorId, at, action, changes }) => ({
        at: new Date(at),
        action,
        changes,
        by: auditActorRole(actorId, userId),
      })),
    },
    /** Measurements, slips, reviews…: each kind's heading, what its rows hold, count and newest lines. */
    records: PERSONAL_RECORDS.map((kind, index) => ({
      key: kind.key,
      title: kind.title,
      note: kind.note ?? null,
      count: count(`c${index}`),
      rows: kind.lines((lists[`n${index}`] as unknown[]) ?? []),
    })),
  };
}
