import { getConfig } from "~/config.server";
import { retryingWriteConflicts } from "~/data/database-errors.server";
import { db } from "~/data/db.server";
import { isDomainError } from "~/domain/errors";
import { logger } from "~/lib/logger.server";
import { SYSTEM_CANCEL_REASON } from "./cancel-reasons";
import { moveOrder } from "./transitions.server";

/**
 * Orders that do not wait for ever (issue 21): an order still `ordered` ORDER_ACCEPT_DAYS days
 * after it was placed is canceled by the shop itself (actor role `system`), with the LINE messages
 * every cancel sends. Each order moves by the one conditional update of moveOrder, so with several
 * processes sweeping at once each order is canceled once: the others find it moved and skip it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an order placed at `orderedAt` stops waiting (null: the shop never cancels). */
export function acceptDeadline(orderedAt: Date | null, days = getConfig().orderAcceptDays): Date | null {
  if (!orderedAt || days <= 0) return null;
  return new Date(orderedAt.getTime() + days * DAY_MS);
}

/** Cancels the orders past their deadline at `now`, oldest first, `limit` per run. Returns their ids. */
export async function expireUnacceptedOrders({
  now = new Date(),
  days = getConfig().orderAcceptDays,
  limit = 100,
}: {
  now?: Date;
  days?: number;
  limit?: number;
} = {}): Promise<number[]> {
  if (days <= 0) return [];
  const due = await db().order.findMany({
    where: { status: "ordered", orderedAt: { lte: new Date(now.getTime() - days * DAY_MS) } },
    orderBy: [{ orderedAt: "asc" }, { id: "asc" }],
    take: limit,
    select: { id: true },
  });
  const expired: number[] = [];
  for (const { id } of due) {
    try {
      await retryingWriteConflicts(() =>
        db().$transaction((tx) =>
          moveOrder(tx, {
            orderId: id,
            from: "ordered",
            to: "canceled",
            actorId: null,
            actorRole: "system",
            note: SYSTEM_CANCEL_REASON,
          }),
        ),
      );
      expired.push(id);
    } catch (error) {
      // Accepted, declined or expired by another process meanwhile: nothing to do.
      if (!isDomainError(error)) throw error;
    }
  }
  if (expired.length) logger().info({ orders: expired.length }, "canceled orders nobody accepted in time");
  return expired;
}
