import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { Refusal } from "~/components/form-fields";
import { lazyPart } from "~/components/lazy-part";
import { Stars } from "~/components/reviews";
import { isDomainError } from "~/domain/errors";
import { hideReviewSchema } from "~/domain/reviews/review-forms";
import { REVIEW_MESSAGES } from "~/domain/reviews/review-rules";
import { hideReview, listReviewsForAdmin } from "~/domain/reviews/reviews.server";
import { idOf, pageOf } from "~/http/params";
import { orPageError, pageFault } from "~/http/responses.server";
import { formatThaiDateTime } from "~/lib/format";
import { dataWithErrorNow, redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/reviews";
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

/**
 * The hide dialog's form, with the form library (Conform), comes only when `?hide=` asks for it:
 * the list at rest loads neither (components/lazy-part.tsx).
 */
const HideDialog = lazyPart(() => import("./ui/hide-review-dialog").then((module) => module.HideReviewDialog));

export const meta: Route.MetaFunction = () => [{ title: "รีวิวช่างตัด | ผู้ดูแลระบบ" }];

const PAGE = "/admin/manage/reviews";

/**
 * Every review of the shop, newest first, 20 a page; `?hide=id` asks for the reason before a
 * review is hidden (recorded in the audit log). A hidden review leaves the public pages; its
 * author and the tailor still see it, marked hidden with the reason.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, { roles: "admin" });
  const params = new URL(request.url).searchParams;
  const list = await orPageError(() => listReviewsForAdmin(pageOf(params)));
  const hideId = idOf(params.get("hide"));
  const hiding = list.items.find((review) => review.id === hideId && !review.hidden) ?? null;
  return { ...list, hiding };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireUser(context, { roles: "admin" });
  const form = await request.formData();
  const id = idOf(form.get("id"));
  // Back to the page the dialog was opened over, without the dialog.
  const params = new URL(request.url).searchParams;
  params.delete("hide");
  const back = params.size ? `${PAGE}?${params}` : PAGE;
  // A refused hide answers this page with why, above the list (errors stay, issue 45); nothing changed.
  const refused = (reason: string, status: number) =>
    dataWithErrorNow(request, context, { error: reason }, reason, { status });
  if (form.get("intent") !== "hide" || id === null) return refused(REVIEW_MESSAGES.notFound, 404);
  const submission = parseWithZod(form, { schema: hideReviewSchema() });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    await hideReview(id, { id: admin.id, name: admin.name }, submission.value.reason);
  } catch (error) {
    if (!isDomainError(error)) throw pageFault(error);
    return refused(error.message, error.status);
  }
  return redirectWithSuccess(back, REVIEW_MESSAGES.hidden);
}

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { items, page, pageCount, total, hiding } = loaderData;
  const here = page > 1 ? `${PAGE}?page=${page}` : PAGE;
  const withHide = (id: number) => `${PAGE}?${page > 1 ? `page=${page}&` : ""}hide=${id}`;
  return (
    <div className="mx-auto max-w-7xl space-y-5 px-4 py-8">
      <PageTitle title="รีวิวช่างตัด" lead="รีวิวทั้งหมดจากลูกค้า ซ่อนรีวิวที่ไม่เหมาะสมได้พร้อมเหตุผล">
        <Link to="/admin" className={buttonSecondary}>
          กลับแดชบอร์ด
        </Link>
      </PageTitle>
      {actionData && "error" in actionData ? <Refusal reason={actionData.error} testId="hide-refusal" /> : null}
      <div className={`${card} md:overflow-x-auto`}>
        <table className={`${stackTable} md:min-w-[56rem]`}>
          <thead className={`${tableHead} ${stackHead}`}>
            <tr>
              <th scope="col">ร้าน</th>
              <th scope="col">คะแนน</th>
              <th scope="col">ความคิดเห็น</th>
              <th scope="col">ผู้เขียน</th>
              <th scope="col">วันที่</th>
              <th scope="col">สถานะ</th>
              <th scope="col" className="text-right">
                จัดการ
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {items.length === 0 ? (
              <tr>
                <td colSpan={7} className="px-3 py-10 text-center text-stone-500">
                  ยังไม่มีรีวิว
                </td>
              </tr>
            ) : (
              items.map((review) => (
                <tr key={review.id} className={stackRow} data-testid={`review-row-${review.id}`}>
                  <td data-label="ร้าน" className={stackCell}>
                    {review.tailor}
                  </td>
                  <td data-label="คะแนน" className={stackCell}>
                    <Stars rating={review.rating} />
                  </td>
                  <td data-label="ความคิดเห็น" className={`${stackCell} max-w-md break-words whitespace-pre-line`}>
                    {review.comment ?? <span className="text-stone-500">-</span>}
                  </td>
                  <td data-label="ผู้เขียน" className={stackCell}>
                    {review.author} (คำสั่งซื้อ #{review.orderId})
                  </td>
                  <td data-label="วันที่" className={`${stackCell} md:whitespace-nowrap`}>
                    {formatThaiDateTime(review.createdAt)}
                  </td>
                  <td data-label="สถานะ" className={stackCell}>
                    {review.hidden ? `ซ่อนแล้ว: ${review.hidden.reason ?? ""}` : "แสดงอยู่"}
                  </td>
                  <td data-label="จัดการ" className={`${stackCell} text-right max-md:justify-start`}>
                    {review.hidden ? null : (
                      <Link
                        to={withHide(review.id)}
                        preventScrollReset
                        className={smallLink}
                        aria-label={`ซ่อน รีวิวของคำสั่งซื้อ #${review.orderId}`}
                      >
                        ซ่อน
                      </Link>
                    )}
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
        unit="รีวิว"
        hrefFor={(target) => `${PAGE}?page=${target}`}
      />
      {hiding ? (
        <HideDialog
          review={hiding}
          closeTo={here}
          action={withHide(hiding.id)}
          result={actionData && "result" in actionData ? actionData.result : undefined}
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError message="ไม่สามารถโหลดรีวิวได้" />;
}
