import { db } from "~/data/db.server";
import { ORDER_STATUSES, type OrderStatusName } from "./state-machine";

export type StatusCounts = Record<OrderStatusName, number>;

/**
 * Every status with its number of orders (0 for a status without any): read from OrderStatusCount,
 * which triggers on "Order" keep exact in the same transaction as every change (migration
 * order_status_counts), a status's count in up to 16 slots to add up (striped_order_counts). One
 * tiny read instead of counting every order on each admin page.
 */
export async function countOrdersByStatus(): Promise<StatusCounts> {
  const rows = await db().orderStatusCount.findMany({ select: { status: true, orders: true } });
  const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as StatusCounts;
  for (const row of rows) counts[row.status] += row.orders;
  return counts;
}

/** The orders in one status, or in all when `status` is null. */
export function ordersIn(counts: StatusCounts, status: OrderStatusName | null): number {
  return status ? counts[status] : ORDER_STATUSES.reduce((sum, each) => sum + counts[each], 0);
}
