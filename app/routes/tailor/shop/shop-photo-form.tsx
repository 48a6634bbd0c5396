import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { ErrorList, SubmitButton, useShopForm } from "~/components/forms";
import { Form } from "~/components/post-form";
import { SHOP_PROFILE_MESSAGES } from "~/domain/merchants/shop-profile";

const loadPhotoSchema = () =>
  import("~/domain/images/photo-form").then((module) => module.photoFormSchema(SHOP_PROFILE_MESSAGES.photoMissing));

/**
 * The shop's photo (issue 46): sent as a file with the page's form (multipart), stored through the
 * image pipeline (upright, at most 1,200 px, JPEG). A refusal comes back beside the field and stays.
 */
export function ShopPhotoForm({
  photoUrl,
  shopName,
  result,
  hidden,
}: {
  photoUrl: string | null;
  shopName: string;
  result?: SubmissionResult<string[]>;
  hidden?: Record<string, string>;
}) {
  const { form, fields, formProps } = useShopForm({
    id: "shop-photo-form",
    schema: loadPhotoSchema,
    lastResult: result,
  });
  const { key: photoKey, ...photoProps } = getInputProps(fields.photo, { type: "file" });
  const said = [...(fields.photo.errors ?? []), ...(form.errors ?? [])];
  const errors = said.length ? said : null;
  const hiddenFields = Object.entries(hidden ?? {}).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
  return (
    <section
      aria-labelledby="shop-photo-title"
      className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      <h2 id="shop-photo-title" className="text-lg font-semibold text-indigo-ink">
        รูปร้าน
      </h2>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start">
        {photoUrl ? (
          <img
            src={photoUrl}
            alt={`รูปร้าน ${shopName}`}
            width={128}
            height={128}
            className="size-32 shrink-0 rounded-2xl object-cover ring-1 ring-stone-200"
          />
        ) : (
          <p className="grid size-32 shrink-0 place-items-center rounded-2xl bg-stone-100 p-2 text-center text-sm text-stone-700">
            ยังไม่มีรูปร้าน
          </p>
        )}
        <div className="min-w-0 flex-1">
          <Form method="post" encType="multipart/form-data" {...formProps} className="grid gap-3">
            <input type="hidden" name="intent" value="photo" />
            {hiddenFields}
            <div>
              <label htmlFor="shop-photo" className="block text-sm font-semibold text-stone-700">
                เลือกรูปใหม่
              </label>
              <input
                key={photoKey}
                {...photoProps}
                id="shop-photo"
                accept="image/jpeg,image/png,image/webp"
                required
                aria-invalid={errors ? true : undefined}
                aria-describedby={`shop-photo-hint${errors ? " shop-photo-error" : ""}`}
                // biome-ignore lint/a11y/noAutofocus: only on the page answering a refused photo, to bring its reason into view
                autoFocus={errors ? true : undefined}
                className="mt-1 block w-full text-base file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-indigo-soft file:px-4 file:font-semibold file:text-indigo-ink"
              />
              <p id="shop-photo-hint" className="mt-1 text-xs text-stone-500">
                JPEG, PNG หรือ WebP ระบบจะย่อรูปให้ด้านยาวไม่เกิน 1,200 พิกเซล
              </p>
              <ErrorList id="shop-photo-error" errors={errors} />
            </div>
            <div className="flex flex-wrap gap-2">
              <SubmitButton name="intent" value="photo" pendingText="กำลังอัปโหลด...">
                บันทึกรูปร้าน
              </SubmitButton>
            </div>
          </Form>
          {photoUrl ? (
            <Form method="post" className="mt-2">
              <input type="hidden" name="intent" value="remove-photo" />
              {hiddenFields}
              <SubmitButton name="intent" value="remove-photo" variant="secondary">
                ลบรูปร้าน
              </SubmitButton>
            </Form>
          ) : null}
        </div>
      </div>
    </section>
  );
}
