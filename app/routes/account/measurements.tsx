import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { ErrorList, Field, FormErrors, SubmitButton, useShopForm } from "~/components/forms";
import { MeasurementList } from "~/components/measurements";
import { Form } from "~/components/post-form";
import { site } from "~/content/site";
import { isDomainError } from "~/domain/errors";
import {
  formatNumber,
  MEASUREMENT_INFO,
  MEASUREMENTS,
  PROFILE_MESSAGES,
  PROFILE_NAME_MAX,
  PROFILES_MAX,
  rangeText,
  toInches,
} from "~/domain/measurements/measurements";
import { profileSchema } from "~/domain/measurements/profile-form";
import { deleteProfile, listProfiles, type ProfileView, saveProfile } from "~/domain/measurements/profiles.server";
import { idOf } from "~/http/params";
import { safeRedirect } from "~/http/paths";
import { orPageError, pageFault } from "~/http/responses.server";
import { dataWithErrorNow, redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/measurements";

export const meta: Route.MetaFunction = () => [{ title: `สัดส่วนของฉัน | ${site.enterpriseName}` }];

const PAGE = "/profile/measurements";

/**
 * A customer's measurement profiles: the list, a form for a new one (`?new=1`) or one to change
 * (`?edit=id`), and the question before a delete (`?delete=id`). Plain links and forms: all of it
 * works without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, { roles: "user" });
  const params = new URL(request.url).searchParams;
  const profiles = await orPageError(() => listProfiles(user.id));
  const pick = (key: string) => profiles.find((profile) => profile.id === idOf(params.get(key))) ?? null;
  return {
    profiles,
    back: designerBack(params.get("back")),
    editing: pick("edit"),
    creating: params.get("new") === "1" && profiles.length < PROFILES_MAX,
    deleting: pick("delete"),
  };
}

/**
 * Where a new profile was asked for from: the designer, with the shirt being designed in its
 * address (`?back=`), so saving goes back to it. Only the designer's own addresses.
 */
function designerBack(target: unknown): string | null {
  const path = safeRedirect(target, "");
  return path.startsWith("/design?") ? path : null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, { roles: "user" });
  const form = await request.formData();
  const intent = form.get("intent");
  const id = idOf(form.get("id"));
  // A refusal the shop makes (a name already used, too many profiles, a profile gone) is said where
  // the customer acted and stays: at the top of the form, or of the page for a delete (and in the notice).
  const refuse = (error: unknown, body: object) => {
    if (!isDomainError(error)) throw pageFault(error);
    return dataWithErrorNow(
      request,
      context,
      body,
      { message: PROFILE_MESSAGES.failed, description: error.message },
      { status: error.status },
    );
  };
  if (intent === "delete" && id !== null) {
    try {
      await deleteProfile(user.id, id);
    } catch (error) {
      return refuse(error, { refusal: isDomainError(error) ? error.message : "" });
    }
    return redirectWithSuccess(PAGE, PROFILE_MESSAGES.deleted);
  }
  const submission = parseWithZod(form, { schema: profileSchema() });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    await saveProfile(user.id, submission.value, id ?? undefined);
  } catch (error) {
    return refuse(error, { result: submission.reply({ formErrors: isDomainError(error) ? [error.message] : [] }) });
  }
  return redirectWithSuccess(designerBack(form.get("back")) ?? PAGE, PROFILE_MESSAGES.saved);
}

