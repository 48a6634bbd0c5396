import { Form, Link, useNavigation } from "react-router";
import { PASSWORD_HINT, ROLE_LABELS, ROLES, STATUS_LABELS, USER_STATUSES } from "~/domain/admin/user-form";
import type { UserActionData, UserFormValues } from "../users-action.server";
import { buttonPrimary, buttonSecondary } from "./bits";

const input =
  "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base shadow-inner focus:border-indigo-ink focus:outline-none focus:ring-2 focus:ring-silk/50 aria-[invalid]:border-lac";

function Errors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-lac">
      {errors.join(" ")}
    </p>
  );
}

/**
 * The add / edit form of the user dialog (spec section 2): name, email, password (write-only),
 * phone, address, role checkboxes, status radios. The browser's own checks are off so the
 * server's Thai messages are what people read.
 */
export function UserForm({
  mode,
  userId,
  initial,
  result,
  closeTo,
}: {
  mode: "create" | "update";
  userId?: number;
  initial: UserFormValues;
  result?: UserActionData;
  closeTo: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === mode;
  const mine = result?.intent === mode ? result : undefined;
  const values = mine?.values ?? initial;
  const errors = mine?.errors ?? {};
  const field = (name: keyof UserFormValues | "password") => ({
    id: `user-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `user-${name}-error` : undefined,
  });
  const required = errors.name?.[0] ?? errors.email?.[0] ?? errors.password?.[0];
  return (
    <Form method="post" noValidate preventScrollReset className="space-y-4" key={`${mode}-${userId ?? "new"}`}>
      <input type="hidden" name="intent" value={mode} />
      {userId ? <input type="hidden" name="id" value={userId} /> : null}
      {mine?.formError || required ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-lac ring-1 ring-lac/30">
          {mine?.formError ?? required}
        </p>
      ) : null}
      <div>
        <label htmlFor="user-name" className="block text-sm font-semibold text-stone-700">
          ชื่อ-นามสกุล{" "}
          <span className="text-lac" aria-hidden="true">
            *
          </span>
        </label>
        <input {...field("name")} defaultValue={values.name} autoComplete="off" className={input} />
        <Errors id="user-name-error" errors={errors.name} />
      </div>
      <div>
        <label htmlFor="user-email" className="block text-sm font-semibold text-stone-700">
          อีเมล{" "}
          <span className="text-lac" aria-hidden="true">
            *
          </span>
        </label>
        <input {...field("email")} type="email" defaultValue={values.email} autoComplete="off" className={input} />
        <Errors id="user-email-error" errors={errors.email} />
      </div>
      <div>
        <label htmlFor="user-password" className="block text-sm font-semibold text-stone-700">
          รหัสผ่าน{" "}
          {mode === "create" ? (
            <span className="text-lac" aria-hidden="true">
              *
            </span>
          ) : null}
        </label>
        <input
          {...field("password")}
          type="password"
          autoComplete="new-password"
          aria-describedby={mode === "update" ? "user-password-hint" : field("password")["aria-describedby"]}
          className={input}
        />
        {mode === "update" ? (
          <p id="user-password-hint" className="mt-1 text-xs text-stone-500">
            {PASSWORD_HINT}
          </p>
        ) : null}
        <Errors id="user-password-error" errors={errors.password} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="user-phone" className="block text-sm font-semibold text-stone-700">
            เบอร์โทรศัพท์
          </label>
          <input {...field("phone")} type="tel" inputMode="numeric" defaultValue={values.phone} className={input} />
          <Errors id="user-phone-error" errors={errors.phone} />
        </div>
        <div>
          <label htmlFor="user-address" className="block text-sm font-semibold text-stone-700">
            ที่อยู่
          </label>
          <input {...field("address")} defaultValue={values.address} className={input} />
          <Errors id="user-address-error" errors={errors.address} />
        </div>
      </div>
      <fieldset>
        <legend className="text-sm font-semibold text-stone-700">บทบาท (เลือกได้หลายบทบาท)</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {ROLES.map((role) => (
            <label key={role} className="inline-flex items-center gap-2">
              <input
                type="checkbox"
                name="roles"
                value={role}
                defaultChecked={values.roles.includes(role)}
                className="size-4 accent-indigo-ink"
              />
              {ROLE_LABELS[role]}
            </label>
          ))}
        </div>
        <Errors id="user-roles-error" errors={errors.roles} />
      </fieldset>
      <fieldset>
        <legend className="text-sm font-semibold text-stone-700">สถานะ</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {USER_STATUSES.map((status) => (
            <label key={status} className="inline-flex items-center gap-2">
              <input
                type="radio"
                name="status"
                value={status}
                defaultChecked={values.status === status}
                className="size-4 accent-indigo-ink"
              />
              {STATUS_LABELS[status]}
            </label>
          ))}
        </div>
        <Errors id="user-status-error" errors={errors.status} />
      </fieldset>
      <div className="flex justify-end gap-2 border-t border-stone-200 pt-4">
        <Link to={closeTo} preventScrollReset className={buttonSecondary}>
          ยกเลิก
        </Link>
        <button type="submit" className={buttonPrimary} disabled={busy}>
          {busy ? "กำลังบันทึก..." : "บันทึก"}
        </button>
      </div>
    </Form>
  );
}
