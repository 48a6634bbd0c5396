import { Link } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { SubmitButton } from "~/components/forms";
import { Form } from "~/components/post-form";
import { isDomainError } from "~/domain/errors";
import { isLineConfigured } from "~/domain/line/config.server";
import { LINE_MESSAGES } from "~/domain/line/messages";
import {
  listUndelivered,
  OUTBOX_MESSAGES,
  type OutboxRow,
  retryOutboxMessage,
} from "~/domain/notifications/admin-outbox.server";
import { idOf } from "~/http/params";
import { orPageError, pageFault } from "~/http/responses.server";
import { formatCount, formatThaiDateTime } from "~/lib/format";
import { redirectWithError, redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/admin-outbox";

export const meta: Route.MetaFunction = () => [{ title: "ข้อความ LINE ที่ยังส่งไม่ถึง | ผู้ดูแลระบบ" }];

const PAGE = "/admin/line-outbox";

export async function loader({ context }: Route.LoaderArgs) {
  await requireUser(context, { roles: "admin" });
  const { rows, sentCount } = await orPageError(() => listUndelivered());
  return { rows, sentCount, configured: isLineConfigured() };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(context, { roles: "admin" });
  const form = await request.formData();
  const id = idOf(form.get("id"));
  if (form.get("intent") !== "retry" || id === null) return redirectWithError(PAGE, OUTBOX_MESSAGES.notRetryable);
  try {
    await retryOutboxMessage(id);
  } catch (error) {
    if (isDomainError(error)) return redirectWithError(PAGE, error.message);
    throw pageFault(error);
  }
  return redirectWithSuccess(PAGE, OUTBOX_MESSAGES.retried);
}

export default function LineOutbox({ loaderData }: Route.ComponentProps) {
  const { rows, sentCount, configured } = loaderData;
  const failed = rows.filter((row) => row.status === "failed").length;
  return (
    <section className="mx-auto max-w-5xl px-4 py-8">
      <p className="text-sm">
        <Link to="/admin" className="inline-block py-1 text-indigo-ink underline">
          ผู้ดูแลระบบ
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-semibold text-indigo-ink">ข้อความ LINE ที่ยังส่งไม่ถึง</h1>
      <p className="mt-2 text-stone-600">
        ส่งไม่สำเร็จ {formatCount(failed)} ข้อความ · รอส่ง {formatCount(rows.length - failed)} ข้อความ · ส่งแล้วทั้งหมด{" "}
        {formatCount(sentCount)} ข้อความ
      </p>
      {configured ? null : (
        <p className="mt-3 rounded-lg bg-amber-50 px-4 py-3 text-amber-900 ring-1 ring-amber-200">
          {LINE_MESSAGES.notConfiguredHint}
        </p>
      )}
      {rows.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-white p-6 text-stone-600 shadow-sm ring-1 ring-stone-200">
          ไม่มีข้อความค้างส่ง ข้อความทั้งหมดส่งถึงผู้รับแล้ว
        </p>
      ) : (
        <ul className="mt-6 space-y-3">
          {rows.map((row) => (
            <OutboxItem key={row.id} row={row} />
          ))}
        </ul>
      )}
    </section>
  );
}

function OutboxItem({ row }: { row: OutboxRow }) {
  const failed = row.status === "failed";
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-indigo-ink">
            <span
              className={`mr-2 inline-block rounded-full px-2 py-0.5 text-xs ring-1 ${failed ? "bg-red-100 text-red-900 ring-red-300" : "bg-amber-100 text-amber-900 ring-amber-300"}`}
            >
              {failed ? "ส่งไม่สำเร็จ" : "รอส่ง"}
            </span>
            {row.orderId === null ? "การแจ้งเตือน" : `คำสั่งซื้อ #${row.orderId}`} ถึง {row.recipientName}
          </p>
          <p className="text-sm text-stone-500">{row.recipientEmail}</p>
        </div>
        <Form method="post">
          <input type="hidden" name="id" value={row.id} />
          <SubmitButton name="intent" value="retry" variant="secondary" pendingText="กำลังส่งใหม่...">
            {failed ? "ส่งใหม่" : "ส่งตอนนี้"}
          </SubmitButton>
        </Form>
      </div>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-stone-500">พยายามส่งแล้ว</dt>
        <dd>{formatCount(row.attempts)} ครั้ง</dd>
        <dt className="text-stone-500">{failed ? "สร้างเมื่อ" : "ส่งครั้งถัดไป"}</dt>
        <dd>{formatThaiDateTime(failed ? row.createdAt : row.nextAttemptAt)}</dd>
        <dt className="text-stone-500">ข้อผิดพลาดล่าสุด</dt>
        <dd className="break-words text-lac">{row.lastError ?? "-"}</dd>
      </dl>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-indigo-ink">ข้อความ</summary>
        <p className="mt-1 whitespace-pre-line break-words rounded-lg bg-cream p-3 text-stone-700">{row.text}</p>
      </details>
    </li>
  );
}
