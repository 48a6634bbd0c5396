import { randomBytes } from "node:crypto";
import { isStillReferenced, retryingWriteConflicts } from "~/data/database-errors.server";
import { db, Prisma } from "~/data/db.server";
import { removedFields } from "~/domain/audit/actions";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { DomainError } from "~/domain/errors";
import { assertAnActiveAdminRemains, lockAdmins } from "./admins.server";
import { hashPassword, verifyPassword } from "./password.server";
import { PERSONAL_RECORDS } from "./personal-records.server";
import { PRIVACY_MESSAGES } from "./privacy";

/**
 * A person closes their own account (PDPA, decisions 52, 89 and 107), with their password. An
 * account that never placed or took an order is deleted; one with orders is erased (name, e-mail,
 * phone, address, date of birth, LINE, Facebook and shop details gone, password unusable, status
 * inactive) and its orders kept for the other side's records without the buyer's delivery address
 * and measurements. Either way what `clearPersonalRecords` clears goes (each kind of
 * `PERSONAL_RECORDS` and the shop photo). While an order is still being made (ordered or accepted)
 * the account cannot be closed: the tailor still needs the address to deliver. Every session
 * ends, LINE is unlinked, and the audit log records it.
 */

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
      select: {
        id: true,
        name: true,
        email: true,
        phone: true,
        address: true,
        roles: true,
        status: true,
        shopImageId: true,
      },
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
    await clearPersonalRecords(tx, userId, user.shopImageId);
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
    await adminStillThere();
    await recordAudit(tx, { actor, action: "account.erase", target, changes: before });
    return "erased";
  });
}

/**
 * What goes with an account however it ends (closed by its owner, or deleted by an admin): each
 * kind of `PERSONAL_RECORDS` (measurements, slips, problem reports, reviews and replies, messages,
 * notifications) and the shop photo (a tailor's face, often), which the account only points at.
 * Inside the caller's transaction.
 */
export async function clearPersonalRecords(tx: Prisma.TransactionClient, userId: number, shopImageId: number | null) {
  for (const kind of PERSONAL_RECORDS) await kind.erase(tx, userId);
  if (shopImageId !== null) await tx.storedImage.deleteMany({ where: { id: shopImageId } });
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
