import { getInputProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { LoginRefused, loginWithForm } from "~/auth/authenticator.server";
import { appendDeviceCookies } from "~/auth/device-cookie.server";
import { homeFor, requireVisitor } from "~/auth/guards.server";
import { startSession } from "~/auth/session.server";
import { Field, FormErrors, SubmitButton, useShopForm } from "~/components/forms";
import { Form } from "~/components/post-form";
import { site } from "~/content/site";
import { isLineConfigured } from "~/domain/line/config.server";
import { LoginSchema } from "~/domain/users/validation";
import { localPathOrNull, safeRedirect } from "~/http/paths";
import { pageFault } from "~/http/responses.server";
import { dataWithErrorNow, redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [{ title: `เข้าสู่ระบบ | ${site.enterpriseName}` }];

// The browser copy of the rules loads when someone starts on the form (useShopForm).
const schema = () => import("~/domain/users/validation").then((module) => module.LoginSchema);

/**
 * `?email=` fills the e-mail in (sign-up and a new password send people here with theirs);
 * `?redirectTo=` is where a login returns to, carried on to sign-up and back (only a path on this
 * site; anything else is dropped here and ignored by the action).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireVisitor(context);
  const query = new URL(request.url).searchParams;
  const email = (query.get("email") ?? "").trim();
  return {
    lineLogin: isLineConfigured(),
    constraint: getZodConstraint(LoginSchema),
    email: email.length <= 254 ? email : "",
    redirectTo: localPathOrNull(query.get("redirectTo")),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireVisitor(context);
  try {
    const user = await loginWithForm(request, context);
    const redirectTo = new URL(request.url).searchParams.get("redirectTo");
    const headers = new Headers();
    headers.append("Set-Cookie", await startSession(request, user.id));
    await appendDeviceCookies(headers, request, user.email);
    return redirectWithSuccess(safeRedirect(redirectTo, homeFor(user)), "เข้าสู่ระบบสำเร็จ", { headers });
  } catch (error) {
    if (error instanceof LoginRefused) {
      // The shop's refusal (wrong password, suspended, too many tries) is also the notice (spec section 8).
      const refusal = error.reply.error?.[""]?.[0];
      const init = {
        status: error.status,
        headers: error.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(error.retryAfterSeconds) },
      };
      if (refusal) return dataWithErrorNow(request, context, { result: error.reply }, refusal, init);
      return data({ result: error.reply }, init);
    }
    throw pageFault(error);
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { form, fields, formProps, focusFirst } = useShopForm({
    id: "login",
    schema,
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    defaultValue: loaderData.email ? { email: loaderData.email } : undefined,
  });
  const { redirectTo } = loaderData;
  const carried = redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : "";
  return (
    <section className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8">
        <h1 className="text-2xl font-semibold text-indigo-ink">{site.enterpriseName}</h1>
        <p className="mt-1 text-sm text-stone-600">{site.villageAddress}</p>
        <h2 className="mt-6 text-lg font-semibold">เข้าสู่ระบบ</h2>
        <Form method="post" action={carried || undefined} {...formProps} className="mt-4 space-y-4">
          <FormErrors errors={form.errors} autoFocus={focusFirst("")} />
          <Field
            label="อีเมล"
            inputProps={{
              ...getInputProps(fields.email, { type: "email" }),
              autoFocus: focusFirst("email"),
              autoComplete: "email",
            }}
            errors={fields.email.errors}
          />
          <Field
            label="รหัสผ่าน"
            inputProps={{
              ...getInputProps(fields.password, { type: "password" }),
              // With the e-mail filled in (after sign-up or a new password), the password is next.
              autoFocus: focusFirst("password") ?? (loaderData.email && !actionData ? true : undefined),
              autoComplete: "current-password",
            }}
            errors={fields.password.errors}
          />
          <p className="-mt-2 text-right text-sm">
            <Link
              to="/forgot-password"
              className="inline-block py-1 font-semibold text-indigo-ink underline decoration-silk underline-offset-4"
            >
              ลืมรหัสผ่าน?
            </Link>
          </p>
          <SubmitButton className="w-full" pendingText="กำลังเข้าสู่ระบบ...">
            เข้าสู่ระบบ
          </SubmitButton>
        </Form>
        {loaderData?.lineLogin ? (
          // A plain link: LINE's page is another site, reached by a redirect.
          <a
            href="/line/login"
            className="mt-3 flex w-full items-center justify-center rounded-lg bg-[#047a35] px-5 py-2.5 font-semibold text-white hover:bg-[#03662c]"
          >
            เข้าสู่ระบบด้วย LINE
          </a>
        ) : null}
        <p className="mt-6 text-center text-sm text-stone-600">
          ยังไม่มีบัญชี?{" "}
          <Link
            to={`/register${carried}`}
            className="font-semibold text-indigo-ink underline decoration-silk underline-offset-4"
          >
            สมัครสมาชิก
          </Link>
        </p>
      </div>
    </section>
  );
}
