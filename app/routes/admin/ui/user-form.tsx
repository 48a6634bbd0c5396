import { getCollectionProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Link } from "react-router";
import { ErrorList, Field, FormErrors, SubmitButton, useShopForm } from "~/components/forms";
import { Form } from "~/components/post-form";
import type { CreateUserFormSchema, EditUserFormSchema } from "~/domain/admin/user-form";
import {
  PASSWORD_HINT,
  ROLE_LABELS,
  ROLES,
  requiredSummary,
  STATUS_LABELS,
  USER_STATUSES,
} from "~/domain/admin/user-labels";
import { buttonSecondary } from "./bits";

export type UserFormValues = {
  name: string;
  email: string;
  phone: string;
  address: string;
  roles: string[];
  status: string;
};

const createSchema = () => import("~/domain/admin/user-form").then((module) => module.CreateUserFormSchema);
const editSchema = () => import("~/domain/admin/user-form").then((module) => module.EditUserFormSchema);

const Required = () => (
  <span className="text-lac" aria-hidden="true">
    *
  </span>
);

/**
 * The add / edit form of the user dialog (spec section 2): name, email, password (write-only),
 * phone, address, role checkboxes, status radios. The form pattern of components/forms.tsx;
 * a missing name, email or password (on create) reads once at the top (the spec's one message),
 * and beside the field what it needs. On edit the password is optional: no mark, and the hint.
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
  result?: SubmissionResult<string[]>;
  closeTo: string;
}) {
  const { form, fields, formProps } = useShopForm<typeof CreateUserFormSchema | typeof EditUserFormSchema>({
    id: `user-${userId ?? "new"}`,
    schema: mode === "create" ? createSchema : editSchema,
    lastResult: result,
    defaultValue: initial,
  });
  // The spec's message once, above the fields; beside each field only what it needs (decisions.md).
  const required = requiredSummary(mode, {
    name: fields.name.errors,
    email: fields.email.errors,
    password: fields.password.errors,
  });
  return (
    <Form method="post" preventScrollReset className="space-y-4" {...formProps}>
      <input type="hidden" name="intent" value={mode} />
      {userId ? <input type="hidden" name="id" value={userId} /> : null}
      <FormErrors errors={form.errors ?? (required ? [required] : null)} />
      <Field
        label={
          <>
            ชื่อ-นามสกุล <Required />
          </>
        }
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "off" }}
        errors={fields.name.errors}
      />
      <Field
        label={
          <>
            อีเมล <Required />
          </>
        }
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }}
        errors={fields.email.errors}
      />
      <Field
        label={<>รหัสผ่าน {mode === "create" ? <Required /> : null}</>}
        hint={mode === "update" ? PASSWORD_HINT : undefined}
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
        errors={fields.password.errors}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="เบอร์โทรศัพท์"
          inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), inputMode: "numeric" }}
          errors={fields.phone.errors}
        />
        <Field
          label="ที่อยู่"
          inputProps={getInputProps(fields.address, { type: "text" })}
          errors={fields.address.errors}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-semibold text-stone-700">บทบาท (เลือกได้หลายบทบาท)</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {getCollectionProps(fields.roles, { type: "checkbox", options: [...ROLES] }).map(({ key, ...props }) => (
            <label key={key} className="inline-flex items-center gap-2">
              <input {...props} className="size-4 accent-indigo-ink" />
              {ROLE_LABELS[props.value as keyof typeof ROLE_LABELS]}
            </label>
          ))}
        </div>
        <ErrorList errors={fields.roles.errors} />
      </fieldset>
      <fieldset>
        <legend className="text-sm font-semibold text-stone-700">สถานะ</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {getCollectionProps(fields.status, { type: "radio", options: [...USER_STATUSES] }).map(
            ({ key, ...props }) => (
              <label key={key} className="inline-flex items-center gap-2">
                <input {...props} className="size-4 accent-indigo-ink" />
                {STATUS_LABELS[props.value as keyof typeof STATUS_LABELS]}
              </label>
            ),
          )}
        </div>
        <ErrorList errors={fields.status.errors} />
      </fieldset>
      <div className="flex justify-end gap-2 border-t border-stone-200 pt-4">
        <Link to={closeTo} preventScrollReset className={buttonSecondary}>
          ยกเลิก
        </Link>
        <SubmitButton pendingText="กำลังบันทึก...">บันทึก</SubmitButton>
      </div>
    </Form>
  );
}
