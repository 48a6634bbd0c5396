import { ErrorList } from "~/components/form-fields";
import { CANCEL_REASON_MAX, OTHER_REASON } from "~/domain/orders/cancel-reasons";

/**
 * Why an order is being canceled: a few common reasons as radios and a text field for "อื่น ๆ" (or a
 * note beside another choice). Plain fields inside the confirmation's form (components/confirm-
 * dialog.tsx), so they work without JavaScript; the server checks them (cancel-reasons.ts) and a
 * refusal comes back beside them, with the question still open. Drawn only in a confirmation,
 * which every page loads when it is asked for (a lazy part): not in the orders' shared file, which
 * carries the notes below (cancel-reason-note.tsx).
 */
export function CancelReasonFields({
  reasons,
  error,
  legend = "เหตุผลที่ยกเลิก",
  hint,
}: {
  reasons: readonly string[];
  error?: string;
  legend?: string;
  /** Who reads the reason. */
  hint?: string;
}) {
  const errorId = "cancel-reason-error";
  return (
    <fieldset className="space-y-1 text-left" aria-describedby={error ? errorId : undefined}>
      <legend className="font-semibold text-stone-800">{legend}</legend>
      {hint ? <p className="text-sm text-stone-600">{hint}</p> : null}
      <div className="grid gap-x-4 sm:grid-cols-2">
        {reasons.map((reason) => (
          <label key={reason} className="flex min-h-11 items-center gap-2">
            <input type="radio" name="reasonChoice" value={reason} required className="size-5 accent-indigo-ink" />
            {reason}
          </label>
        ))}
      </div>
      <label htmlFor="cancel-reason-text" className="block pt-1 text-sm font-semibold text-stone-700">
        รายละเอียดเพิ่มเติม (จำเป็นเมื่อเลือก “{OTHER_REASON}”)
      </label>
      <textarea
        id="cancel-reason-text"
        name="reasonText"
        rows={2}
        maxLength={CANCEL_REASON_MAX}
        aria-invalid={error ? true : undefined}
        className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base"
      />
      <ErrorList id={errorId} errors={error ? [error] : null} />
    </fieldset>
  );
}
