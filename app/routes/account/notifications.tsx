import { Link, redirect, useLocation } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { Pagination } from "~/components/pagination";
import { Form } from "~/components/post-form";
import { site } from "~/content/site";
import {
  listNotifications,
  markNotificationsRead,
  NOTIFICATION_MESSAGES,
} from "~/domain/notifications/notifications.server";
import { orPageError } from "~/http/responses.server";
import { formatThaiDateTime } from "~/lib/format";
import { pageFrom } from "~/lib/paging";
import { redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/notifications";

export const meta: Route.MetaFunction = () => [{ title: `การแจ้งเตือน | ${site.enterpriseName}` }];

/** A person's notifications (issue 48), newest first, 20 a page; each leads to its order and is then read. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return orPageError(() => listNotifications(user.id, pageFrom(new URL(request.url))));
}

/** "อ่านทั้งหมดแล้ว": every one of the person's notifications is read. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context);
  await orPageError(() => markNotificationsRead(user.id, { all: true }));
  const page = new URL(request.url).search;
  if (new URL(request.url).pathname.endsWith(".data")) return { done: true };
  return page
    ? redirect(`/notifications${page}`)
    : redirectWithSuccess("/notifications", NOTIFICATION_MESSAGES.allRead);
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { unread, items, page, pageCount } = loaderData;
  const location = useLocation();
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-indigo-ink">การแจ้งเตือน</h1>
        {unread > 0 ? (
          <Form method="post">
            <button
              type="submit"
              className="min-h-11 rounded-xl px-4 py-2 font-semibold text-indigo-ink ring-1 ring-stone-300 hover:ring-indigo-ink"
            >
              อ่านทั้งหมดแล้ว
            </button>
          </Form>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-stone-600" data-testid="unread-count">
        ยังไม่ได้อ่าน {unread} รายการ
      </p>
      {items.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-white p-8 text-center text-stone-600 shadow-sm ring-1 ring-stone-200">
          ยังไม่มีการแจ้งเตือน
        </p>
      ) : (
        <ul className="mt-6 space-y-2" aria-label="รายการแจ้งเตือน">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to={`/notifications/${item.id}`}
                data-testid="notification"
                data-unread={item.readAt ? undefined : "true"}
                className={`block rounded-2xl p-4 ring-1 hover:ring-indigo-ink ${
                  item.readAt ? "bg-white ring-stone-200" : "bg-silk-soft font-semibold ring-silk/50"
                }`}
              >
                {item.readAt ? null : <span className="sr-only">ยังไม่ได้อ่าน: </span>}
                <span className="block whitespace-pre-line break-words text-stone-900">{item.text}</span>
                <span className="mt-1 block text-xs font-normal text-stone-600">
                  {formatThaiDateTime(item.createdAt)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} search={location.search} />
    </section>
  );
}
