import type { Prisma } from "~/data/generated/client";
import { getLineConfig } from "~/domain/line/config.server";
import type { OrderStatusName } from "~/domain/orders/state-machine";
import { type Audience, isNotifiedStatus, orderNotificationText } from "./order-messages";

type Tx = Prisma.TransactionClient;

export interface OrderNotificationInput {
  eventId: number;
  orderId: number;
  toStatus: OrderStatusName;
}

/**
 * Writes the LINE messages about one order event into the outbox, in the caller's
 * transaction: one row per recipient (the customer and the tailor, each only when their
 * account is linked with LINE). The unique (event, recipient) pair keeps it to one each.
 * Nothing is written when the shop has not connected LINE. Returns the number of rows.
 */
export async function queueOrderNotifications(tx: Tx, input: OrderNotificationInput): Promise<number> {
  const config = getLineConfig();
  if (!config || !isNotifiedStatus(input.toStatus)) return 0;
  const order = await tx.order.findUnique({
    where: { id: input.orderId },
    select: { buyer: { select: { id: true, lineUserId: true } }, seller: { select: { id: true, lineUserId: true } } },
  });
  if (!order) return 0;
  const recipients = new Map<number, Audience>();
  if (order.buyer.lineUserId) recipients.set(order.buyer.id, "customer");
  if (order.seller?.lineUserId && !recipients.has(order.seller.id)) recipients.set(order.seller.id, "tailor");
  if (recipients.size === 0) return 0;
  const toStatus = input.toStatus;
  const { count } = await tx.outboxMessage.createMany({
    data: [...recipients].map(([recipientId, audience]) => ({
      eventId: input.eventId,
      recipientId,
      text: orderNotificationText({ orderId: input.orderId, toStatus, audience, baseUrl: config.publicBaseUrl }),
    })),
    skipDuplicates: true,
  });
  return count;
}
