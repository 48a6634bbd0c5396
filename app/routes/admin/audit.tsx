import { Link, useNavigation } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { Form } from "~/components/post-form";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_TARGET_LABELS,
  type AuditTargetType,
  isAuditAction,
} from "~/domain/audit/actions";
import { auditActors, auditFiltersOf, listAuditEntries } from "~/domain/audit/audit-log.server";
import { describeEntryChanges } from "~/domain/audit/value-labels";
import { pageOf } from "~/http/params";
import { orPageError } from "~/http/responses.server";
import { formatThaiDateTime } from "~/lib/format";
import { THAI_DAY_HINT, THAI_DAY_INVALID, thaiDayText } from "~/lib/thai-date-input";
import type { Route } from "./+types/audit";
import {
  buttonSecondary,
  card,
  Pager,
  PageTitle,
  smallLink,
  stackCell,
  stackHead,
  stackRow,
  stackTable,
  tableHead,
} from "./ui/bits";
import { AdminLoadError } from "./ui/load-error";

export const meta: Route.MetaFunction = () => [{ title: "บันทึกการทำงานของผู้ดูแล | ผู้ดูแลระบบ" }];

const PAGE = "/admin/manage/audit";

/**
 * What admins did (decision 51): filters in the address (a plain GET form, so it works without
 * JavaScript and every view can be linked), 50 entries a page, newest first, and the same
 * selection as CSV. Read only: nothing on this page changes an entry.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, { roles: "admin" });
  const params = new URL(request.url).searchParams;
  const filters = auditFiltersOf(params);
  // A day typed that is not one is said beside its field (and not filtered by).
  const dateErrors = {
    from: Boolean(params.get("from")?.trim()) && !filters.from,
    to: Boolean(params.get("to")?.trim()) && !filters.to,
  };
  const [list, actors] = await orPageError(() =>
    Promise.all([listAuditEntries(filters, pageOf(params)), auditActors()]),
  );
  return {
    ...list,
    actors,
    filters,
    query: queryOf(filters),
    dateErrors,
    typed: { from: params.get("from") ?? "", to: params.get("to") ?? "" },
  };
}

/** The filters as a query string (no page), for the pager and the CSV link. */
function queryOf(filters: ReturnType<typeof auditFiltersOf>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== null) params.set(key, String(value));
  return params.toString();
}

