import { prisma } from "~/data/db.server";
import { ORDER_STATUSES, type OrderStatusName } from "./state-machine";

/**
 * How many orders there are, in one status or in all: read from OrderStatusCount, which triggers
 * on "Order" keep exact in the same transaction as every change (migration order_status_counts).
 * One tiny read instead of counting every order on each admin page.
 */
export async function countOrders(status: OrderStatusName | null = null): Promise<number> {
  const rows = await prisma.orderStatusCount.findMany({ where: status ? { status } : {}, select: { orders: true } });
  return rows.reduce((sum, row) => sum + row.orders, 0);
}

/** Every status with its count, 0 for a status without orders. */
export async function countOrdersByStatus(): Promise<Record<OrderStatusName, number>> {
  const rows = await prisma.orderStatusCount.findMany({ select: { status: true, orders: true } });
  const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatusName, number>;
  for (const row of rows) counts[row.status] = row.orders;
  return counts;
}
