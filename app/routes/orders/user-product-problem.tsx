import { Link } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { ErrorList, SubmitButton } from "~/components/form-fields";
import { Form } from "~/components/post-form";
import { site } from "~/content/site";
import { DomainError, isDomainError } from "~/domain/errors";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { PROBLEM_MESSAGES, PROBLEM_REASONS, PROBLEM_TEXT_MAX, problemReasonFromForm } from "~/domain/orders/problems";
import { assertCanReport, reportProblem } from "~/domain/orders/problems.server";
import { getOrderFor } from "~/domain/orders/queries.server";
import { httpPolicy, PHOTO_MAX_BYTES } from "~/http/limits";
import { parseId } from "~/http/params";
import { orPageError, pageFault } from "~/http/responses.server";
import { dataWithErrorNow, redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/user-product-problem";
import { withSlipForm } from "./slip-upload.server";
import { OrderErrorView } from "./ui/order-error";
import { usePhotoShrinkingSubmit } from "./ui/photo-submit";

/** Its forms carry a phone's photo, streamed by the route (app/http/limits.ts). */
export const handle = httpPolicy({ body: "photo" });

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `มีปัญหากับคำสั่งซื้อ${loaderData ? ` #${loaderData.order.id}` : ""} | ${site.enterpriseName}` },
];

