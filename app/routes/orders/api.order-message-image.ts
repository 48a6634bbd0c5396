import { requireApiUser } from "~/auth/guards.server";
import { MESSAGE_MESSAGES } from "~/domain/messages/messages";
import { messageImage } from "~/domain/messages/messages.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { parseId } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.order-message-image";

/**
 * GET /api/orders/{id}/messages/{messageId}/image → a message's photo, for those who may read the
 * conversation only: private, never kept by shared caches.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["user", "merchant", "admin"], messages: ORDER_MESSAGES });
    const orderId = parseId(params.id, ORDER_MESSAGES.notFound, ORDER_MESSAGES.badId);
    const messageId = parseId(params.messageId, MESSAGE_MESSAGES.noImage, MESSAGE_MESSAGES.noImage);
    const image = await messageImage(orderId, messageId, user);
    return new Response(image.bytes, {
      headers: {
        "Content-Type": image.contentType,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
