import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from "react";
import { useNavigation } from "react-router";

/** Form pieces shared by every page: labelled fields with their Thai errors, and a submit button with a pending state. */

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-lac" role="alert">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

interface FieldBase {
  label: ReactNode;
  errors?: string[] | null;
  hint?: ReactNode;
  className?: string;
}

/** One line (`inputProps`), or several (`textareaProps`: a postal address, which runs long in Thai). */
export type FieldProps = FieldBase &
  (
    | { inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string | undefined }; textareaProps?: never }
    | { textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { key?: string | undefined }; inputProps?: never }
  );

export function Field({ label, inputProps, textareaProps, errors, hint, className }: FieldProps) {
  const fallbackId = useId();
  const { key, ...props } = inputProps ?? textareaProps;
  const id = props.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const shared = {
    id,
    "aria-invalid": errorId ? true : undefined,
    "aria-describedby": [errorId, hintId].filter(Boolean).join(" ") || undefined,
    className:
      "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base shadow-inner focus:border-indigo-ink focus:outline-none focus:ring-2 focus:ring-silk/50 aria-[invalid]:border-lac",
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-700">
        {label}
      </label>
      {textareaProps ? (
        <textarea key={key} rows={3} {...(props as TextareaHTMLAttributes<HTMLTextAreaElement>)} {...shared} />
      ) : (
        <input key={key} {...(props as InputHTMLAttributes<HTMLInputElement>)} {...shared} />
      )}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A submit button that says it is working while its form is being sent (JavaScript on). */
export function SubmitButton({
  children,
  pendingText = "กำลังดำเนินการ...",
  className = "",
  name,
  value,
  formAction,
  variant = "primary",
  disabled,
}: {
  children: ReactNode;
  pendingText?: string;
  className?: string;
  name?: string;
  value?: string;
  formAction?: string;
  variant?: "primary" | "secondary" | "danger";
  disabled?: boolean;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && (value === undefined || navigation.formData?.get(name ?? "intent") === value);
  const look = {
    primary: "bg-indigo-ink text-white hover:bg-indigo-deep",
    secondary: "bg-white text-indigo-ink ring-1 ring-indigo-ink/30 hover:bg-indigo-soft",
    danger: "bg-lac text-white hover:bg-[#8a2a24]",
  }[variant];
  return (
    <button
      type="submit"
      name={name}
      value={value}
      formAction={formAction}
      disabled={disabled || pending}
      aria-disabled={disabled || pending || undefined}
      className={`inline-flex items-center justify-center rounded-lg px-5 py-2.5 font-semibold shadow-sm transition disabled:cursor-not-allowed disabled:opacity-60 ${look} ${className}`}
    >
      {pending ? pendingText : children}
    </button>
  );
}

/**
 * The form's own errors, above its fields; `children` adds detail inside the same box (pricing lists its fields).
 * Without JavaScript the page the server answers with focuses it (`autofocus`), so it is in view below the header
 * and read out; with JavaScript it appears in place and `role="alert"` reads it out.
 */
export function FormErrors({
  errors,
  children,
  autoFocus,
}: {
  errors?: string[] | null;
  children?: ReactNode;
  /** `focusFirst("")` of useShopForm: this is the first error of the server's reply. */
  autoFocus?: boolean;
}) {
  if (!errors?.length) return null;
  return (
    <div
      role="alert"
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: only on the page answering a refused form without JavaScript, to bring its first error into view
      autoFocus={autoFocus}
      className="rounded-lg bg-red-50 px-4 py-3 text-sm text-lac ring-1 ring-lac/30 focus:outline-none"
    >
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
      {children}
    </div>
  );
}

/**
 * Why a step the person took was refused, where they took it (issue 45, "errors stay"): for a
 * button or a form without fields of its own. It stays until the next step; `role="alert"` reads it
 * out when it appears with JavaScript, `autoFocus` brings it into view on the page a form without
 * JavaScript answers with.
 */
export function Refusal({ title, reason, testId }: { title?: string; reason: string; testId?: string }) {
  return (
    <div
      role="alert"
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: only on the page answering a refused step, to bring the reason into view
      autoFocus
      data-testid={testId}
      className="rounded-2xl bg-red-50 p-4 text-sm text-red-950 ring-1 ring-red-200 focus:outline-none"
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      <p>{reason}</p>
    </div>
  );
}
