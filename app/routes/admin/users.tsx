import { Link, useNavigation } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { AddressDialog } from "~/components/address-dialog";
import { FormErrors } from "~/components/form-fields";
import { lazyPart } from "~/components/lazy-part";
import { Form } from "~/components/post-form";
import { ADMIN_MESSAGES } from "~/domain/admin/messages";
import type { AdminRole, AdminUserStatus } from "~/domain/admin/user-labels";
import { type AdminUser, getUser, listUsers } from "~/domain/admin/users.server";
import { pageOf } from "~/http/params";
import { orPageError, recordFromParam } from "~/http/responses.server";
import { formatThaiDate } from "~/lib/format";
import type { Route } from "./+types/users";
import {
  buttonDanger,
  buttonPrimary,
  buttonSecondary,
  card,
  Pager,
  PageTitle,
  RoleBadge,
  smallLink,
  stackCell,
  stackHead,
  stackRow,
  stackTable,
  tableHead,
  UserStatusBadge,
} from "./ui/bits";
import { AdminLoadError } from "./ui/load-error";
import { handleUserAction, listUrl } from "./users-action.server";

/**
 * The add and edit form, with the form library (Conform), comes only when a dialog asks for it
 * (`?new`, `?edit=`): the table at rest loads neither (components/lazy-part.tsx).
 */
const UserForm = lazyPart(() => import("./ui/user-form").then((module) => module.UserForm));

