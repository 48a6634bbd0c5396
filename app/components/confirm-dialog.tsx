import type { ReactNode } from "react";
import { Link, useNavigation } from "react-router";
import { AddressDialog } from "./address-dialog";
import { Form } from "./post-form";

/**
 * The one way to ask "are you sure?" before a step that cannot be undone (a tailor declining or
 * cancelling an order, a customer removing a cart item, an admin deleting an account). The button
 * on the page is a link to the same page with the question in its address (?confirm=decline,
 * ?remove=12, ?delete=12); the loader checks it and the page draws this dialog, server-rendered,
 * so it works without JavaScript. The real form is in here: confirm posts it, "back" is a link.
 */
export function ConfirmDialog({
  title,
  closeTo,
  action,
  fields,
  confirmLabel,
  backLabel = "ยกเลิก",
  formFields,
  children,
}: {
  title: string;
  /** Where "back" leads: the same page without the question. */
  closeTo: string;
  /** The form's action (the page's own action when omitted). */
  action?: string;
  /** Hidden fields of the form (intent, ids). */
  fields: Record<string, string>;
  confirmLabel: string;
  backLabel?: string;
  /** Fields the person fills in before confirming (a reason), inside the form. */
  formFields?: ReactNode;
  /** What happens, and what the other person will be told. */
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <AddressDialog title={title} closeTo={closeTo}>
      <div className="space-y-2 text-stone-700">{children}</div>
      <Form method="post" action={action} className="mt-5">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {formFields}
        <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link
            to={closeTo}
            preventScrollReset
            className="inline-flex min-h-11 items-center justify-center rounded-xl px-4 py-2.5 font-semibold text-indigo-ink ring-1 ring-stone-300 hover:bg-indigo-soft"
          >
            {backLabel}
          </Link>
          <button
            type="submit"
            disabled={busy}
            className="inline-flex min-h-11 items-center justify-center rounded-xl bg-lac px-4 py-2.5 font-semibold text-white hover:bg-[#8a2a24] disabled:opacity-50"
          >
            {busy ? "กำลังบันทึก…" : confirmLabel}
          </button>
        </div>
      </Form>
    </AddressDialog>
  );
}
