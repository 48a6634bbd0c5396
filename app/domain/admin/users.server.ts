import { isStillReferenced, isUniqueViolation, retryingWriteConflicts } from "~/data/database-errors.server";
import { db, type Prisma } from "~/data/db.server";
import { shopTotal } from "~/data/shop-totals.server";
import { changedFields, createdFields, removedFields } from "~/domain/audit/actions";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { DomainError } from "~/domain/errors";
import { assertAnActiveAdminRemains, LAST_ADMIN, lockAdmins } from "~/domain/users/admins.server";
import { clearPersonalRecords } from "~/domain/users/close-account.server";
import { hashPassword } from "~/domain/users/password.server";
import { endAllSessionsOf } from "~/domain/users/sessions.server";
import type { CreateUserInput, EditUserInput } from "./user-form";

/**
 * User management by an admin: list, create, edit, delete, with the rules that keep the
 * shop administrable: an admin never removes their own admin role, never deactivates or
 * deletes themselves, and the last active admin stays.
 */

export const USERS_PAGE_SIZE = 20;
export const EMAIL_TAKEN = "อีเมลนี้มีผู้ใช้แล้ว";
export const USER_NOT_FOUND = "ไม่พบผู้ใช้";
export const CANNOT_DROP_OWN_ADMIN = "ไม่สามารถถอดสิทธิ์ผู้ดูแลระบบของตัวเองได้";
export const CANNOT_DEACTIVATE_SELF = "ไม่สามารถปิดการใช้งานบัญชีของตัวเองได้";
export const CANNOT_DELETE_SELF = "ไม่สามารถลบบัญชีของตัวเองได้";
export { LAST_ADMIN };
export const HAS_ORDERS = "ไม่สามารถลบผู้ใช้ที่มีประวัติคำสั่งซื้อได้ กรุณาเปลี่ยนสถานะเป็นไม่ใช้งานแทน";
export const USER_BUSY = "ผู้ใช้นี้มีรายการที่กำลังเปลี่ยนแปลงอยู่ กรุณาลองลบอีกครั้ง";

const userSelect = {
  id: true,
  name: true,
  email: true,
  phone: true,
  address: true,
  roles: true,
  status: true,
  createdAt: true,
} satisfies Prisma.UserSelect;

export type AdminUser = Prisma.UserGetPayload<{ select: typeof userSelect }>;

/** The admin doing it, as the audit log names them. */
export interface AdminActor {
  id: number;
  name: string;
}

/** What the audit log keeps of an account: what an admin sees and changes, never a password. */
function auditedFields(user: AdminUser): Record<string, unknown> {
  return {
    name: user.name,
    email: user.email,
    phone: user.phone,
    address: user.address,
    roles: user.roles,
    status: user.status,
  };
}

const auditTarget = (user: AdminUser) => ({
  type: "user" as const,
  id: user.id,
  // By id: the log shows the person's name as it is now (decision 89).
  label: `ผู้ใช้ #${user.id}`,
});

export interface UserListQuery {
  q?: string | null;
  page?: number;
}

export async function listUsers({ q, page = 1 }: UserListQuery) {
  const term = q?.trim().slice(0, 100) ?? "";
  const where: Prisma.UserWhereInput = term
    ? { OR: [{ name: { contains: term, mode: "insensitive" } }, { email: { contains: term.toLowerCase() } }] }
    : {};
  const total = term ? await db().user.count({ where }) : await shopTotal("users");
  const pageCount = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const users = await db().user.findMany({
    where,
    select: userSelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (current - 1) * USERS_PAGE_SIZE,
    take: USERS_PAGE_SIZE,
  });
  return { users, total, page: current, pageCount, pageSize: USERS_PAGE_SIZE, q: term };
}

export async function getUser(id: number): Promise<AdminUser> {
  const user = await db().user.findUnique({ where: { id }, select: userSelect });
  if (!user) throw new DomainError("not_found", USER_NOT_FOUND);
  return user;
}

async function assertEmailFree(db: Prisma.TransactionClient, email: string, exceptId?: number) {
  const other = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (other && other.id !== exceptId) throw new DomainError("conflict", EMAIL_TAKEN);
}

export async function createUser(input: CreateUserInput, actor: AdminActor): Promise<AdminUser> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db().$transaction(async (db) => {
      await assertEmailFree(db, input.email);
      const user = await db.user.create({
        data: {
          name: input.name,
          email: input.email,
          passwordHash,
          phone: input.phone,
          address: input.address,
          roles: input.roles,
          status: input.status,
        },
        select: userSelect,
      });
      await recordAudit(db, {
        actor,
        action: "user.create",
        target: auditTarget(user),
        changes: createdFields(auditedFields(user)),
      });
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("conflict", EMAIL_TAKEN);
    throw error;
  }
}

