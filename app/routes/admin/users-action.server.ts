import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { ADMIN_MESSAGES } from "~/domain/admin/messages";
import { CreateUserFormSchema, EditUserFormSchema } from "~/domain/admin/user-form";
import { createUser, deleteUser, updateUser } from "~/domain/admin/users.server";
import { DomainError, isDomainError } from "~/domain/errors";
import type { SessionUser } from "~/domain/users/sessions.server";
import { idOf } from "~/http/params";
import { pageFault } from "~/http/responses.server";
import { formRefusal } from "~/lib/form-refusal";
import { dataWithError, redirectWithSuccess } from "~/lib/toast.server";

/** The user page's form posts: create, update, delete (hidden `intent`); the form pattern of components/forms.tsx. */

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

function targetId(form: FormData): number | null {
  return idOf(form.get("id"));
}

export async function handleUserAction(request: Request, admin: SessionUser) {
  const form = await request.formData();
  const intent = form.get("intent");
  const back = listUrl(request);
  const id = targetId(form);

  if (intent === "delete") {
    try {
      if (!id) throw new DomainError("bad_input", ADMIN_MESSAGES.userDeleteFailed);
      await deleteUser(id, admin);
    } catch (error) {
      if (!isDomainError(error)) throw pageFault(error);
      return dataWithError({ result: formRefusal(error.message) }, error.message, { status: error.status });
    }
    return redirectWithSuccess(back, ADMIN_MESSAGES.userDeleted);
  }
  if (intent === "create") {
    const submission = parseWithZod(form, { schema: CreateUserFormSchema });
    return save(submission, (input) => createUser(input, admin), back, ADMIN_MESSAGES.userAdded);
  }
  if (intent === "update" && id) {
    const submission = parseWithZod(form, { schema: EditUserFormSchema });
    return save(submission, (input) => updateUser(id, input, admin), back, ADMIN_MESSAGES.userUpdated);
  }
  // An edit without a usable id (or no intent at all): refused, with what was typed kept.
  const refused = parseWithZod(form, { schema: EditUserFormSchema });
  const result = refused.reply({ formErrors: [ADMIN_MESSAGES.userSaveFailed], hideFields: ["password"] });
  return data({ result }, { status: 400 });
}

/** Saves a checked form, or sends it back with its errors (the typed values kept, never the password). */
async function save<Input>(
  submission: Submission<unknown, string[], Input>,
  write: (input: Input) => Promise<unknown>,
  back: string,
  done: string,
) {
  const hideFields = ["password"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }) }, { status: 400 });
  try {
    await write(submission.value);
  } catch (error) {
    if (!isDomainError(error)) throw pageFault(error);
    const result = submission.reply({ formErrors: [error.message], hideFields });
    return dataWithError({ result }, error.message, { status: error.status });
  }
  return redirectWithSuccess(back, done);
}
