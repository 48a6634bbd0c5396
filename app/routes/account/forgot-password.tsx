import { getInputProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { clientAddressOf } from "~/auth/authenticator.server";
import { Field, FormErrors, SubmitButton, useShopForm } from "~/components/forms";
import { Form } from "~/components/post-form";
import { site } from "~/content/site";
import { RESET_MESSAGES, tooManyResetRequests } from "~/domain/users/password-reset";
import { requestPasswordReset, resetChannels } from "~/domain/users/password-reset.server";
import { ForgotPasswordSchema } from "~/domain/users/validation";
import { pageFault } from "~/http/responses.server";
import { formRefusal } from "~/lib/form-refusal";
import { dataWithErrorNow, redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => [{ title: `ลืมรหัสผ่าน | ${site.enterpriseName}` }];

// The browser copy of the rules loads when someone starts on the form (useShopForm).
const schema = () => import("~/domain/users/validation").then((module) => module.ForgotPasswordSchema);

const NO_WAY_TO_SEND = "ร้านยังส่งลิงก์ตั้งรหัสผ่านใหม่ทางอีเมลหรือ LINE ไม่ได้ กรุณาติดต่อร้านเพื่อขอตั้งรหัสผ่านใหม่";

/**
 * /forgot-password (issue 45): an e-mail in, the same answer out whether it has an account or not
 * (app/domain/users/password-reset.server.ts). The link goes by e-mail (SMTP_URL) and by LINE to
 * accounts that linked it; with neither, the page says how to reach the shop instead of a form.
 * `?sent=1` is the page after a request: what was done, in words that never say whether the
 * e-mail has an account.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return {
    channels: resetChannels(),
    sent: new URL(request.url).searchParams.get("sent") === "1",
    constraint: getZodConstraint(ForgotPasswordSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const channels = resetChannels();
  if (!channels.mail && !channels.line)
    return dataWithErrorNow(request, context, { result: formRefusal(NO_WAY_TO_SEND) }, NO_WAY_TO_SEND, {
      status: 409,
    });
  const submission = parseWithZod(await request.formData(), { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  let outcome: Awaited<ReturnType<typeof requestPasswordReset>>;
  try {
    outcome = await requestPasswordReset(submission.value.email, clientAddressOf(context));
  } catch (error) {
    throw pageFault(error);
  }
  if (!outcome.allowed) {
    const message = tooManyResetRequests(outcome.retryAfterSeconds);
    return dataWithErrorNow(request, context, { result: submission.reply({ formErrors: [message] }) }, message, {
      status: 429,
      headers: { "Retry-After": String(outcome.retryAfterSeconds) },
    });
  }
  return redirectWithSuccess("/forgot-password?sent=1", RESET_MESSAGES.sentNotice);
}

const LINK = "font-semibold text-indigo-ink underline decoration-silk underline-offset-4";

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { channels, sent } = loaderData;
  const { form, fields, formProps, focusFirst } = useShopForm({
    id: "forgot-password",
    schema,
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
  });
  const canSend = channels.mail || channels.line;
  const how =
    channels.mail && channels.line
      ? "ทางอีเมล และทาง LINE ถ้าบัญชีของคุณเชื่อมต่อ LINE ไว้"
      : channels.mail
        ? "ทางอีเมล"
        : "ทาง LINE ถ้าบัญชีของคุณเชื่อมต่อ LINE ไว้";
  return (
    <section className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8">
        <h1 className="text-2xl font-semibold text-indigo-ink">ลืมรหัสผ่าน</h1>
        {sent ? (
          <div
            role="status"
            className="mt-4 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200"
          >
            <p>{RESET_MESSAGES.sent}</p>
            <p className="mt-2">ถ้าไม่ได้รับภายในไม่กี่นาที ลองดูในโฟลเดอร์จดหมายขยะ หรือขอใหม่อีกครั้งด้านล่าง</p>
          </div>
        ) : null}
        {canSend ? (
          <>
            <p className="mt-3 text-stone-700">
              กรอกอีเมลที่ใช้สมัครสมาชิก เราจะส่งลิงก์สำหรับตั้งรหัสผ่านใหม่ไปให้{how} ลิงก์ใช้ได้ครั้งเดียวภายใน 60 นาที
            </p>
            <Form method="post" {...formProps} className="mt-4 space-y-4">
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
              <SubmitButton className="w-full" pendingText="กำลังส่ง...">
                ส่งลิงก์ตั้งรหัสผ่านใหม่
              </SubmitButton>
            </Form>
          </>
        ) : (
          // Said beside the contact details whether or not a form was posted (the refusal of a post says the same).
          <p className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-amber-900 ring-1 ring-amber-200">{NO_WAY_TO_SEND}</p>
        )}
        <div className="mt-6 rounded-lg bg-stone-50 px-4 py-3 text-sm text-stone-700 ring-1 ring-stone-200">
          <h2 className="font-semibold text-stone-800">{canSend ? "ยังเข้าสู่ระบบไม่ได้?" : "ติดต่อร้าน"}</h2>
          <p className="mt-1">ติดต่อร้านเพื่อขอตั้งรหัสผ่านใหม่ได้ที่</p>
          <ul className="mt-1 space-y-1">
            <li>
              {site.contact.phone.title}{" "}
              <a href={`tel:${site.contact.phone.tel}`} className={LINK}>
                {site.contact.phone.display}
              </a>
            </li>
            <li className="break-all">
              {site.contact.email.title}{" "}
              <a href={`mailto:${site.contact.email.address}`} className={LINK}>
                {site.contact.email.address}
              </a>
            </li>
          </ul>
          <p className="mt-1">
            <Link to="/contact" className={`inline-block py-1 ${LINK}`}>
              ช่องทางติดต่ออื่น ๆ
            </Link>
          </p>
        </div>
        <p className="mt-6 text-center text-sm text-stone-600">
          นึกออกแล้ว?{" "}
          <Link to="/login" className={LINK}>
            กลับไปเข้าสู่ระบบ
          </Link>
        </p>
      </div>
    </section>
  );
}
