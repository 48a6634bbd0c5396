import { requireApiUser } from "~/auth/guards.server";
import { listNotifications } from "~/domain/notifications/notifications.server";
import { pageOf } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.notifications";

/** GET /api/user/notifications[?page=] → `{ unread, items }`, newest first, 20 a page (issue 48). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(context);
    const { unread, items, page, pageCount } = await listNotifications(
      user.id,
      pageOf(new URL(request.url).searchParams),
    );
    return Response.json({
      unread,
      items: items.map(({ href: _href, ...item }) => item),
      page,
      pageCount,
    });
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
