import { requireApiUser } from "~/auth/guards.server";
import { listThread, postMessage } from "~/domain/messages/messages.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { httpPolicy } from "~/http/limits";
import { parseId } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.order-messages";
import { withMessageForm } from "./message-form.server";

/** Its forms carry a phone's photo, streamed by the route (app/http/limits.ts). */
export const handle = httpPolicy({ body: "photo" });

/** Who reads and writes an order's conversation: its buyer, its tailor, an admin (the domain checks which). */
const ROLES = ["user", "merchant", "admin"] as const;

/** GET /api/orders/{id}/messages → `{ items }`, oldest first (issue 48). */
export async function loader({ params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ROLES, messages: ORDER_MESSAGES });
    const orderId = parseId(params.id, ORDER_MESSAGES.notFound, ORDER_MESSAGES.badId);
    const items = await listThread(orderId, user);
    return Response.json({ items: items.map(({ mine: _mine, ...item }) => item) });
  });
}

/**
 * POST /api/orders/{id}/messages `{ text, image? }` (the image a data URL), or multipart/form-data
 * with `text` and the photo in the file field `image` → 201 with the message.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ROLES, messages: ORDER_MESSAGES });
    const orderId = parseId(params.id, ORDER_MESSAGES.notFound, ORDER_MESSAGES.badId);
    return withMessageForm(request, context, async (message) => {
      const { mine: _mine, ...item } = await postMessage(orderId, user, message);
      return Response.json(item, { status: 201 });
    });
  });
}
