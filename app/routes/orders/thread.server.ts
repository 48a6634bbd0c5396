import type { MessageView } from "~/domain/messages/messages";
import { listThread } from "~/domain/messages/messages.server";
import { markOrderNotificationsRead } from "~/domain/notifications/notifications.server";

/**
 * What an order page shows of its conversation (issue 48): the messages (null for a cart item,
 * which has none yet); opening the page marks what it told the reader of this order read.
 */
export async function threadOnPage(
  order: { id: number; status: string },
  reader: { id: number; roles: readonly ("user" | "merchant" | "admin")[]; name: string },
): Promise<MessageView[] | null> {
  if (order.status === "cart") return null;
  const [messages] = await Promise.all([listThread(order.id, reader), markOrderNotificationsRead(reader.id, order.id)]);
  return messages;
}
