import { db, Prisma } from "~/data/db.server";

/** What the site header shows a signed-in person beside their name. */
export interface HeaderCounts {
  /** Lines in their cart; null for someone who does not buy (a tailor, an admin). */
  cartCount: number | null;
  /** Notifications not yet read (the bell, issue 48). */
  unreadCount: number;
}

/**
 * The header's two counts in one statement: every page a signed-in person opens reads them, and
 * as two Prisma counts they were two round trips and two statements' work on every page (the
 * session's is the only other statement some pages send). The cart's lines are its orders in
 * status "cart" (index buyerId, status); the unread are the notifications without `readAt`, as
 * `unreadNotificationCount` counts them (index userId, readAt).
 */
export async function headerCounts(userId: number, withCart: boolean): Promise<HeaderCounts> {
  // Someone who does not buy reads no order at all: their pages stand without the orders table.
  const cart = withCart
    ? Prisma.sql`(SELECT COUNT(*)::int FROM "Order" WHERE "buyerId" = ${userId} AND "status" = 'cart')`
    : Prisma.sql`NULL::int`;
  const [row] = await db().$queryRaw<{ cartCount: number | null; unreadCount: number }[]>`
    SELECT ${cart} AS "cartCount",
      (SELECT COUNT(*)::int FROM "Notification" WHERE "userId" = ${userId} AND "readAt" IS NULL) AS "unreadCount"`;
  return { cartCount: row?.cartCount ?? null, unreadCount: row?.unreadCount ?? 0 };
}
