import type { Prisma } from "~/data/db.server";
import { DomainError } from "~/domain/errors";

/**
 * The shop always keeps an active admin. Every change that can take one away (an admin's edit or
 * delete of a person, a person closing their own account) holds this lock and checks before it
 * commits, so two such changes at the same moment cannot leave the shop without one. Here, below
 * both the admin's screens (`~/domain/admin/users.server`) and account closing
 * (`./close-account.server`), so neither imports the other.
 */

export const LAST_ADMIN = "ต้องมีผู้ดูแลระบบที่ใช้งานอยู่อย่างน้อยหนึ่งคน";

const ADMIN_LOCK = 7_001_007;

export async function lockAdmins(db: Prisma.TransactionClient) {
  await db.$executeRaw`SELECT pg_advisory_xact_lock(${ADMIN_LOCK})`;
}

export async function assertAnActiveAdminRemains(db: Prisma.TransactionClient) {
  const admins = await db.user.count({ where: { roles: { has: "admin" }, status: "active" } });
  if (admins === 0) throw new DomainError("conflict", LAST_ADMIN);
}