/**
 * "มีปัญหากับคำสั่งซื้อ" (issue 46): the buyer of a shipped order not yet received says what is wrong,
 * with a photo when there is something to show, instead of confirming receipt. A page of its own
 * (a plain multipart form: works without JavaScript); an admin decides. Its buyer only; an order
 * not shipped, received, canceled or already reported answers 409 with the reason.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await requireUser(context, { roles: ["user"], messages: ORDER_MESSAGES, wrongRole: "forbidden" });
  const orderId = await orPageError(() => parseId(params.id, ORDER_MESSAGES.notFound));
  const order = await orPageError(() => getOrderFor(orderId, user, "user"));
  await orPageError(() => assertCanReport(orderId, user.id));
  return {
    order: { id: order.id, name: order.name, quantity: order.quantity, delivery: order.delivery?.text ?? null },
  };
}

type Field = "reason" | "photo" | null;

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(context, { roles: ["user"], messages: ORDER_MESSAGES, wrongRole: "forbidden" });
  const orderId = await orPageError(() => parseId(params.id, ORDER_MESSAGES.notFound));
  let field: Field = null;
  try {
    return await withSlipForm(request, context, "photo", async (form) => {
      field = "reason";
      const checked = problemReasonFromForm(form.fields.get("reasonChoice"), form.fields.get("reasonText"));
      if ("error" in checked) throw new DomainError("bad_input", checked.error);
      field = "photo";
      const file = form.file && form.file.bytes > 0 ? form.file : null;
      if (file?.tooLarge) throw new DomainError("too_large", PROBLEM_MESSAGES.photoTooBig);
      field = null;
      // A photo that is not one is refused beside its field.
      const photoRefused = (error: unknown) => {
        if (isDomainError(error) && error.kind === "bad_input") field = "photo";
        throw error;
      };
      await reportProblem({
        orderId,
        buyerId: user.id,
        reason: checked.text,
        photo: file ? { path: file.path } : null,
      }).catch(photoRefused);
      return redirectWithSuccess(`/user/product/${orderId}`, PROBLEM_MESSAGES.reported);
    });
  } catch (error) {
    if (!isDomainError(error)) throw pageFault(error);
    return dataWithErrorNow(
      request,
      context,
      { field, error: error.message },
      { message: PROBLEM_MESSAGES.reportFailed, description: error.message },
      { status: error.status },
    );
  }
}

export default function UserProductProblem({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData;
  // With JavaScript the photo is shrunk in the browser before it is sent, as the slip's is.
  const photo = usePhotoShrinkingSubmit({
    field: "photo",
    maxBytes: PHOTO_MAX_BYTES,
    tooBig: PROBLEM_MESSAGES.photoTooBig,
  });
  const errorOf = (field: Field) => (actionData && actionData.field === field ? actionData.error : undefined);
  const reasonError = errorOf("reason");
  const photoError = photo.preparing ? undefined : (photo.localError ?? errorOf("photo"));
  const formError = errorOf(null);
  return (
    <section className="mx-auto max-w-2xl space-y-4 px-4 py-8">
      <h1 className="text-2xl font-semibold text-indigo-ink">มีปัญหากับคำสั่งซื้อ #{order.id}</h1>
      <p className="text-stone-700">
        {order.name} ({order.quantity} ตัว){order.delivery ? ` · ${order.delivery}` : ""}
      </p>
      <p className="rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
        แจ้งปัญหาแทนการกด “ได้รับสินค้าแล้ว” ผู้ดูแลระบบจะตรวจสอบกับช่างตัดและแจ้งผลในหน้าคำสั่งซื้อ (ทาง LINE ด้วย หากเชื่อมต่อไว้)
        ระหว่างนี้ร้านจะไม่ยืนยันการรับสินค้าให้อัตโนมัติ
      </p>
      {formError ? (
        <p role="alert" className="rounded-2xl bg-red-50 p-4 text-sm text-red-950 ring-1 ring-red-200">
          {formError}
        </p>
      ) : null}
      <Form
        method="post"
        encType="multipart/form-data"
        onSubmit={photo.onSubmit}
        className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
      >
        <fieldset className="space-y-1" aria-describedby={reasonError ? "problem-reason-error" : undefined}>
          <legend className="font-semibold text-stone-800">ปัญหาที่พบ</legend>
          <div className="grid gap-x-4 sm:grid-cols-2">
            {PROBLEM_REASONS.map((reason) => (
              <label key={reason} className="flex min-h-11 items-center gap-2">
                <input type="radio" name="reasonChoice" value={reason} required className="size-5 accent-indigo-ink" />
                {reason}
              </label>
            ))}
          </div>
          <label htmlFor="problem-text" className="block pt-1 text-sm font-semibold text-stone-700">
            รายละเอียด (จำเป็นเมื่อเลือก “อื่น ๆ”)
          </label>
          <textarea
            id="problem-text"
            name="reasonText"
            rows={3}
            maxLength={PROBLEM_TEXT_MAX}
            aria-invalid={reasonError ? true : undefined}
            // biome-ignore lint/a11y/noAutofocus: only on the page answering a refused reason
            autoFocus={Boolean(reasonError)}
            className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base"
          />
          <ErrorList id="problem-reason-error" errors={reasonError ? [reasonError] : null} />
        </fieldset>
        <div className="space-y-1">
          <label htmlFor="problem-photo" className="block font-semibold text-stone-800">
            รูปภาพประกอบ (ถ้ามี)
          </label>
          <p id="problem-photo-hint" className="text-sm text-stone-500">
            รูปภาพ JPEG, PNG หรือ WebP ไม่เกิน 20 MB เช่น รอยชำรุดหรือป้ายขนาด
          </p>
          <input
            id="problem-photo"
            name="photo"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-invalid={photoError ? true : undefined}
            aria-describedby={photoError ? "problem-photo-error problem-photo-hint" : "problem-photo-hint"}
            onChange={photo.clearLocalError}
            // biome-ignore lint/a11y/noAutofocus: only on the page answering a refused photo
            autoFocus={Boolean(photoError)}
            className="block w-full rounded-lg text-sm file:mr-2 file:min-h-11 file:rounded-lg file:border-0 file:bg-silk-soft file:px-3 file:py-2 file:text-indigo-ink"
          />
          <ErrorList id="problem-photo-error" errors={photoError ? [photoError] : null} />
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link
            to={`/user/product/${order.id}`}
            className="inline-flex min-h-11 items-center justify-center rounded-xl px-4 py-2.5 font-semibold text-indigo-ink ring-1 ring-stone-300 hover:bg-indigo-soft"
          >
            กลับไปหน้าคำสั่งซื้อ
          </Link>
          <SubmitButton pendingText="กำลังส่งเรื่อง…" className="min-h-11" disabled={photo.preparing}>
            {photo.preparing ? "กำลังย่อรูป…" : "ส่งเรื่องแจ้งปัญหา"}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <OrderErrorView error={error} backHref="/user/orders" backLabel="กลับไปคำสั่งซื้อของฉัน" />;
}
