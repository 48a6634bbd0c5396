import type { MiddlewareFunction } from "react-router";
import { getOptionalUser } from "~/auth/guards.server";
import type { MessageView } from "~/domain/messages/messages";
import { listThreadOf } from "~/domain/messages/messages.server";
import { markOrderNotificationsRead } from "~/domain/notifications/notifications.server";
import { idOf } from "~/http/params";

/** What an order page shows of its conversation (issue 48): the messages, null for a cart item (none yet). */
export async function threadOnPage(
  order: { id: number; status: string; buyerId: number; sellerId: number | null },
  reader: { id: number; roles: readonly ("user" | "merchant" | "admin")[]; name: string },
): Promise<MessageView[] | null> {
  if (order.status === "cart") return null;
  return listThreadOf(order, reader);
}

/**
 * The order pages' middleware (issue 48): opening an order's page reads what the shop told the
 * reader of that order. It runs before the page's loaders, the root's among them, so the header's
 * bell drawn with this very page already counts them read. Only the reader's own notifications
 * change, so it needs no other check; a failure here never stops the page.
 */
export const readOrderNotifications: MiddlewareFunction<Response> = async ({ request, params, context }, next) => {
  const orderId = idOf(params.id);
  if (request.method === "GET" && orderId !== null) {
    const user = await getOptionalUser(context).catch(() => null);
    if (user) await markOrderNotificationsRead(user.id, orderId).catch(() => undefined);
  }
  return next();
};
