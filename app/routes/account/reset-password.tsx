import { getInputProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { endSession } from "~/auth/session.server";
import { Field, FormErrors, SubmitButton, useShopForm } from "~/components/forms";
import { Form } from "~/components/post-form";
import { site } from "~/content/site";
import { RESET_MESSAGES, type ResetLinkProblem } from "~/domain/users/password-reset";
import { ResetLinkRefused, resetLinkProblem, setPasswordWithLink } from "~/domain/users/password-reset.server";
import { ResetPasswordSchema } from "~/domain/users/validation";
import { pageFault } from "~/http/responses.server";
import { dataWithErrorNow, redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [
  { title: `ตั้งรหัสผ่านใหม่ | ${site.enterpriseName}` },
  // The address holds the link's token: no other site is told even where the page is. Not
  // "no-referrer", which makes a browser send "Origin: null" with the form, and the shop refuses that.
  { name: "referrer", content: "same-origin" },
];

// The browser copy of the rules loads when someone starts on the form (useShopForm).
const schema = () => import("~/domain/users/validation").then((module) => module.ResetPasswordSchema);

const STATUS_OF: Record<ResetLinkProblem, number> = { unknown: 404, expired: 409, used: 409, inactive: 403 };

/**
 * /reset-password/{token}: the link of a "forgot password" request (password-reset.server.ts).
 * A link that can set a password shows the form (sign-up's password rules); one that is no link,
 * has run out or was used says so, with the way to ask for a new one, in place of the form. A
 * new password ends every session of the account and leads to the login form with the e-mail in.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const constraint = getZodConstraint(ResetPasswordSchema);
  let problem: ResetLinkProblem | null;
  try {
    problem = await resetLinkProblem(params.token);
  } catch (error) {
    throw pageFault(error);
  }
  if (problem) return data({ problem, message: RESET_MESSAGES[problem], constraint }, { status: STATUS_OF[problem] });
  return { problem: null, message: null, constraint };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ResetPasswordSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }) }, { status: 400 });
  let email: string;
  try {
    ({ email } = await setPasswordWithLink(params.token, submission.value.password));
  } catch (error) {
    if (error instanceof ResetLinkRefused)
      return dataWithErrorNow(
        request,
        context,
        { result: submission.reply({ formErrors: [error.message], hideFields }), problem: error.problem },
        error.message,
        { status: error.status },
      );
    throw pageFault(error);
  }
  // Every session of the account has ended; this browser's cookie goes too.
  const setCookie = await endSession(request).catch(() => "");
  return redirectWithSuccess(`/login?${new URLSearchParams({ email })}`, RESET_MESSAGES.done, {
    headers: setCookie ? { "Set-Cookie": setCookie } : undefined,
  });
}

const LINK = "font-semibold text-indigo-ink underline decoration-silk underline-offset-4";

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { form, fields, formProps, focusFirst } = useShopForm({
    id: "reset-password",
    schema,
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
  });
  // The link's refusal, from the page's load or from the form just sent: it stays on the page.
  const problem = (actionData as { problem?: ResetLinkProblem } | undefined)?.problem ?? loaderData.problem;
  const refusal = problem ? RESET_MESSAGES[problem] : null;
  return (
    <section className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8">
        <h1 className="text-2xl font-semibold text-indigo-ink">ตั้งรหัสผ่านใหม่</h1>
        {refusal ? (
          <div className="mt-4 space-y-4">
            <FormErrors errors={[refusal]} autoFocus={focusFirst("")} />
            {problem === "inactive" ? (
              <p className="text-sm text-stone-700">
                <Link to="/contact" className={`inline-block py-1 ${LINK}`}>
                  ติดต่อร้าน
                </Link>
              </p>
            ) : (
              <Link
                to="/forgot-password"
                className="inline-flex w-full items-center justify-center rounded-lg bg-indigo-ink px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-indigo-deep"
              >
                ขอลิงก์ใหม่
              </Link>
            )}
          </div>
        ) : (
          <>
            <p className="mt-3 text-stone-700">ตั้งรหัสผ่านใหม่สำหรับบัญชีของคุณ เมื่อบันทึกแล้ว ทุกเครื่องที่เข้าสู่ระบบไว้จะออกจากระบบ</p>
            <Form method="post" {...formProps} className="mt-4 space-y-4">
              <FormErrors errors={form.errors} autoFocus={focusFirst("")} />
              <Field
                label="รหัสผ่านใหม่"
                hint="อย่างน้อย 8 ตัวอักษร"
                inputProps={{
                  ...getInputProps(fields.password, { type: "password" }),
                  autoFocus: focusFirst("password"),
                  autoComplete: "new-password",
                }}
                errors={fields.password.errors}
              />
              <Field
                label="ยืนยันรหัสผ่านใหม่"
                inputProps={{
                  ...getInputProps(fields.confirmPassword, { type: "password" }),
                  autoFocus: focusFirst("confirmPassword"),
                  autoComplete: "new-password",
                }}
                errors={fields.confirmPassword.errors}
              />
              <SubmitButton className="w-full" pendingText="กำลังบันทึก...">
                ตั้งรหัสผ่านใหม่
              </SubmitButton>
            </Form>
          </>
        )}
        <p className="mt-6 text-center text-sm text-stone-600">
          <Link to="/login" className={`inline-block py-1 ${LINK}`}>
            กลับไปเข้าสู่ระบบ
          </Link>
        </p>
      </div>
    </section>
  );
}
