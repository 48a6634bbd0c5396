import { isUniqueViolation } from "~/data/database-errors.server";
import { db } from "~/data/db.server";
import type { Role } from "~/data/generated/enums";
import { DomainError } from "~/domain/errors";
import { ACCOUNT_INACTIVE, ACCOUNT_PENDING } from "~/domain/users/accounts.server";
import { LINE_MESSAGES } from "./messages";

/** The shop account linked with this LINE user, for logging in; refused when none or not active. */
export async function accountForLineLogin(lineUserId: string): Promise<{ id: number; roles: Role[] }> {
  const user = await db().user.findUnique({ where: { lineUserId }, select: { id: true, roles: true, status: true } });
  if (!user) throw new DomainError("not_found", LINE_MESSAGES.loginNotLinked);
  if (user.status === "inactive") throw new DomainError("forbidden", ACCOUNT_INACTIVE);
  if (user.status === "pending") throw new DomainError("forbidden", ACCOUNT_PENDING);
  return { id: user.id, roles: user.roles };
}

/**
 * Stores the LINE user id on the account. One LINE account belongs to one shop account:
 * an id linked elsewhere is refused (also when two links race: the unique index decides).
 */
export async function linkLineAccount(userId: number, lineUserId: string): Promise<void> {
  const holder = await db().user.findUnique({ where: { lineUserId }, select: { id: true } });
  if (holder && holder.id !== userId) throw new DomainError("conflict", LINE_MESSAGES.usedByAnother);
  try {
    await db().user.update({ where: { id: userId }, data: { lineUserId } });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("conflict", LINE_MESSAGES.usedByAnother);
    throw error;
  }
}
