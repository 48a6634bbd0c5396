import {
  type DefaultValue,
  type FormMetadata,
  getFormProps,
  type Submission,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { useCallback, useRef, useState } from "react";
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

// The pieces (Field, ErrorList, FormErrors, SubmitButton) live in form-fields.tsx, without Conform:
// a page that only shows errors (the designer) imports them from there and loads no form library.
export { ErrorList, Field, type FieldProps, FormErrors, SubmitButton } from "./form-fields";

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
  const first = firstErrorOf(options.lastResult);
  return {
    form,
    fields,
    formProps: { ...getFormProps(form), ...startOn },
    /**
     * True for the first error of the server's reply ("" is the form's own, in `FormErrors`): give it
     * `autoFocus`. Without JavaScript the answering page then opens with that field focused, in view
     * below the sticky header (app.css, scroll-padding-top) and read out with its message. With
     * JavaScript the fields are already on the page and Conform focuses the first invalid one.
     */
    focusFirst: (name: string) => first === name || undefined,
  };
}

/** The name of the first field with an error in a reply, in the order the form sent its fields ("" for the form's own). */
export function firstErrorOf(result: SubmissionResult<string[]> | null | undefined): string | undefined {
  if (result?.status !== "error" || !result.error) return undefined;
  const failed = Object.entries(result.error)
    .filter(([, errors]) => errors?.length)
    .map(([name]) => name);
  if (failed.includes("")) return "";
  const sent = Object.keys((result.initialValue ?? {}) as Record<string, unknown>);
  return sent.find((name) => failed.includes(name)) ?? failed[0];
}

/**
 * The fields of a form of many like fields (the price list: one per pattern part), read at once.
 * Conform's per-field metadata (`fields[name]`) is a proxy that records each read so the field can
 * re-render; reading it for forty or more fields cost more than drawing the rest of the page. This
 * reads the form's errors and values once and gives each field what `getInputProps` would: the
 * same id scheme, so Conform still finds and focuses the fields.
 */
export function listFields(
  form: Pick<FormMetadata<Record<string, unknown>, string[]>, "id" | "allErrors" | "initialValue">,
) {
  const errors = form.allErrors;
  const values = (form.initialValue ?? {}) as Record<string, unknown>;
  return (name: string) => {
    const id = `${form.id}-${name}`;
    const errorId = `${id}-error`;
    const fieldErrors = errors[name];
    const value = values[name];
    return {
      id,
      errorId,
      errors: fieldErrors,
      inputProps: {
        id,
        name,
        form: form.id,
        defaultValue: typeof value === "string" ? value : undefined,
        "aria-invalid": fieldErrors ? true : undefined,
        "aria-describedby": fieldErrors ? errorId : undefined,
      },
    };
  };
}

export type ListField = ReturnType<ReturnType<typeof listFields>>;