export async function updateUser(id: number, input: EditUserInput, actor: AdminActor): Promise<AdminUser> {
  if (id === actor.id) {
    if (input.roles && !input.roles.includes("admin")) throw new DomainError("conflict", CANNOT_DROP_OWN_ADMIN);
    if (input.status && input.status !== "active") throw new DomainError("conflict", CANNOT_DEACTIVATE_SELF);
  }
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  let updated: AdminUser;
  try {
    // Two e-mails swapping (this edit and the person's own profile edit) can deadlock: run again.
    updated = await retryingWriteConflicts(() =>
      db().$transaction(async (db) => {
        await lockAdmins(db);
        const existing = await db.user.findUnique({ where: { id }, select: userSelect });
        if (!existing) throw new DomainError("not_found", USER_NOT_FOUND);
        await assertEmailFree(db, input.email, id);
        const user = await db.user.update({
          where: { id },
          data: {
            name: input.name,
            email: input.email,
            phone: input.phone,
            address: input.address,
            ...(input.roles ? { roles: input.roles } : {}),
            ...(input.status ? { status: input.status } : {}),
            ...(passwordHash ? { passwordHash } : {}),
          },
          select: userSelect,
        });
        await assertAnActiveAdminRemains(db);
        const changes = changedFields(auditedFields(existing), auditedFields(user));
        if (Object.keys(changes).length > 0)
          await recordAudit(db, { actor, action: "user.update", target: auditTarget(user), changes });
        // A new password is an action of its own; what it is never reaches the log.
        if (passwordHash) await recordAudit(db, { actor, action: "user.password_reset", target: auditTarget(user) });
        return user;
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("conflict", EMAIL_TAKEN);
    throw error;
  }
  // Someone no longer allowed in, or whose password the admin reset, is signed out everywhere.
  if (updated.status !== "active" || passwordHash) await endAllSessionsOf(id);
  return updated;
}

export async function deleteUser(id: number, actor: AdminActor): Promise<AdminUser> {
  if (id === actor.id) throw new DomainError("conflict", CANNOT_DELETE_SELF);
  const deleted = await deleteAgainWhileCartItemsMove(() => retryingWriteConflicts(() => deleteOnce(id, actor)));
  await endAllSessionsOf(id);
  return deleted;
}

/** Thrown inside `deleteOnce` when an order came to name the person after its count: try again. */
class NamedByNewCartItem extends Error {}

/**
 * A cart item can take this tailor between the transaction's clearing of cart items and its
 * delete (a buyer choosing them): the database refuses the delete. Before, that read as
 * HAS_ORDERS, though the tailor had none. The whole delete runs again, seeing that item now: it
 * is cleared like the others, or, if it was placed meanwhile, the count refuses with HAS_ORDERS.
 * Only if buyers keep choosing them through every attempt does the admin read USER_BUSY.
 */
async function deleteAgainWhileCartItemsMove<T>(run: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof NamedByNewCartItem)) throw error;
      if (attempt >= attempts) throw new DomainError("conflict", USER_BUSY);
    }
  }
}

function deleteOnce(id: number, actor: AdminActor): Promise<AdminUser> {
  return db().$transaction(async (db) => {
    await lockAdmins(db);
    const user = await db.user.findUnique({ where: { id }, select: userSelect });
    if (!user) throw new DomainError("not_found", USER_NOT_FOUND);
    // Orders are history: a buyer or tailor with placed orders is deactivated, not deleted.
    const placed = await db.order.count({
      where: { status: { not: "cart" }, OR: [{ buyerId: id }, { sellerId: id }] },
    });
    if (placed > 0) throw new DomainError("conflict", HAS_ORDERS);
    await db.session.deleteMany({ where: { userId: id } });
    // Measurements, reviews, messages, notifications, the shop photo: as when they close it themselves.
    const { shopImageId } = await db.user.findUniqueOrThrow({ where: { id }, select: { shopImageId: true } });
    await clearPersonalRecords(db, id, shopImageId);
    await db.order.deleteMany({ where: { buyerId: id, status: "cart" } });
    // Other buyers' cart items lose this tailor (they choose again); placed orders keep theirs.
    await db.order.updateMany({ where: { sellerId: id, status: "cart" }, data: { sellerId: null } });
    // An order that named them since the count and the clearing above (a cart item choosing this
    // tailor, or one just placed) still holds the row: the database refuses (decision 40) and the
    // whole delete runs again, which clears that cart item or counts that order (HAS_ORDERS).
    await db.user.delete({ where: { id } }).catch((error: unknown) => {
      if (isStillReferenced(error)) throw new NamedByNewCartItem();
      throw error;
    });
    await assertAnActiveAdminRemains(db);
    await recordAudit(db, {
      actor,
      action: "user.delete",
      target: auditTarget(user),
      changes: removedFields(auditedFields(user)),
    });
    return user;
  });
}
