import { data, Link, useNavigation } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { AddressDialog } from "~/components/address-dialog";
import { Refusal } from "~/components/form-fields";
import { Form } from "~/components/post-form";
import { DESIGN_TYPE_LABELS, REJECT_REASON_MAX } from "~/domain/admin/design-labels";
import {
  decideDesign,
  findPendingDesign,
  type PendingDesign,
  pendingDesignsPage,
  rejectReasonOf,
} from "~/domain/admin/designs.server";
import { ADMIN_MESSAGES } from "~/domain/admin/messages";
import { isDomainError } from "~/domain/errors";
import { formText, idOf, pageOf } from "~/http/params";
import { orPageError, pageFault } from "~/http/responses.server";
import { formatBaht, formatThaiDate, formatThaiDateTime } from "~/lib/format";
import { dataWithErrorNow, redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/designs";
import {
  buttonDanger,
  buttonSecondary,
  buttonSuccess,
  card,
  Detail,
  LoadingNote,
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

export const meta: Route.MetaFunction = () => [{ title: "จัดการแบบเสื้อ | ผู้ดูแลระบบ" }];

const PAGE = "/admin/manage/designs";

/** The table at this page (1 is the bare address): where dialogs close to and decisions return. */
function listHref(page: number): string {
  return page > 1 ? `${PAGE}?page=${page}` : PAGE;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, { roles: "admin" });
  const params = new URL(request.url).searchParams;
  const list = await orPageError(() => pendingDesignsPage(pageOf(params)));
  // A dialog's design: on this page, or read on its own (an address kept from another page).
  const pick = async (key: string) => {
    const id = idOf(params.get(key));
    if (id === null) return null;
    return list.items.find((design) => design.id === id) ?? (await orPageError(() => findPendingDesign(id)));
  };
  return {
    designs: list.items,
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    viewing: await pick("view"),
    approving: await pick("approve"),
    rejecting: await pick("reject"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireUser(context, { roles: "admin" });
  const form = await request.formData();
  const intent = form.get("intent");
  const id = idOf(form.get("id"));
  // Back to the page the decision was made on (the list pages again without the decided design).
  const back = listHref(pageOf(new URLSearchParams({ page: formText(form, "page") })));
  const failure = intent === "reject" ? ADMIN_MESSAGES.rejectFailed : ADMIN_MESSAGES.approveFailed;
  // A refused decision answers this page with why, above the list (errors stay, issue 45); the
  // notice says it too; nothing changed.
  const refused = (reason: string, status: number) =>
    dataWithErrorNow(request, context, { failure, error: reason }, reason, { status });
  if ((intent !== "approve" && intent !== "reject") || id === null) return refused(failure, 400);
  // A rejection says why (its tailor reads it): asked for in the dialog, which stays open with the
  // message beside the field until it is given.
  let reason: string | null = null;
  if (intent === "reject") {
    try {
      reason = rejectReasonOf(formText(form, "reason"));
    } catch (error) {
      if (!isDomainError(error)) throw pageFault(error);
      return data({ reasonError: error.message }, { status: 400 });
    }
    if (!reason) return data({ reasonError: ADMIN_MESSAGES.rejectReasonRequired }, { status: 400 });
  }
  try {
    await decideDesign(id, intent, admin, reason);
  } catch (error) {
    if (!isDomainError(error)) throw pageFault(error);
    return refused(error.message, error.status);
  }
  return redirectWithSuccess(
    back,
    intent === "approve" ? ADMIN_MESSAGES.designApproved : ADMIN_MESSAGES.designRejected,
  );
}

function priceText(price: number | null) {
  return price === null ? "ยังไม่กำหนดราคา" : formatBaht(price);
}

export default function ManageDesigns({ loaderData, actionData }: Route.ComponentProps) {
  const { designs, page, pageCount, total, viewing, approving, rejecting } = loaderData;
  const navigation = useNavigation();
  const back = listHref(page);
  const dialogHref = (key: "view" | "approve" | "reject", id: number) =>
    `${PAGE}?${new URLSearchParams({ ...(page > 1 ? { page: String(page) } : {}), [key]: String(id) })}`;
  return (
    <div className="mx-auto max-w-6xl space-y-5 px-4 py-8">
      <PageTitle title="จัดการแบบเสื้อ" lead="แบบเสื้อที่ร้านค้าส่งมาและรอการอนุมัติ แบบที่อนุมัติแล้วจะแสดงเป็นแบบเสื้อยอดนิยมของร้าน">
        <LoadingNote loading={navigation.state === "loading" && navigation.location?.pathname === PAGE} />
      </PageTitle>
      {actionData && "failure" in actionData ? (
        <Refusal
          title={actionData.failure === actionData.error ? undefined : actionData.failure}
          reason={actionData.error}
          testId="decision-refusal"
        />
      ) : null}
      <div className={`${card} md:overflow-x-auto`} aria-busy={navigation.state !== "idle"}>
        <table className={`${stackTable} md:min-w-[44rem]`}>
          <caption className="sr-only">แบบเสื้อที่รอการอนุมัติ</caption>
          <thead className={`${tableHead} ${stackHead}`}>
            <tr>
              <th scope="col">รหัส</th>
              <th scope="col">ชื่อร้าน</th>
              <th scope="col">ประเภท</th>
              <th scope="col">ราคา</th>
              <th scope="col">วันที่สร้าง</th>
              <th scope="col" className="text-right">
                จัดการ
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {designs.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-3 py-10 text-center text-stone-500">
                  ไม่มีแบบที่รอการอนุมัติ
                </td>
              </tr>
            ) : (
              designs.map((design) => (
                <tr key={design.id} className={`hover:bg-cream ${stackRow}`}>
                  <td data-label="รหัส" className={`${stackCell} font-semibold`}>
                    #{design.id}
                  </td>
                  <td data-label="ชื่อร้าน" className={stackCell}>
                    {design.shopName ?? "-"}
                  </td>
                  <td data-label="ประเภท" className={stackCell}>
                    {DESIGN_TYPE_LABELS[design.type]}
                  </td>
                  <td data-label="ราคา" className={`${stackCell} md:whitespace-nowrap`}>
                    {priceText(design.price)}
                  </td>
                  <td data-label="วันที่สร้าง" className={`${stackCell} md:whitespace-nowrap text-stone-600`}>
                    {formatThaiDate(design.createdAt)}
                  </td>
                  <td
                    data-label="จัดการ"
                    className={`${stackCell} md:whitespace-nowrap text-right max-md:justify-start`}
                  >
                    <Link
                      to={dialogHref("view", design.id)}
                      preventScrollReset
                      className={smallLink}
                      aria-label={`ดูแบบ #${design.id}`}
                    >
                      ดู
                    </Link>
                    <Link
                      to={dialogHref("approve", design.id)}
                      preventScrollReset
                      className={`${smallLink} text-emerald-800`}
                      aria-label={`อนุมัติแบบ #${design.id}`}
                    >
                      อนุมัติ
                    </Link>
                    <Link
                      to={dialogHref("reject", design.id)}
                      preventScrollReset
                      className={`${smallLink} text-lac`}
                      aria-label={`ปฏิเสธแบบ #${design.id}`}
                    >
                      ปฏิเสธ
                    </Link>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      {total > 0 ? <Pager page={page} pageCount={pageCount} total={total} hrefFor={listHref} unit="แบบ" /> : null}

      {viewing ? <ViewDesign design={viewing} back={back} dialogHref={dialogHref} /> : null}
      {approving ? <Confirm design={approving} decision="approve" back={back} page={page} /> : null}
      {rejecting ? (
        <Confirm
          design={rejecting}
          decision="reject"
          back={back}
          page={page}
          reasonError={actionData && "reasonError" in actionData ? actionData.reasonError : null}
        />
      ) : null}
    </div>
  );
}

function ViewDesign({
  design,
  back,
  dialogHref,
}: {
  design: PendingDesign;
  back: string;
  dialogHref: (key: "approve" | "reject", id: number) => string;
}) {
  return (
    <AddressDialog title={`แบบเสื้อ #${design.id}`} closeTo={back} wide>
      <div className="grid gap-5 sm:grid-cols-[16rem_1fr]">
        <img
          src={design.image}
          alt={`ภาพแบบเสื้อ #${design.id}`}
          width={256}
          height={256}
          className="aspect-square w-full rounded-xl bg-cream object-contain ring-1 ring-stone-200"
        />
        <dl>
          <Detail label="รหัส" value={`#${design.id}`} />
          <Detail label="ประเภท" value={DESIGN_TYPE_LABELS[design.type]} />
          <Detail label="ร้าน" value={design.shopName ?? "-"} />
          <Detail label="ราคา" value={priceText(design.price)} />
          <Detail label="วันที่สร้าง" value={formatThaiDateTime(design.createdAt)} />
        </dl>
      </div>
      <div className="mt-5 flex flex-wrap justify-end gap-2 border-t border-stone-200 pt-4">
        <Link to={back} preventScrollReset className={buttonSecondary}>
          ปิด
        </Link>
        <Link to={dialogHref("reject", design.id)} preventScrollReset className={buttonDanger}>
          ปฏิเสธ
        </Link>
        <Link to={dialogHref("approve", design.id)} preventScrollReset className={buttonSuccess}>
          อนุมัติ
        </Link>
      </div>
    </AddressDialog>
  );
}

function Confirm({
  design,
  decision,
  back,
  page,
  reasonError,
}: {
  design: PendingDesign;
  decision: "approve" | "reject";
  back: string;
  page: number;
  /** A rejection sent without a reason (or too long): said beside the field. */
  reasonError?: string | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const approve = decision === "approve";
  return (
    <AddressDialog title={approve ? "ยืนยันการอนุมัติแบบเสื้อ" : "ยืนยันการปฏิเสธแบบเสื้อ"} closeTo={back}>
      {/* Sent to the dialog's own address, so a refused rejection comes back with the dialog open. */}
      <Form
        method="post"
        action={
          approve
            ? PAGE
            : `${PAGE}?${new URLSearchParams({ ...(page > 1 ? { page: String(page) } : {}), reject: String(design.id) })}`
        }
        preventScrollReset
        className="space-y-4"
      >
        <input type="hidden" name="intent" value={decision} />
        <input type="hidden" name="id" value={design.id} />
        <input type="hidden" name="page" value={page} />
        <p>
          {approve
            ? `อนุมัติแบบเสื้อ #${design.id} ของ ${design.shopName ?? "-"} ใช่หรือไม่? แบบนี้จะแสดงเป็นแบบเสื้อยอดนิยมของร้าน`
            : `ปฏิเสธแบบเสื้อ #${design.id} ของ ${design.shopName ?? "-"} ใช่หรือไม่? แบบนี้จะไม่แสดงเป็นแบบเสื้อยอดนิยมของร้าน`}
        </p>
        {approve ? null : (
          <div>
            <label htmlFor="reject-reason" className="block text-sm font-semibold text-stone-700">
              เหตุผลที่ไม่อนุมัติ (ช่างจะเห็นข้อความนี้)
            </label>
            <textarea
              id="reject-reason"
              name="reason"
              rows={3}
              maxLength={REJECT_REASON_MAX}
              required
              // biome-ignore lint/a11y/noAutofocus: the dialog's one field, answered again after a refusal
              autoFocus
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? "reject-reason-error" : "reject-reason-hint"}
              className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 aria-[invalid]:border-lac"
              placeholder="เช่น ภาพไม่ชัด ลายไม่ตรงกับชิ้นส่วนที่เลือก"
            />
            {reasonError ? (
              <p id="reject-reason-error" role="alert" className="mt-1 text-sm text-lac">
                {reasonError}
              </p>
            ) : (
              <p id="reject-reason-hint" className="mt-1 text-xs text-stone-500">
                ไม่เกิน {REJECT_REASON_MAX} ตัวอักษร
              </p>
            )}
          </div>
        )}
        <div className="flex justify-end gap-2">
          <Link to={back} preventScrollReset className={buttonSecondary}>
            ยกเลิก
          </Link>
          <button type="submit" className={approve ? buttonSuccess : buttonDanger} disabled={busy}>
            {busy ? "กำลังดำเนินการ..." : approve ? "ยืนยันอนุมัติ" : "ยืนยันปฏิเสธ"}
          </button>
        </div>
      </Form>
    </AddressDialog>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError message={ADMIN_MESSAGES.designsLoadFailed} />;
}
