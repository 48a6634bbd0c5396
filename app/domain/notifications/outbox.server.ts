import type { Prisma } from "~/data/generated/client";
import { getLineConfig } from "~/domain/line/config.server";
import type { OrderStatusName } from "~/domain/orders/state-machine";
import { type Audience, type CancelNews, isNotifiedStatus, orderNotificationText } from "./order-messages";

type Tx = Prisma.TransactionClient;

export interface OrderNotificationInput {
  eventId: number;
  orderId: number;
  toStatus: OrderStatusName;
  /** A cancel: who canceled and why, told to both sides. */
  canceled?: CancelNews;
}

/**
 * Writes the LINE messages about one order status change into the outbox, in the caller's
 * transaction: to the customer and the tailor, each only when their account is linked with LINE.
 * Nothing is written when the shop has not connected LINE. Returns the number of rows.
 */
export async function queueOrderNotifications(tx: Tx, input: OrderNotificationInput): Promise<number> {
  const toStatus = input.toStatus;
  if (!isNotifiedStatus(toStatus)) return 0;
  return queueOrderMessage(tx, {
    eventId: input.eventId,
    orderId: input.orderId,
    audiences: ["customer", "tailor"],
    text: (audience, baseUrl) =>
      orderNotificationText({ orderId: input.orderId, toStatus, audience, baseUrl, canceled: input.canceled }),
  });
}

export interface OrderMessageInput {
  eventId: number;
  orderId: number;
  /** Who is told: a payment step tells the other side only. */
  audiences: readonly Audience[];
  text: (audience: Audience, baseUrl: string) => string;
}

/**
 * One order event's LINE messages: one outbox row per linked recipient among `audiences`; the
 * unique (event, recipient) pair keeps it to one each. Nothing without LINE configured.
 */
export async function queueOrderMessage(tx: Tx, input: OrderMessageInput): Promise<number> {
  const config = getLineConfig();
  if (!config) return 0;
  const order = await tx.order.findUnique({
    where: { id: input.orderId },
    select: { buyer: { select: { id: true, lineUserId: true } }, seller: { select: { id: true, lineUserId: true } } },
  });
  if (!order) return 0;
  const recipients = new Map<number, Audience>();
  if (input.audiences.includes("customer") && order.buyer.lineUserId) recipients.set(order.buyer.id, "customer");
  if (input.audiences.includes("tailor") && order.seller?.lineUserId && !recipients.has(order.seller.id))
    recipients.set(order.seller.id, "tailor");
  if (recipients.size === 0) return 0;
  const { count } = await tx.outboxMessage.createMany({
    data: [...recipients].map(([recipientId, audience]) => ({
      eventId: input.eventId,
      recipientId,
      text: input.text(audience, config.publicBaseUrl),
    })),
    skipDuplicates: true,
  });
  return count;
}
