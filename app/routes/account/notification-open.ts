import { redirect } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { NOTIFICATION_MESSAGES, openNotification } from "~/domain/notifications/notifications.server";
import { parseId } from "~/http/params";
import { orPageError } from "~/http/responses.server";
import type { Route } from "./+types/notification-open";

/** /notifications/{id}: the notification is read, and the person goes where it leads (their own only: 404). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const href = await orPageError(async () =>
    openNotification(user.id, parseId(params.id, NOTIFICATION_MESSAGES.notFound)),
  );
  return redirect(href);
}