export const meta: Route.MetaFunction = () => [{ title: "จัดการผู้ใช้ | ผู้ดูแลระบบ" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireUser(context, { roles: "admin" });
  const params = new URL(request.url).searchParams;
  const list = await orPageError(() => listUsers({ q: params.get("q"), page: pageOf(params) }));
  const [editing, deleting] = await Promise.all([
    recordFromParam(params.get("edit"), getUser),
    recordFromParam(params.get("delete"), getUser),
  ]);
  return {
    ...list,
    selfId: admin.id,
    creating: params.has("new"),
    editing,
    deleting,
    closeTo: listUrl(request),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireUser(context, { roles: "admin" });
  return handleUserAction(request, admin);
}

export default function ManageUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { users, total, page, pageCount, q, selfId, creating, editing, deleting, closeTo } = loaderData;
  const navigation = useNavigation();
  const withParam = (key: string, value: string) => {
    const params = new URLSearchParams(closeTo.split("?")[1] ?? "");
    params.set(key, value);
    return `?${params.toString()}`;
  };
  const pageHref = (target: number) => {
    const params = new URLSearchParams();
    if (q) params.set("q", q);
    if (target > 1) params.set("page", String(target));
    const text = params.toString();
    return text ? `?${text}` : "/admin/manage/users";
  };
  return (
    <div className="mx-auto max-w-6xl space-y-5 px-4 py-8">
      <PageTitle title="จัดการผู้ใช้" lead="เพิ่ม แก้ไข และลบบัญชีผู้ใช้ กำหนดบทบาทและสถานะ">
        <Link to={withParam("new", "1")} preventScrollReset className={buttonPrimary}>
          <span aria-hidden="true">+</span> เพิ่มผู้ใช้
        </Link>
      </PageTitle>

      <Form method="get" role="search" className="flex flex-wrap gap-2">
        <label htmlFor="user-search" className="sr-only">
          ค้นหาผู้ใช้
        </label>
        <input
          id="user-search"
          type="search"
          name="q"
          defaultValue={q}
          placeholder="ค้นหาชื่อหรืออีเมล"
          className="min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 py-2.5 sm:max-w-sm"
        />
        <button type="submit" className={buttonSecondary}>
          ค้นหา
        </button>
        {q ? (
          <Link to="/admin/manage/users" className={`${smallLink} self-center`}>
            ล้างการค้นหา
          </Link>
        ) : null}
      </Form>

      <div className={`${card} md:overflow-x-auto ${navigation.state === "loading" ? "opacity-70" : ""}`}>
        <table className={`${stackTable} md:min-w-[46rem]`}>
          <thead className={`${tableHead} ${stackHead}`}>
            <tr>
              <th scope="col">ชื่อ</th>
              <th scope="col">อีเมล</th>
              <th scope="col">บทบาท</th>
              <th scope="col">สถานะ</th>
              <th scope="col">วันที่สร้าง</th>
              <th scope="col" className="text-right">
                จัดการ
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {users.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-3 py-10 text-center text-stone-500">
                  ไม่พบข้อมูลผู้ใช้
                </td>
              </tr>
            ) : (
              users.map((user) => (
                <tr key={user.id} className={`hover:bg-cream ${stackRow}`}>
                  <td data-label="ชื่อ" className={`${stackCell} font-semibold text-stone-800`}>
                    {user.name}
                    {user.id === selfId ? <span className="ml-1 text-xs font-normal text-stone-500">(คุณ)</span> : null}
                  </td>
                  <td data-label="อีเมล" className={`${stackCell} break-all text-stone-700`}>
                    {user.email}
                  </td>
                  <td data-label="บทบาท" className={stackCell}>
                    <div className="flex flex-wrap gap-1">
                      {user.roles.map((role) => (
                        <RoleBadge key={role} role={role as AdminRole} />
                      ))}
                    </div>
                  </td>
                  <td data-label="สถานะ" className={stackCell}>
                    <UserStatusBadge status={user.status as AdminUserStatus} />
                  </td>
                  <td data-label="วันที่สร้าง" className={`${stackCell} md:whitespace-nowrap text-stone-600`}>
                    {formatThaiDate(user.createdAt)}
                  </td>
                  <td
                    data-label="จัดการ"
                    className={`${stackCell} md:whitespace-nowrap text-right max-md:justify-start`}
                  >
                    <Link
                      to={withParam("edit", String(user.id))}
                      preventScrollReset
                      className={smallLink}
                      aria-label={`แก้ไข ${user.name}`}
                    >
                      แก้ไข
                    </Link>
                    {user.id === selfId ? null : (
                      <Link
                        to={withParam("delete", String(user.id))}
                        preventScrollReset
                        className={`${smallLink} text-lac`}
                        aria-label={`ลบ ${user.name}`}
                      >
                        ลบ
                      </Link>
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager page={page} pageCount={pageCount} total={total} hrefFor={pageHref} unit="คน" />

      {creating ? (
        <AddressDialog title="เพิ่มผู้ใช้" closeTo={closeTo}>
          <UserForm
            mode="create"
            closeTo={closeTo}
            result={actionData?.result}
            initial={{ name: "", email: "", phone: "", address: "", roles: ["user"], status: "active" }}
          />
        </AddressDialog>
      ) : null}
      {editing ? (
        <AddressDialog title={`แก้ไขผู้ใช้: ${editing.name}`} closeTo={closeTo}>
          <UserForm
            mode="update"
            userId={editing.id}
            closeTo={closeTo}
            result={actionData?.result}
            initial={{
              name: editing.name,
              email: editing.email,
              phone: editing.phone ?? "",
              address: editing.address ?? "",
              roles: editing.roles,
              status: editing.status,
            }}
          />
        </AddressDialog>
      ) : null}
      {deleting ? (
        <AddressDialog title="ยืนยันการลบผู้ใช้" closeTo={closeTo}>
          <DeleteUser user={deleting} closeTo={closeTo} errors={actionData?.result.error?.[""]} />
        </AddressDialog>
      ) : null}
    </div>
  );
}

function DeleteUser({ user, closeTo, errors }: { user: AdminUser; closeTo: string; errors?: string[] | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  return (
    <Form method="post" preventScrollReset className="space-y-4">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={user.id} />
      <p>
        ต้องการลบผู้ใช้ <strong className="text-indigo-ink">{user.name}</strong> ({user.email}) ใช่หรือไม่?
      </p>
      <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-lac ring-1 ring-lac/30">การลบไม่สามารถย้อนกลับได้</p>
      <FormErrors errors={errors} />
      <div className="flex justify-end gap-2">
        <Link to={closeTo} preventScrollReset className={buttonSecondary}>
          ยกเลิก
        </Link>
        <button type="submit" className={buttonDanger} disabled={busy}>
          {busy ? "กำลังลบ..." : "ลบผู้ใช้"}
        </button>
      </div>
    </Form>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError message={ADMIN_MESSAGES.usersLoadFailed} />;
}
