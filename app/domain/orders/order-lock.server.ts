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

/**
 * For a status move (moveOrder): locks the order's row before anything of the move is written.
 * The move writes its event, messages and payment first and the status last (see moveOrder); their
 * foreign keys take a share lock on the row, and two moves of one order each holding that share
 * would deadlock on the update (placing an order changes its cart line, a key). Locked first, the
 * second move waits here and then finds the status moved.
 */
export async function lockOrderForMove(tx: Prisma.TransactionClient, orderId: number): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "Order" WHERE "id" = ${orderId} FOR UPDATE`;
}
