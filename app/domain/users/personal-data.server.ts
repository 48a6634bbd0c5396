import { db, Prisma } from "~/data/db.server";
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

/**
 * How many of each list /profile/data shows there are, in one statement (five counts asked for one
 * by one were five round trips of a page's eleven). The conditions are those of the lists' reads
 * in personalDataPageOf: purchases, sales (placed orders the person worked as tailor), designs,
 * sessions, audit entries about them or by them, then each of `PERSONAL_RECORDS` (r0, r1, …).
 */
async function personalDataCounts(userId: number) {
  const records = PERSONAL_RECORDS.map(
    (kind, index) => Prisma.sql`${kind.countSql(userId)} AS ${Prisma.raw(`r${index}`)}`,
  );
  const [counts] = await db().$queryRaw<
    ({ orders: number; sales: number; designs: number; sessions: number; audit: number } & Record<string, number>)[]
  >`
    SELECT
      (SELECT count(*) FROM "Order" WHERE "buyerId" = ${userId})::int AS orders,
      (SELECT count(*) FROM "Order" WHERE "sellerId" = ${userId} AND status <> 'cart')::int AS sales,
      (SELECT count(*) FROM "Design" WHERE "ownerId" = ${userId})::int AS designs,
      (SELECT count(*) FROM "Session" WHERE "userId" = ${userId})::int AS sessions,
      (SELECT count(*) FROM "AuditEntry"
        WHERE ("targetType" = 'user' AND "targetId" = ${userId}) OR "actorId" = ${userId})::int AS audit,
      ${Prisma.join(records)}`;
  return counts!;
}

/**
 * What /profile/data shows: the account, and of each list its count and newest rows with only the
 * fields the page prints. A customer of ten years has hundreds of orders, each with its events; the
 * page stays the same size, and the download (`personalDataOf`) keeps everything.
 */
export async function personalDataPageOf(userId: number) {
  const take = PERSONAL_DATA_PAGE_ROWS;
  const newest = { orderBy: { id: "desc" as const }, take };
  const [account, orders, sales, designs, sessions, audit, records, counts] = await Promise.all([
    db().user.findUniqueOrThrow({ where: { id: userId }, select: ACCOUNT_FIELDS }),
    db().order.findMany({
      where: { buyerId: userId },
      ...newest,
      select: {
        id: true,
        name: true,
        quantity: true,
        status: true,
        totalPrice: true,
        deliveryAddress: true,
        sellerId: true,
        seller: { select: { shopName: true } },
      },
    }),
    db().order.findMany({
      where: { sellerId: userId, status: { not: "cart" } },
      ...newest,
      select: { id: true, name: true, quantity: true, status: true, buyerId: true },
    }),
    db().design.findMany({ where: { ownerId: userId }, ...newest, select: { id: true, type: true, createdAt: true } }),
    db().session.findMany({
      where: { userId },
      orderBy: { createdAt: "desc" },
      take,
      select: { createdAt: true, expiresAt: true },
    }),
    db().auditEntry.findMany({
      where: { OR: [{ targetType: "user", targetId: userId }, { actorId: userId }] },
      ...newest,
      select: { at: true, action: true, actorId: true, changes: true },
    }),
    Promise.all(PERSONAL_RECORDS.map((kind) => kind.newest(userId, take))),
    personalDataCounts(userId),
  ]);
  return {
    account: { ...account, lineLinked: account.lineUserId !== null, lineUserId: undefined },
    orders: {
      count: counts.orders,
      rows: orders.map((row) => ({ ...row, totalPrice: row.totalPrice === null ? null : Number(row.totalPrice) })),
    },
    sales: { count: counts.sales, rows: sales },
    designs: { count: counts.designs, rows: designs },
    sessions: { count: counts.sessions, rows: sessions },
    auditEntries: {
      count: counts.audit,
      rows: audit.map(({ actorId, ...entry }) => ({ ...entry, by: auditActorRole(actorId, userId) })),
    },
    /** Measurements, slips, reviews…: each kind's heading, what its rows hold, count and newest lines. */
    records: PERSONAL_RECORDS.map((kind, index) => ({
      key: kind.key,
      title: kind.title,
      note: kind.note ?? null,
      count: counts[`r${index}`] ?? 0,
      rows: records[index]!,
    })),
  };
}
