import { getInputProps, getTextareaProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { requireVisitor } from "~/auth/guards.server";
import { Field, FormErrors, SubmitButton, useShopForm } from "~/components/forms";
import { Form } from "~/components/post-form";
import { site } from "~/content/site";
import { isDomainError } from "~/domain/errors";
import { registerUser } from "~/domain/users/accounts.server";
import { EARLIEST_DOB, todayInBangkok } from "~/domain/users/birth-dates";
import { RegisterSchema } from "~/domain/users/validation";
import { localPathOrNull } from "~/http/paths";
import { pageFault } from "~/http/responses.server";
import { keepForVisitors } from "~/http/visitor-pages.server";
import { dataWithErrorNow, redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = () => [{ title: `สมัครสมาชิก | ${site.enterpriseName}` }];

// The browser copy of the rules loads when someone starts on the form (useShopForm).
const schema = () => import("~/domain/users/validation").then((module) => module.RegisterSchema);

/** Sign-up, as every visitor sees it (the day and the address are all it is drawn from), kept (app/http/visitor-pages.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [keepForVisitors([])];

/**
 * `?redirectTo=` (a path on this site, as the login form takes it) rides through sign-up: the
 * form posts it back, and the new customer goes on to the login form with their e-mail filled in
 * and the same `redirectTo`, so logging in returns them where they started (the designer's design).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireVisitor(context);
  return {
    today: todayInBangkok(),
    constraint: getZodConstraint(RegisterSchema),
    redirectTo: localPathOrNull(new URL(request.url).searchParams.get("redirectTo")),
    // ?name= fills the name in: the LINE name of someone who signs up from LINE (issue 50).
    name: (new URL(request.url).searchParams.get("name") ?? "").trim().slice(0, 100),
  };
}

/** The login form after sign-up: the new e-mail filled in, and where to go after logging in. */
function loginAfterSignUp(email: string, redirectTo: string | null): string {
  const query = new URLSearchParams({ email });
  if (redirectTo) query.set("redirectTo", redirectTo);
  return `/login?${query}`;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireVisitor(context);
  const redirectTo = localPathOrNull(new URL(request.url).searchParams.get("redirectTo"));
  const submission = parseWithZod(await request.formData(), { schema: RegisterSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }) }, { status: 400 });
  }
  try {
    await registerUser(submission.value);
  } catch (error) {
    // Spec: any registration failure reads 'อีเมลนี้มีผู้ใช้แล้ว', as the notice (section 8) and beside the field.
    if (isDomainError(error)) {
      return dataWithErrorNow(
        request,
        context,
        {
          result: submission.reply({
            fieldErrors: { email: [error.message] },
            hideFields: ["password", "confirmPassword"],
          }),
        },
        error.message,
        { status: error.status },
      );
    }
    throw pageFault(error);
  }
  return redirectWithSuccess(loginAfterSignUp(submission.value.email, redirectTo), "สมัครสมาชิกสำเร็จ กรุณาเข้าสู่ระบบ");
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { form, fields, formProps, focusFirst } = useShopForm({
    id: "register",
    schema,
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
  });
  const carried = loaderData.redirectTo ? `?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : "";
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8">
        <h1 className="text-2xl font-semibold text-indigo-ink">สมัครสมาชิก</h1>
        <p className="mt-1 text-sm text-stone-600">สร้างบัญชีเพื่อออกแบบเสื้อ เก็บตะกร้า และสั่งตัดกับช่างในชุมชน</p>
        <Form method="post" action={carried || undefined} {...formProps} className="mt-6 grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <FormErrors errors={form.errors} autoFocus={focusFirst("")} />
          </div>
          <Field
            className="sm:col-span-2"
            label="ชื่อ-นามสกุล"
            inputProps={{
              ...getInputProps(fields.name, { type: "text" }),
              defaultValue: fields.name.initialValue ?? (loaderData.name || undefined),
              autoFocus: focusFirst("name"),
              autoComplete: "name",
            }}
            errors={fields.name.errors}
          />
          <Field
            className="sm:col-span-2"
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
            hint="อย่างน้อย 8 ตัวอักษร"
            inputProps={{
              ...getInputProps(fields.password, { type: "password" }),
              autoFocus: focusFirst("password"),
              autoComplete: "new-password",
            }}
            errors={fields.password.errors}
          />
          <Field
            label="ยืนยันรหัสผ่าน"
            inputProps={{
              ...getInputProps(fields.confirmPassword, { type: "password" }),
              autoFocus: focusFirst("confirmPassword"),
              autoComplete: "new-password",
            }}
            errors={fields.confirmPassword.errors}
          />
          <Field
            label="เบอร์โทรศัพท์"
            hint="ตัวเลข 10 หลัก"
            inputProps={{
              ...getInputProps(fields.phone, { type: "tel" }),
              autoFocus: focusFirst("phone"),
              autoComplete: "tel",
              inputMode: "numeric",
            }}
            errors={fields.phone.errors}
          />
          <Field
            label="วันเกิด"
            inputProps={{
              ...getInputProps(fields.dob, { type: "date" }),
              autoFocus: focusFirst("dob"),
              min: EARLIEST_DOB,
              max: loaderData.today,
            }}
            errors={fields.dob.errors}
          />
          <Field
            className="sm:col-span-2"
            label="ที่อยู่สำหรับจัดส่ง (ใส่ภายหลังได้)"
            // Said as it is: ordering needs it, and the cart asks for it then (decision 96).
            hint="ต้องมีที่อยู่เมื่อสั่งตัดเสื้อ หากยังไม่ใส่ตอนนี้ เพิ่มได้ในตะกร้าก่อนสั่ง"
            textareaProps={{
              ...getTextareaProps(fields.address),
              autoFocus: focusFirst("address"),
              autoComplete: "street-address",
            }}
            errors={fields.address.errors}
          />
          <Field
            label="LINE ID (ไม่บังคับ)"
            inputProps={{ ...getInputProps(fields.lineId, { type: "text" }), autoFocus: focusFirst("lineId") }}
            errors={fields.lineId.errors}
          />
          <Field
            label="ชื่อ Facebook (ไม่บังคับ)"
            inputProps={{
              ...getInputProps(fields.facebookName, { type: "text" }),
              autoFocus: focusFirst("facebookName"),
            }}
            errors={fields.facebookName.errors}
          />
          <div className="sm:col-span-2">
            <p id="privacy-consent" className="mb-3 text-sm text-stone-600">
              การสมัครสมาชิกถือว่าคุณได้อ่านและยอมรับ{" "}
              <Link to="/privacy" className="font-semibold text-indigo-ink underline underline-offset-2">
                นโยบายความเป็นส่วนตัว
              </Link>{" "}
              ว่าร้านเก็บและใช้ข้อมูลของคุณอย่างไร
            </p>
            <SubmitButton className="w-full" pendingText="กำลังสมัครสมาชิก...">
              สมัครสมาชิก
            </SubmitButton>
          </div>
        </Form>
        <p className="mt-6 text-center text-sm text-stone-600">
          มีบัญชีอยู่แล้ว?{" "}
          <Link
            to={`/login${carried}`}
            className="font-semibold text-indigo-ink underline decoration-silk underline-offset-4"
          >
            เข้าสู่ระบบ
          </Link>
        </p>
      </div>
    </section>
  );
}
