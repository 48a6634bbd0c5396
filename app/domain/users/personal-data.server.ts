import { randomBytes } from "node:crypto";
import { isStillReferenced, retryingWriteConflicts } from "~/data/database-errors.server";
import { db, Prisma } from "~/data/db.server";
import { assertAnActiveAdminRemains, lockAdmins } from "~/domain/admin/users.server";
import { removedFields } from "~/domain/audit/actions";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { DomainError } from "~/domain/errors";
import { designImageUrl } from "~/domain/images/urls";
import { listProfiles } from "~/domain/measurements/profiles.server";
import { hashPassword, verifyPassword } from "./password.server";
import { PRIVACY_MESSAGES } from "./privacy";

/**
 * What the shop holds about a person, and closing their account (PDPA, decision 52).
 *
 * - `personalDataOf`: everything kept about them: the account, their orders (as buyer, and as
 *   tailor the orders they worked), cart, designs, sessions (times only), the LINE link and the
 *   audit entries about them. Their own data only: other people appear as ids or roles (the
 *   buyer of an order a tailor worked, the admin of an audit entry), never by name, address or
 *   contact (decision 89). Never a password hash or a session id.
 * - `personalDataPageOf`: what the page shows of it: the account, and each list's count and newest
 *   rows (the download above has every row).
 * - `closeAccount`: with their password. An account that never placed or took an order is deleted;
 *   one with orders is erased (name, e-mail, phone, address, date of birth, LINE, Facebook and shop
 *   details gone, password unusable, status inactive) and its orders kept for the other side's
 *   records without the buyer's delivery address and measurements. While an order is still being made (ordered or
 *   accepted) the account cannot be closed: the tailor still needs the address to deliver. Either
 *   way every session ends, LINE is unlinked, and the audit log records it.
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
  const [purchases, sales, designs, sessions, audit, reviews, measurements] = await Promise.all([
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
    db().review.findMany({
      where: { authorId: userId },
      orderBy: { id: "asc" },
      select: {
        orderId: true,
        rating: true,
        comment: true,
        reply: true,
        hiddenAt: true,
        createdAt: true,
        updatedAt: true,
      },
    }),
    listProfiles(userId),
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
    reviewsWritten: reviews,
    measurements,
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
 * sessions, and audit entries about them or by them.
 */
