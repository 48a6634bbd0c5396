import { Authenticator } from "remix-auth";
import { prisma } from "~/data/db.server";
import { Prisma } from "~/data/generated/client";
import type { Role } from "~/data/generated/enums";
import { DomainError } from "~/domain/errors";
import { ACCOUNT_INACTIVE, ACCOUNT_PENDING } from "~/domain/users/accounts.server";
import { LineLoginStrategy } from "./line-login-strategy.server";
import type { LineProfile } from "./login-client.server";
import { LINE_MESSAGES } from "./messages";

/**
 * LINE Login, for linking ("line-link") and for logging in with a linked account ("line-login"):
 * both hand back the LINE profile of whoever logged in at LINE.
 */
export const lineAuthenticator = new Authenticator<LineProfile>();
lineAuthenticator.use(new LineLoginStrategy<LineProfile>("link", async ({ profile }) => profile), "line-link");
lineAuthenticator.use(new LineLoginStrategy<LineProfile>("login", async ({ profile }) => profile), "line-login");

/** The shop account linked with this LINE user, for logging in; refused when none or not active. */
export async function accountForLineLogin(lineUserId: string): Promise<{ id: number; roles: Role[] }> {
  const user = await prisma.user.findUnique({ where: { lineUserId }, select: { id: true, roles: true, status: true } });
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
  const holder = await prisma.user.findUnique({ where: { lineUserId }, select: { id: true } });
  if (holder && holder.id !== userId) throw new DomainError("conflict", LINE_MESSAGES.usedByAnother);
  try {
    await prisma.user.update({ where: { id: userId }, data: { lineUserId } });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      throw new DomainError("conflict", LINE_MESSAGES.usedByAnother);
    throw error;
  }
}
