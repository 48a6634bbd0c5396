import { z } from "zod";
import { requireApiUser } from "~/auth/guards.server";
import { DomainError } from "~/domain/errors";
import {
  markNotificationsRead,
  NOTIFICATION_MESSAGES,
  unreadNotificationCount,
} from "~/domain/notifications/notifications.server";
import { readJson } from "~/http/input.server";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.notifications-read";

const ReadSchema = z.union(
  [
    z.object({ all: z.literal(true) }).strict(),
    z.object({ ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(200) }).strict(),
  ],
  { error: NOTIFICATION_MESSAGES.badIds },
);

/** POST /api/user/notifications/read `{ ids }` or `{ all: true }` → `{ marked, unread }` (others' ids change nothing). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const user = await requireApiUser(context);
    // Any body other than the two shapes gets the one message that says what is wanted.
    const parsed = ReadSchema.safeParse(await readJson(request, z.unknown()));
    if (!parsed.success) throw new DomainError("bad_input", NOTIFICATION_MESSAGES.badIds);
    const which = parsed.data;
    const marked = await markNotificationsRead(user.id, which);
    return Response.json({ marked, unread: await unreadNotificationCount(user.id) });
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