async function personalDataCounts(userId: number) {
  const [counts] = await db().$queryRaw<
    { orders: number; sales: number; designs: number; sessions: number; audit: number }[]
  >`
    SELECT
      (SELECT count(*) FROM "Order" WHERE "buyerId" = ${userId})::int AS orders,
      (SELECT count(*) FROM "Order" WHERE "sellerId" = ${userId} AND status <> 'cart')::int AS sales,
      (SELECT count(*) FROM "Design" WHERE "ownerId" = ${userId})::int AS designs,
      (SELECT count(*) FROM "Session" WHERE "userId" = ${userId})::int AS sessions,
      (SELECT count(*) FROM "AuditEntry"
        WHERE ("targetType" = 'user' AND "targetId" = ${userId}) OR "actorId" = ${userId})::int AS audit`;
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
  const [account, orders, sales, designs, sessions, audit, counts] = await Promise.all([
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
  };
}

/**
 * Orders that keep an account open: being made (ordered, accepted), or with money not settled (a
 * slip the tailor has not checked, a refund the tailor owes).
 */
const IN_PROGRESS = {
  OR: [
    { status: { in: ["ordered" as const, "accepted" as const] } },
    { payment: { status: { in: ["slip_sent" as const, "refund_due" as const] } } },
  ],
};

/** Closes the signed-in person's own account (see above): "deleted" or "erased". */
export async function closeAccount(userId: number, password: string): Promise<"deleted" | "erased"> {
  const account = await db().user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  if (!account || !(await verifyPassword(account.passwordHash, password)))
    throw new DomainError("bad_input", PRIVACY_MESSAGES.wrongPassword);
  // The hash of a password nobody knows: the erased account can never be signed in to.
  const unusable = await hashPassword(randomBytes(32).toString("base64url"));
  for (let attempt = 1; ; attempt++) {
    try {
      return await retryingWriteConflicts(() => closeOnce(userId, unusable));
    } catch (error) {
      // A cart item chose this tailor between the clearing and the delete: once more.
      if (!isStillReferenced(error) || attempt >= 3) throw error;
    }
  }
}

function closeOnce(userId: number, unusablePassword: string): Promise<"deleted" | "erased"> {
  return db().$transaction(async (tx) => {
    await lockAdmins(tx);
    // The row locked: an order placed or accepted from now on waits for this to finish.
    await tx.$queryRaw`SELECT 1 FROM "User" WHERE "id" = ${userId} FOR UPDATE`;
    const user = await tx.user.findUniqueOrThrow({
      where: { id: userId },
      select: { id: true, name: true, email: true, phone: true, address: true, roles: true, status: true },
    });
    const people = { OR: [{ buyerId: userId }, { sellerId: userId }] };
    const inProgress = await tx.order.count({ where: { AND: [people, IN_PROGRESS] } });
    if (inProgress > 0) throw new DomainError("conflict", PRIVACY_MESSAGES.ordersInProgress);
    // Orders out of the cart are history the other side keeps (and the database holds on to).
    const history = await tx.order.count({ where: { ...people, status: { not: "cart" } } });
    await tx.session.deleteMany({ where: { userId } });
    // "Forgot password" links: none may set a password on an erased account.
    await tx.passwordReset.deleteMany({ where: { userId } });
    await tx.order.deleteMany({ where: { buyerId: userId, status: "cart" } });
    // Other buyers' cart items lose this tailor (they choose again); placed orders keep theirs.
    await tx.order.updateMany({ where: { sellerId: userId, status: "cart" }, data: { sellerId: null } });
    await tx.outboxMessage.deleteMany({ where: { recipientId: userId, status: { not: "sent" } } });
    // An admin closing their account must leave another active admin behind.
    const adminStillThere = async () => {
      if (!user.roles.includes("admin")) return;
      await assertAnActiveAdminRemains(tx).catch(() => {
        throw new DomainError("conflict", PRIVACY_MESSAGES.lastAdmin);
      });
    };
    const actor = { id: userId, name: user.name };
    const target = { type: "user" as const, id: userId, label: `บัญชี #${userId}` };
    const before = removedFields({ name: user.name, email: user.email, phone: user.phone, address: user.address });
    if (history === 0) {
      await tx.user.delete({ where: { id: userId } });
      await adminStillThere();
      await recordAudit(tx, { actor, action: "account.delete", target, changes: before });
      return "deleted";
    }
    await tx.user.update({
      where: { id: userId },
      data: {
        name: PRIVACY_MESSAGES.erasedName,
        email: `deleted-${userId}@deleted.invalid`,
        passwordHash: unusablePassword,
        gender: null,
        dob: null,
        phone: null,
        address: null,
        lineId: null,
        lineUserId: null,
        facebookName: null,
        shopName: user.roles.includes("merchant") ? "ร้านที่ปิดบัญชีแล้ว" : null,
        shopDetail: null,
        shopImageId: null,
        promptpayId: null,
        promptpayName: null,
        status: "inactive",
      },
    });
    // Their address and the body measurements frozen on their orders go; the orders stay.
    await tx.order.updateMany({
      where: { buyerId: userId },
      data: { deliveryAddress: null, measurements: Prisma.DbNull },
    });
    // What they wrote of tailors is theirs: it goes with them (the tailors' averages follow); so
    // do their measurement profiles.
    await tx.review.deleteMany({ where: { authorId: userId } });
    await tx.measurementProfile.deleteMany({ where: { userId } });
    // Transfer slips show the payer's name and bank: they go; the payment's state stays for the tailor.
    await tx.storedImage.deleteMany({ where: { payments: { some: { order: { buyerId: userId } } } } });
    await adminStillThere();
    await recordAudit(tx, { actor, action: "account.erase", target, changes: before });
    return "erased";
  });
}

/** What closing the account would do now: refused (orders being made), erased (orders kept) or deleted. */
export async function closingOutlook(userId: number): Promise<"refused" | "erased" | "deleted"> {
  const people = { OR: [{ buyerId: userId }, { sellerId: userId }] };
  const [inProgress, history] = await Promise.all([
    db().order.count({ where: { AND: [people, IN_PROGRESS] } }),
    db().order.count({ where: { ...people, status: { not: "cart" } } }),
  ]);
  return inProgress > 0 ? "refused" : history > 0 ? "erased" : "deleted";
}
