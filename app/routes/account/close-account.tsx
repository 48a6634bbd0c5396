import { getInputProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { endSession } from "~/auth/session.server";
import { Field, FormErrors, SubmitButton, useShopForm } from "~/components/forms";
import { Form } from "~/components/post-form";
import { site } from "~/content/site";
import { isDomainError } from "~/domain/errors";
import { closeAccount, closingOutlook } from "~/domain/users/close-account.server";
import { PRIVACY_MESSAGES } from "~/domain/users/privacy";
import { CloseAccountSchema } from "~/domain/users/validation";
import { orPageError, pageFault } from "~/http/responses.server";
import { dataWithErrorNow, redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/close-account";

// The browser copy of the rules loads when someone starts on the form (useShopForm).
const schema = () => import("~/domain/users/validation").then((module) => module.CloseAccountSchema);

export const meta: Route.MetaFunction = () => [{ title: `ขอลบบัญชี | ${site.enterpriseName}` }];

/**
 * /profile/delete: a person closes their own account (PDPA; decision 52), confirming with their
 * password. The page says first what will happen: deleted, erased with orders kept, or not yet.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return {
    outlook: await orPageError(() => closingOutlook(user.id)),
    constraint: getZodConstraint(CloseAccountSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context);
  const submission = parseWithZod(await request.formData(), { schema: CloseAccountSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  let outcome: "deleted" | "erased";
  try {
    outcome = await closeAccount(user.id, submission.value.password);
  } catch (error) {
    if (!isDomainError(error)) throw pageFault(error);
    // A wrong password is the field's; anything else (orders in progress, the last admin) the form's.
    const reply =
      error.status === 400
        ? submission.reply({ fieldErrors: { password: [error.message] } })
        : submission.reply({ formErrors: [error.message] });
    return dataWithErrorNow(request, context, { result: reply }, PRIVACY_MESSAGES.failed, { status: error.status });
  }
  // Every session is gone already; this browser's cookie goes too.
  const setCookie = await endSession(request).catch(() => "");
  return redirectWithSuccess("/", outcome === "deleted" ? PRIVACY_MESSAGES.deleted : PRIVACY_MESSAGES.erased, {
    headers: setCookie ? { "Set-Cookie": setCookie } : undefined,
  });
}

export default function CloseAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { outlook } = loaderData;
  const { form, fields, formProps, focusFirst } = useShopForm({
    id: "close-account",
    schema,
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
  });
  return (
    <section className="mx-auto max-w-xl space-y-5 px-4 py-10">
      <h1 className="text-2xl font-semibold text-indigo-ink">ขอลบบัญชี</h1>
      {outlook === "refused" ? (
        <p className="rounded-xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200">
          {PRIVACY_MESSAGES.ordersInProgress}
        </p>
      ) : (
        <div className="space-y-2 rounded-xl bg-white p-4 text-stone-700 ring-1 ring-stone-200">
          {outlook === "deleted" ? (
            <p>บัญชีของคุณยังไม่มีคำสั่งซื้อ: บัญชี ตะกร้า สัดส่วนร่างกาย และการเข้าสู่ระบบทั้งหมดจะถูกลบ แบบเสื้อที่เคยออกแบบจะไม่มีชื่อคุณ</p>
          ) : (
            <p>
              บัญชีของคุณมีคำสั่งซื้อที่เสร็จสิ้นแล้ว ซึ่งร้านต้องเก็บเป็นหลักฐานการซื้อขาย: เราจะลบชื่อ อีเมล เบอร์โทร ที่อยู่ วันเกิด LINE และ Facebook
              ของคุณ ลบที่อยู่จัดส่งและสัดส่วนร่างกายออกจากคำสั่งซื้อเดิม และลบสัดส่วนที่บันทึกไว้ สลิปโอนเงิน รีวิวที่คุณเขียน คำตอบรีวิวของร้านคุณ
              การแจ้งเตือน และถ้อยคำกับรูปในข้อความและปัญหาที่คุณแจ้ง คำสั่งซื้อจะแสดงเป็น “{PRIVACY_MESSAGES.erasedName}”
            </p>
          )}
          <p>คุณจะออกจากระบบทุกเครื่อง การเชื่อมต่อ LINE จะถูกยกเลิก และย้อนกลับไม่ได้ การขอนี้ถูกบันทึกให้ผู้ดูแลระบบเห็น</p>
        </div>
      )}
      {outlook === "refused" ? null : (
        <Form method="post" {...formProps} className="space-y-3">
          <FormErrors errors={form.errors} autoFocus={focusFirst("")} />
          <Field
            label="ยืนยันด้วยรหัสผ่านของคุณ"
            inputProps={{
              ...getInputProps(fields.password, { type: "password" }),
              autoFocus: focusFirst("password"),
              autoComplete: "current-password",
            }}
            errors={fields.password.errors}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Link
              to="/profile/data"
              className="inline-flex min-h-11 items-center justify-center rounded-xl px-4 py-2.5 font-semibold text-indigo-ink ring-1 ring-stone-300 hover:bg-indigo-soft"
            >
              ยกเลิก ไม่ลบบัญชี
            </Link>
            <SubmitButton variant="danger" pendingText="กำลังลบ…" className="min-h-11">
              ลบบัญชีของฉัน
            </SubmitButton>
          </div>
        </Form>
      )}
    </section>
  );
}