export default function Measurements({ loaderData, actionData }: Route.ComponentProps) {
  const { profiles, editing, creating, deleting, back } = loaderData;
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  const refusal = actionData && "refusal" in actionData ? String(actionData.refusal) : null;
  const showForm = creating || editing !== null || result;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-semibold text-indigo-ink">สัดส่วนของฉัน</h1>
      <p className="mt-2 text-stone-700">
        เก็บสัดส่วนของคุณหรือคนในบ้านไว้ใช้สั่งตัดเสื้อให้พอดีตัว กรอกเป็นนิ้วหรือเซนติเมตรก็ได้{" "}
        <Link to="/measurements/guide" className="inline-block py-1 font-semibold text-indigo-ink underline">
          วิธีวัดตัว
        </Link>
      </p>
      {refusal ? (
        <p
          role="alert"
          className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-sm text-lac ring-1 ring-lac/30"
          data-testid="profiles-error"
        >
          {refusal}
        </p>
      ) : null}
      {profiles.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-white p-6 text-center text-stone-600 shadow-sm ring-1 ring-stone-200">
          ยังไม่มีสัดส่วนที่บันทึกไว้
        </p>
      ) : (
        <ul className="mt-6 space-y-4" aria-label="สัดส่วนที่บันทึกไว้">
          {profiles.map((profile) => (
            <ProfileCard key={profile.id} profile={profile} />
          ))}
        </ul>
      )}
      {showForm ? (
        <ProfileForm
          key={editing?.id ?? "new"}
          profile={editing}
          back={back}
          result={result as SubmissionResult<string[]> | undefined}
        />
      ) : profiles.length < PROFILES_MAX ? (
        <p className="mt-6">
          <Link
            to={`${PAGE}?new=1#profile-form`}
            className="inline-flex min-h-11 items-center rounded-lg bg-indigo-ink px-4 font-semibold text-white hover:bg-indigo-deep"
          >
            เพิ่มสัดส่วน
          </Link>
        </p>
      ) : (
        <p className="mt-6 text-sm text-stone-600">{PROFILE_MESSAGES.tooMany}</p>
      )}
      {deleting ? (
        <ConfirmDialog
          title={`ลบสัดส่วน “${deleting.name}”?`}
          closeTo={PAGE}
          fields={{ intent: "delete", id: String(deleting.id) }}
          confirmLabel="ลบสัดส่วน"
          backLabel="เก็บไว้"
        >
          <p>คำสั่งซื้อที่สั่งไปแล้วยังเก็บสัดส่วนที่ใช้ตอนสั่งไว้เหมือนเดิม</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

function ProfileCard({ profile }: { profile: ProfileView }) {
  return (
    <li aria-labelledby={`profile-${profile.id}`} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`profile-${profile.id}`} className="text-lg font-semibold text-indigo-ink">
          {profile.name}
        </h2>
        <div className="flex gap-2">
          <Link
            to={`${PAGE}?edit=${profile.id}#profile-form`}
            className="inline-flex min-h-11 items-center rounded-lg px-3 font-semibold text-indigo-ink ring-1 ring-stone-300"
            aria-label={`แก้ไข ${profile.name}`}
          >
            แก้ไข
          </Link>
          <Link
            to={`${PAGE}?delete=${profile.id}`}
            preventScrollReset
            className="inline-flex min-h-11 items-center rounded-lg px-3 font-semibold text-lac ring-1 ring-lac/40"
            aria-label={`ลบ ${profile.name}`}
          >
            ลบ
          </Link>
        </div>
      </div>
      <MeasurementList values={profile.values} unit={profile.unit} />
    </li>
  );
}

const schema = () => import("~/domain/measurements/profile-form").then((module) => module.profileSchema());

function ProfileForm({
  profile,
  back,
  result,
}: {
  profile: ProfileView | null;
  back: string | null;
  result?: SubmissionResult<string[]>;
}) {
  const unit = profile?.unit ?? "in";
  const shown = (centimetres: number) =>
    formatNumber(unit === "in" ? toInches(centimetres) : centimetres).replace(/,/g, "");
  const { form, fields, formProps, focusFirst } = useShopForm({
    id: "measurements",
    schema,
    lastResult: result,
    defaultValue: {
      name: profile?.name ?? "",
      unit,
      ...Object.fromEntries(MEASUREMENTS.map((name) => [name, profile ? shown(profile.values[name]) : ""])),
    },
  });
  return (
    <section
      id="profile-form"
      aria-labelledby="profile-form-title"
      className="mt-8 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      <h2 id="profile-form-title" className="text-lg font-semibold text-indigo-ink">
        {profile ? `แก้ไข “${profile.name}”` : "เพิ่มสัดส่วน"}
      </h2>
      {/* The designer to go back to stays in the address too: a refused form comes back with it. */}
      <Form
        method="post"
        action={back ? `${PAGE}?back=${encodeURIComponent(back)}` : PAGE}
        {...formProps}
        className="mt-4 space-y-4"
      >
        <input type="hidden" name="intent" value="save" />
        {profile ? <input type="hidden" name="id" value={profile.id} /> : null}
        {back ? <input type="hidden" name="back" value={back} /> : null}
        <FormErrors errors={form.errors} autoFocus={focusFirst("")} />
        <Field
          label="ชื่อสัดส่วน"
          hint="เช่น ตัวฉัน พ่อ แม่"
          inputProps={{
            ...getInputProps(fields.name, { type: "text" }),
            maxLength: PROFILE_NAME_MAX,
            autoFocus: focusFirst("name"),
          }}
          errors={fields.name.errors}
        />
        <fieldset>
          <legend className="text-sm font-semibold text-stone-700">หน่วยที่กรอก</legend>
          <div className="mt-1 flex gap-4">
            {(["in", "cm"] as const).map((value) => (
              <label key={value} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name={fields.unit.name}
                  value={value}
                  defaultChecked={unit === value}
                  className="size-5 accent-indigo-ink"
                />
                {value === "in" ? "นิ้ว" : "เซนติเมตร"}
              </label>
            ))}
          </div>
          <ErrorList errors={fields.unit.errors} />
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          {MEASUREMENTS.map((name) => (
            <Field
              key={name}
              label={MEASUREMENT_INFO[name].label}
              hint={rangeText(name)}
              inputProps={{
                ...getInputProps(fields[name], { type: "text" }),
                inputMode: "decimal",
                autoComplete: "off",
                autoFocus: focusFirst(name),
              }}
              errors={fields[name].errors}
            />
          ))}
        </div>
        <div className="flex flex-wrap gap-2">
          <SubmitButton pendingText="กำลังบันทึก…" className="min-h-11">
            บันทึกสัดส่วน
          </SubmitButton>
          <Link
            to={PAGE}
            className="inline-flex min-h-11 items-center rounded-lg px-4 font-semibold text-indigo-ink ring-1 ring-stone-300"
          >
            ยกเลิก
          </Link>
        </div>
      </Form>
    </section>
  );
}
