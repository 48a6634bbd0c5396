import type { Prisma } from "~/data/generated/client";
import { DomainError } from "~/domain/errors";
import { ORDER_MESSAGES } from "./messages";
import type { OrderStatusName } from "./state-machine";

/**
 * For a step beside an order's status (a payment step, a delivery): locks the order's row against
 * a status change until the step commits (`FOR SHARE`), and reads its status then, with who may
 * act on it. A cancel at the same moment waits for the step, or the step sees the cancel.
 */
export async function lockOrderForStep(tx: Prisma.TransactionClient, orderId: number) {
  const rows = await tx.$queryRaw<{ status: OrderStatusName; buyerId: number; sellerId: number | null }[]>`
    SELECT "status", "buyerId", "sellerId" FROM "Order" WHERE "id" = ${orderId} FOR SHARE`;
  const order = rows[0];
  if (!order) throw new DomainError("not_found", ORDER_MESSAGES.notFound);
  return order;
}