const TARGETS = Object.keys(AUDIT_TARGET_LABELS) as AuditTargetType[];
const field = "mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2";

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, pageCount, actors, filters, query, dateErrors, typed } = loaderData;
  const navigation = useNavigation();
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(query);
    if (target > 1) params.set("page", String(target));
    const text = params.toString();
    return text ? `${PAGE}?${text}` : PAGE;
  };
  return (
    <div className="mx-auto max-w-6xl space-y-5 px-4 py-8">
      <PageTitle
        title="บันทึกการทำงานของผู้ดูแล"
        lead="ทุกการเปลี่ยนแปลงที่ผู้ดูแลระบบทำกับผู้ใช้ แบบเสื้อ คำสั่งซื้อ และราคา บันทึกแล้วแก้ไขหรือลบไม่ได้"
      >
        <a href={`${PAGE}/export${query ? `?${query}` : ""}`} className={buttonSecondary} download>
          ดาวน์โหลด CSV
        </a>
      </PageTitle>

      <Form method="get" className={`${card} grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-3`}>
        <label className="text-sm font-semibold text-stone-700">
          การกระทำ
          <select name="action" defaultValue={filters.action ?? ""} className={field}>
            <option value="">ทั้งหมด</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold text-stone-700">
          ผู้ดูแลระบบ
          <select name="actorId" defaultValue={filters.actorId ?? ""} className={field}>
            <option value="">ทุกคน</option>
            {actors.map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.name} (#{actor.id})
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold text-stone-700">
          เรื่องของ
          <select name="targetType" defaultValue={filters.targetType ?? ""} className={field}>
            <option value="">ทุกเรื่อง</option>
            {TARGETS.map((type) => (
              <option key={type} value={type}>
                {AUDIT_TARGET_LABELS[type]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold text-stone-700">
          รหัสของเรื่อง
          <input
            name="targetId"
            type="number"
            min={1}
            inputMode="numeric"
            defaultValue={filters.targetId ?? ""}
            className={field}
          />
        </label>
        <DayField
          name="from"
          label="ตั้งแต่วันที่"
          value={dateErrors.from ? typed.from : thaiDayText(filters.from)}
          invalid={dateErrors.from}
        />
        <DayField
          name="to"
          label="ถึงวันที่"
          value={dateErrors.to ? typed.to : thaiDayText(filters.to)}
          invalid={dateErrors.to}
        />
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-3">
          <button type="submit" className={buttonSecondary}>
            กรอง
          </button>
          {query ? (
            <Link to={PAGE} className={smallLink}>
              ล้างตัวกรอง
            </Link>
          ) : null}
        </div>
      </Form>

      <div className={`${card} md:overflow-x-auto ${navigation.state === "loading" ? "opacity-70" : ""}`}>
        <table className={`${stackTable} md:min-w-[52rem]`}>
          <caption className="sr-only">บันทึกการทำงานของผู้ดูแล ใหม่สุดก่อน</caption>
          <thead className={`${tableHead} ${stackHead}`}>
            <tr>
              <th scope="col">เวลา</th>
              <th scope="col">ผู้ดูแลระบบ</th>
              <th scope="col">การกระทำ</th>
              <th scope="col">เรื่อง</th>
              <th scope="col">การเปลี่ยนแปลง</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {entries.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-3 py-10 text-center text-stone-500">
                  ไม่พบบันทึก
                </td>
              </tr>
            ) : (
              entries.map((entry) => (
                <tr key={entry.id} className={stackRow} data-testid={`audit-${entry.id}`}>
                  <td data-label="เวลา" className={`${stackCell} md:whitespace-nowrap`}>
                    {formatThaiDateTime(entry.at)}
                  </td>
                  <td data-label="ผู้ดูแลระบบ" className={stackCell}>
                    {entry.actorName}
                  </td>
                  <td data-label="การกระทำ" className={`${stackCell} font-semibold`}>
                    {isAuditAction(entry.action) ? AUDIT_ACTION_LABELS[entry.action] : entry.action}
                  </td>
                  <td data-label="เรื่อง" className={stackCell}>
                    {entry.targetLabel}
                  </td>
                  <td data-label="การเปลี่ยนแปลง" className={`${stackCell} break-words text-sm text-stone-700`}>
                    {describeEntryChanges(entry.targetType, entry.changes) || "-"}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager page={page} pageCount={pageCount} total={total} unit="รายการ" hrefFor={hrefFor} />
    </div>
  );
}

/**
 * A day filter as Thai people write it, "28/11/2569" (a plain text field: a browser's date field
 * shows its own format, often mm/dd/yyyy with a Christian-era year). A day that is not one is said
 * beside it.
 */
function DayField({ name, label, value, invalid }: { name: string; label: string; value: string; invalid: boolean }) {
  const hintId = `${name}-hint`;
  return (
    <label className="text-sm font-semibold text-stone-700">
      {label}
      <input
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="วว/ดด/ปปปป"
        defaultValue={value}
        aria-invalid={invalid || undefined}
        aria-describedby={hintId}
        className={`${field} aria-[invalid]:border-lac`}
      />
      <span id={hintId} className={`mt-1 block text-xs font-normal ${invalid ? "text-lac" : "text-stone-500"}`}>
        {invalid ? THAI_DAY_INVALID : THAI_DAY_HINT}
      </span>
    </label>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError message="เกิดข้อผิดพลาดในการโหลดบันทึกการทำงาน" />;
}
