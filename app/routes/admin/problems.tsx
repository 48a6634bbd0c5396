import { data, Link } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { AddressDialog } from "~/components/address-dialog";
import { ErrorList, SubmitButton } from "~/components/form-fields";
import { Form } from "~/components/post-form";
import { DomainError, isDomainError } from "~/domain/errors";
import {
  checkProblemText,
  isProblemDecision,
  PROBLEM_DECISION_LABELS,
  PROBLEM_DECISIONS,
  PROBLEM_MESSAGES,
  PROBLEM_TEXT_MAX,
} from "~/domain/orders/problems";
import { closeProblem, listOpenProblems } from "~/domain/orders/problems.server";
import { idOf, pageOf } from "~/http/params";
import { orPageError, pageFault } from "~/http/responses.server";
import { formatThaiDateTime } from "~/lib/format";
import { dataWithErrorNow, redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/problems";
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

export const meta: Route.MetaFunction = () => [{ title: "ปัญหาคำสั่งซื้อ | ผู้ดูแลระบบ" }];

const PAGE = "/admin/manage/problems";

/**
 * The open problems buyers reported (issue 46), the one waiting longest first, 20 a page;
 * `?close=id` asks for the decision (refund due, remake, nothing more) and a note before the problem
 * is closed. The decision goes to the order's timeline, both sides (LINE too) and the audit log.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, { roles: "admin" });
  const params = new URL(request.url).searchParams;
  const list = await orPageError(() => listOpenProblems(pageOf(params)));
  const closeId = idOf(params.get("close"));
  const closing = list.items.find((problem) => problem.id === closeId) ?? null;
  return { ...list, closing };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireUser(context, { roles: "admin" });
  const form = await request.formData();
  const params = new URL(request.url).searchParams;
  params.delete("close");
  const back = params.size ? `${PAGE}?${params}` : PAGE;
  try {
    const problemId = idOf(form.get("id"));
    if (form.get("intent") !== "close" || problemId === null)
      throw new DomainError("not_found", PROBLEM_MESSAGES.notFound);
    const decision = form.get("decision");
    const note = checkProblemText(form.get("note"));
    // The decision's own refusals stay beside its fields, the question still open.
    if (!isProblemDecision(decision))
      return data({ field: "decision" as const, error: PROBLEM_MESSAGES.decisionRequired }, { status: 400 });
    if ("error" in note) return data({ field: "note" as const, error: note.error }, { status: 400 });
    await closeProblem({ problemId, admin: { id: admin.id, name: admin.name }, decision, note: note.text });
  } catch (error) {
    if (!isDomainError(error)) throw pageFault(error);
    // Gone or closed meanwhile: said above the list (and by the notice), the dialog closed.
    return dataWithErrorNow(
      request,
      context,
      { field: null, error: error.message },
      { message: PROBLEM_MESSAGES.closeFailed, description: error.message },
      { status: error.status },
    );
  }
  return redirectWithSuccess(back, PROBLEM_MESSAGES.closed);
}

export default function AdminProblems({ loaderData, actionData }: Route.ComponentProps) {
  const { items, page, pageCount, total, closing } = loaderData;
  const here = page > 1 ? `${PAGE}?page=${page}` : PAGE;
  const withClose = (id: number) => `${PAGE}?${page > 1 ? `page=${page}&` : ""}close=${id}`;
  const listError = actionData && actionData.field === null ? actionData.error : null;
  return (
    <div className="mx-auto max-w-7xl space-y-5 px-4 py-8">
      <PageTitle title="ปัญหาคำสั่งซื้อ" lead="เรื่องที่ลูกค้าแจ้งแทนการยืนยันรับสินค้า เรื่องที่รอนานที่สุดอยู่บนสุด">
        <Link to="/admin" className={buttonSecondary}>
          กลับแดชบอร์ด
        </Link>
      </PageTitle>
      {listError ? (
        <p role="alert" className="rounded-2xl bg-red-50 p-4 text-sm text-red-950 ring-1 ring-red-200">
          {listError}
        </p>
      ) : null}
      <div className={`${card} md:overflow-x-auto`}>
        <table className={`${stackTable} md:min-w-[56rem]`}>
          <thead className={`${tableHead} ${stackHead}`}>
            <tr>
              <th scope="col">คำสั่งซื้อ</th>
              <th scope="col">ลูกค้า</th>
              <th scope="col">ช่างตัด</th>
              <th scope="col">ปัญหาที่แจ้ง</th>
              <th scope="col">รูปภาพ</th>
              <th scope="col">แจ้งเมื่อ</th>
              <th scope="col" className="text-right">
                จัดการ
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {items.length === 0 ? (
              <tr>
                <td colSpan={7} className="px-3 py-10 text-center text-stone-500">
                  ไม่มีเรื่องปัญหาที่รอพิจารณา
                </td>
              </tr>
            ) : (
              items.map((problem) => (
                <tr key={problem.id} className={stackRow} data-testid={`problem-row-${problem.orderId}`}>
                  <td data-label="คำสั่งซื้อ" className={stackCell}>
                    <Link to={`/user/product/${problem.orderId}`} className={smallLink}>
                      #{problem.orderId}
                    </Link>
                  </td>
                  <td data-label="ลูกค้า" className={stackCell}>
                    {problem.buyerName}
                  </td>
                  <td data-label="ช่างตัด" className={stackCell}>
                    {problem.tailorName ?? "-"}
                  </td>
                  <td data-label="ปัญหาที่แจ้ง" className={`${stackCell} max-w-md break-words`}>
                    {problem.reason}
                  </td>
                  <td data-label="รูปภาพ" className={stackCell}>
                    {problem.photoUrl ? (
                      <a href={problem.photoUrl} target="_blank" rel="noopener" className={smallLink}>
                        ดูรูปภาพ
                      </a>
                    ) : (
                      <span className="text-stone-500">-</span>
                    )}
                  </td>
                  <td data-label="แจ้งเมื่อ" className={`${stackCell} md:whitespace-nowrap`}>
                    {formatThaiDateTime(problem.reportedAt)}
                  </td>
                  <td data-label="จัดการ" className={`${stackCell} text-right max-md:justify-start`}>
                    <Link
                      to={withClose(problem.id)}
                      preventScrollReset
                      className={smallLink}
                      aria-label={`ปิดเรื่อง คำสั่งซื้อ #${problem.orderId}`}
                    >
                      ปิดเรื่อง
                    </Link>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager
        page={page}
        pageCount={pageCount}
        total={total}
        unit="เรื่อง"
        hrefFor={(target) => `${PAGE}?page=${target}`}
      />
      {closing ? (
        <AddressDialog title={`ปิดเรื่องปัญหาของคำสั่งซื้อ #${closing.orderId}?`} closeTo={here}>
          <p className="text-sm text-stone-700">
            {closing.buyerName} แจ้งว่า: {closing.reason}
          </p>
          <p className="mt-2 text-sm text-stone-700">
            ลูกค้าและช่างตัดจะเห็นผลการพิจารณาในหน้าคำสั่งซื้อ และบันทึกในบันทึกการทำงานของผู้ดูแล
          </p>
          <Form method="post" action={withClose(closing.id)} className="mt-4 space-y-3">
            <input type="hidden" name="id" value={closing.id} />
            <fieldset
              className="space-y-1"
              aria-describedby={actionData?.field === "decision" ? "problem-decision-error" : undefined}
            >
              <legend className="font-semibold text-stone-800">ผลการพิจารณา</legend>
              {PROBLEM_DECISIONS.map((decision) => (
                <label key={decision} className="flex min-h-11 items-center gap-2">
                  <input type="radio" name="decision" value={decision} required className="size-5 accent-indigo-ink" />
                  {PROBLEM_DECISION_LABELS[decision]}
                </label>
              ))}
              <ErrorList
                id="problem-decision-error"
                errors={actionData?.field === "decision" ? [actionData.error] : null}
              />
            </fieldset>
            <label htmlFor="problem-note" className="block text-sm font-semibold text-stone-700">
              หมายเหตุถึงลูกค้าและช่างตัด (ถ้ามี)
            </label>
            <textarea
              id="problem-note"
              name="note"
              rows={2}
              maxLength={PROBLEM_TEXT_MAX}
              className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base"
            />
            <ErrorList errors={actionData?.field === "note" ? [actionData.error] : null} />
            <div className="flex flex-wrap justify-end gap-2">
              <Link to={here} preventScrollReset className={buttonSecondary}>
                กลับ ไม่ปิดเรื่อง
              </Link>
              <SubmitButton name="intent" value="close" pendingText="กำลังบันทึก…" className="min-h-11">
                ปิดเรื่อง
              </SubmitButton>
            </div>
          </Form>
        </AddressDialog>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError message="ไม่สามารถโหลดเรื่องปัญหาคำสั่งซื้อได้" />;
}
