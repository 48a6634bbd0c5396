import { getInputProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { data, Form, Link, useSearchParams } from "react-router";
import { authenticator, LoginRefused } from "~/auth/authenticator.server";
import { appendDeviceCookies } from "~/auth/device-cookie.server";
import { homeFor, requireVisitor } from "~/auth/guards.server";
import { startSession } from "~/auth/session.server";
import { Field, FormErrors, SubmitButton, useShopForm } from "~/components/forms";
import { site } from "~/content/site";
import { isLineConfigured } from "~/domain/line/config.server";
import { LoginSchema } from "~/domain/users/validation";
import { safeRedirect } from "~/http/paths";
import { pageFault } from "~/http/responses.server";
import { dataWithErrorNow, redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [{ title: `เข้าสู่ระบบ | ${site.enterpriseName}` }];

// The browser copy of the rules loads when someone starts on the form (useShopForm).
const schema = () => import("~/domain/users/validation").then((module) => module.LoginSchema);

export async function loader({ context }: Route.LoaderArgs) {
  await requireVisitor(context);
  return { lineLogin: isLineConfigured(), constraint: getZodConstraint(LoginSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireVisitor(context);
  try {
    const user = await authenticator.authenticate("form", request);
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
  const [searchParams] = useSearchParams();
  const { form, fields, formProps, focusFirst } = useShopForm({
    id: "login",
    schema,
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
  });
  const redirectTo = searchParams.get("redirectTo");
  return (
    <section className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8">
        <h1 className="text-2xl font-semibold text-indigo-ink">{site.enterpriseName}</h1>
        <p className="mt-1 text-sm text-stone-600">{site.villageAddress}</p>
        <h2 className="mt-6 text-lg font-semibold">เข้าสู่ระบบ</h2>
        <Form
          method="post"
          action={redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : undefined}
          {...formProps}
          className="mt-4 space-y-4"
        >
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
              autoFocus: focusFirst("password"),
              autoComplete: "current-password",
            }}
            errors={fields.password.errors}
          />
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
          <Link to="/register" className="font-semibold text-indigo-ink underline decoration-silk underline-offset-4">
            สมัครสมาชิก
          </Link>
        </p>
      </div>
    </section>
  );
}
