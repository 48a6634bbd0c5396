import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import { SubmitButton } from "~/components/form-fields";
import { Form } from "~/components/post-form";
import { PHOTO_MAX_BYTES, SLIP_TOO_BIG } from "~/http/limits";
import { usePhotoShrinkingSubmit } from "./photo-submit";

/**
 * The buyer's transfer slip (issue 45). Without JavaScript a plain multipart form: the server takes
 * a photo of up to 20 MB as the phone took it and shrinks it. With JavaScript the photo is shrunk
 * here first (photo-submit.ts) to at most 1,600 px JPEG, so a 12 MB photo goes as a few hundred
 * KB. A refusal (the server's, or too large to send) stays beside the field until the buyer sends
 * again; the notice may say it too.
 */
export function SlipForm({ replacing, error }: { replacing: boolean; error?: string }) {
  const navigation = useNavigation();
  const { onSubmit, preparing, localError, clearLocalError } = usePhotoShrinkingSubmit({
    field: "slip",
    maxBytes: PHOTO_MAX_BYTES,
    tooBig: SLIP_TOO_BIG,
  });
  const input = useRef<HTMLInputElement>(null);
  const sending = preparing || (navigation.state === "submitting" && navigation.formData?.get("intent") === "slip");
  // The server's reason stays until this form is sent again (a new answer replaces it).
  const shown = sending ? null : (localError ?? error ?? null);

  // A refused slip brings the field into view, with its reason read out (role="alert").
  useEffect(() => {
    if (error) input.current?.focus({ preventScroll: false });
  }, [error]);

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      className="space-y-2 border-t border-stone-100 pt-3"
    >
      <input type="hidden" name="intent" value="slip" />
      <label htmlFor="slip-file" className="block font-semibold text-stone-700">
        {replacing ? "ส่งสลิปใหม่แทนใบเดิม" : "แนบสลิปโอนเงิน"}
      </label>
      <p id="slip-file-hint" className="text-sm text-stone-500">
        รูปภาพ JPEG, PNG หรือ WebP ไม่เกิน 20 MB (ถ่ายจากโทรศัพท์ได้เลย)
      </p>
      <input
        ref={input}
        id="slip-file"
        name="slip"
        type="file"
        required
        accept="image/jpeg,image/png,image/webp"
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? "slip-file-error slip-file-hint" : "slip-file-hint"}
        onChange={clearLocalError}
        // Without JavaScript the answering page opens with the refused field focused, in view below
        // the header and read out with its reason (the form pattern's autofocus, decision 48).
        // biome-ignore lint/a11y/noAutofocus: only on the page answering a refused slip
        autoFocus={Boolean(error)}
        className="block w-full rounded-lg text-sm file:mr-2 file:min-h-11 file:rounded-lg file:border-0 file:bg-silk-soft file:px-3 file:py-2 file:text-indigo-ink aria-[invalid]:ring-2 aria-[invalid]:ring-lac/60"
      />
      {shown ? (
        <p
          id="slip-file-error"
          role="alert"
          data-testid="slip-error"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-lac ring-1 ring-lac/30"
        >
          {shown}
        </p>
      ) : null}
      <SubmitButton name="intent" value="slip" pendingText="กำลังส่งสลิป…" className="min-h-11" disabled={preparing}>
        {preparing ? "กำลังย่อรูป…" : "ส่งสลิปโอนเงิน"}
      </SubmitButton>
    </Form>
  );
}
