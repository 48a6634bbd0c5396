import { type DefaultValue, getFormProps, type Submission, type SubmissionResult, useForm } from "@conform-to/react";
import { type InputHTMLAttributes, type ReactNode, useCallback, useId, useRef, useState } from "react";
import { useNavigation } from "react-router";
import type { ZodType, z } from "zod";

/*
 * THE FORM PATTERN (docs/decisions.md, "One form pattern"): every form where people type goes this way.
 *  1. One zod schema with the Thai messages, in the domain (or beside the route), shared by the
 *     browser, the page's action and any JSON call that takes the same fields.
 *  2. The action: `parseWithZod(formData, { schema })`; refused, it answers
 *     `data({ result: submission.reply() }, { status: 400 })`; a rule the schema cannot know (a
 *     taken e-mail) goes in the same reply (`formErrors` / `fieldErrors`), a refusal before any
 *     parsing is `formRefusal(message)`. Success redirects with its notice.
 *  3. The page: `useShopForm({ id, schema: () => import(...), lastResult: actionData?.result })`,
 *     `<Form method="post" {...formProps}>`: checked on submit, then live as you type (decision 6),
 *     the schema loading on first focus (decision 23); without JavaScript the server's reply shows.
 *  4. The errors: `FormErrors` at the top for the form's own, `Field` (or `ErrorList`) under each field.
 * login.tsx is the smallest example; admin/ui/user-form.tsx and tailor/pricing/pricing-form.tsx are larger.
 */

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

export interface FieldProps {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string | undefined };
  errors?: string[] | null;
  hint?: ReactNode;
  className?: string;
}

export function Field({ label, inputProps, errors, hint, className }: FieldProps) {
  const fallbackId = useId();
  const { key, ...props } = inputProps;
  const id = props.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-700">
        {label}
      </label>
      <input
        key={key}
        {...props}
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
        className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base shadow-inner focus:border-indigo-ink focus:outline-none focus:ring-2 focus:ring-silk/50 aria-[invalid]:border-lac"
      />
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

/** The form's own errors, above its fields; `children` adds detail inside the same box (pricing lists its fields). */
export function FormErrors({ errors, children }: { errors?: string[] | null; children?: ReactNode }) {
  if (!errors?.length) return null;
  return (
    <div role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-lac ring-1 ring-lac/30">
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
      {children}
    </div>
  );
}

/** A form's own refusal, in the shape of `submission.reply()`: for a refusal made before (or without) parsing. */
export function formRefusal(message: string): SubmissionResult<string[]> {
  return { status: "error", error: { "": [message] } };
}

/**
 * A form's browser-side check, loaded when someone first focuses or points at the form: the
 * form's schema and Conform's zod parser. Until they have arrived, `onValidate` is undefined and
 * Conform sends the form to the server, which checks it with the same schema: nothing is lost on a
 * slow connection, only the instant messages wait.
 */
function useDeferredCheck<Schema extends ZodType>(loadSchema: () => Promise<Schema>) {
  type Check = (formData: FormData) => Submission<z.input<Schema>, string[], z.output<Schema>>;
  const [check, setCheck] = useState<Check | null>(null);
  const started = useRef(false);
  const start = useCallback(() => {
    if (started.current) return;
    started.current = true;
    Promise.all([loadSchema(), import("@conform-to/zod/v4")])
      .then(([schema, { parseWithZod }]) => setCheck(() => (formData: FormData) => parseWithZod(formData, { schema })))
      .catch((error: unknown) => {
        started.current = false;
        console.warn("The form's check could not load; the server checks it.", error);
      });
  }, [loadSchema]);
  return {
    onValidate: check ? ({ formData }: { formData: FormData }) => check(formData) : undefined,
    /** Spread on the <form>. */
    startOn: { onFocus: start, onPointerEnter: start },
  };
}

/**
 * The one way a page holds a form (see the top of this file): Conform's `useForm`, checked on
 * submit and then as you type, with the schema loaded on first use. `schema` must be a stable
 * function (declared outside the component). Spread `formProps` on the `<Form>`.
 */
export function useShopForm<Schema extends ZodType<Record<string, unknown>, Record<string, unknown>>>({
  schema,
  ...options
}: {
  id: string;
  schema: () => Promise<Schema>;
  lastResult?: SubmissionResult<string[]> | null;
  /** From the loader (`getZodConstraint(schema)`), so the page itself need not load zod. */
  constraint?: Record<string, { required?: boolean; minLength?: number; maxLength?: number; pattern?: string }>;
  defaultValue?: DefaultValue<z.input<Schema>> | Record<string, unknown>;
}) {
  const { onValidate, startOn } = useDeferredCheck(schema);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    ...options,
    defaultValue: options.defaultValue as DefaultValue<z.input<Schema>>,
    onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return { form, fields, formProps: { ...getFormProps(form), ...startOn } };
}
