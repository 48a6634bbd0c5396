import { requireApiUser } from "~/auth/guards.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { problemPhoto } from "~/domain/orders/problems.server";
import { parseId } from "~/http/params";
import { handleApi } from "~/http/responses.server";
import type { Route } from "./+types/api.order-problem-photo";

/**
 * GET /api/orders/{id}/problem/photo → the photo the buyer sent with a problem (issue 46), for the
 * order's buyer, its tailor or an admin only; never public, never kept by shared caches.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["user", "merchant", "admin"], messages: ORDER_MESSAGES });
    const orderId = parseId(params.id, ORDER_MESSAGES.notFound, ORDER_MESSAGES.badId);
    const photo = await problemPhoto(orderId, user);
    return new Response(photo.bytes, {
      headers: {
        "Content-Type": photo.contentType,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });
}
