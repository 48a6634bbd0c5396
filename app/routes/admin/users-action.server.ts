import { data } from "react-router";
import type { z } from "zod";
import type { SessionUser } from "~/auth/session.server";
import { ADMIN_MESSAGES } from "~/domain/admin/messages";
import { CreateUserSchema, EditUserSchema } from "~/domain/admin/user-form";
import { createUser, deleteUser, updateUser } from "~/domain/admin/users.server";
import { isDomainError } from "~/domain/errors";
import { dataWithError, redirectWithSuccess } from "~/lib/toast.server";

/** The user page's form posts: create, update, delete (hidden `intent`). */

export interface UserFormValues {
  name: string;
  email: string;
  phone: string;
  address: string;
  roles: string[];
  status: string;
}

export interface UserActionData {
  intent: "create" | "update" | "delete";
  errors?: Record<string, string[]>;
  formError?: string;
  values?: UserFormValues;
}

/** The list's address without the dialog (keeps search and page). */
export function listUrl(request: Request): string {
  const params = new URL(request.url).searchParams;
  const kept = new URLSearchParams();
  for (const key of ["q", "page"]) {
    const value = params.get(key);
    if (value) kept.set(key, value);
  }
  const search = kept.toString();
  return `/admin/manage/users${search ? `?${search}` : ""}`;
}

function formValues(form: FormData): UserFormValues & { password: string } {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  return {
    name: text("name"),
    email: text("email"),
    password: text("password"),
    phone: text("phone"),
    address: text("address"),
    roles: form.getAll("roles").filter((value): value is string => typeof value === "string"),
    status: text("status") || "active",
  };
}

function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= [];
    const messages = errors[key];
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return errors;
}

function targetId(form: FormData): number | null {
  const id = Number(form.get("id"));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export async function handleUserAction(request: Request, admin: SessionUser) {
  const form = await request.formData();
  const intent = form.get("intent");
  const back = listUrl(request);

  if (intent === "delete") {
    const id = targetId(form);
    if (!id)
      return dataWithError<UserActionData>(
        { intent: "delete", formError: ADMIN_MESSAGES.userDeleteFailed },
        ADMIN_MESSAGES.userDeleteFailed,
        { status: 400 },
      );
    try {
      await deleteUser(id, admin);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return dataWithError<UserActionData>({ intent: "delete", formError: error.message }, error.message, {
        status: error.status,
      });
    }
    return redirectWithSuccess(back, ADMIN_MESSAGES.userDeleted);
  }

  if (intent !== "create" && intent !== "update") {
    return data<UserActionData>({ intent: "create", formError: ADMIN_MESSAGES.userSaveFailed }, { status: 400 });
  }
  const { password, ...values } = formValues(form);
  const parsed = (intent === "create" ? CreateUserSchema : EditUserSchema).safeParse({ ...values, password });
  if (!parsed.success) {
    return data<UserActionData>({ intent, errors: fieldErrors(parsed.error), values }, { status: 400 });
  }
  try {
    if (intent === "create") {
      await createUser(parsed.data as z.output<typeof CreateUserSchema>);
    } else {
      const id = targetId(form);
      if (!id)
        return data<UserActionData>({ intent, formError: ADMIN_MESSAGES.userSaveFailed, values }, { status: 400 });
      await updateUser(id, parsed.data, admin);
    }
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return dataWithError<UserActionData>({ intent, formError: error.message, values }, error.message, {
      status: error.status,
    });
  }
  return redirectWithSuccess(back, intent === "create" ? ADMIN_MESSAGES.userAdded : ADMIN_MESSAGES.userUpdated);
}
