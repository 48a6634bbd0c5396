import {
  type DefaultValue,
  type FormMetadata,
  getFormProps,
  type Submission,
  type SubmissionResult,
} from "@conform-to/react";
import { type ComponentType, type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ZodType, z } from "zod";
import type { Bound, FormBindingProps } from "./form-binding";
import { restingForm } from "./form-metadata";

/*
 * THE FORM PATTERN (docs/decisions.md, "One form pattern"): every form where people type goes this way.
 *  1. One zod schema with the Thai messages, in the domain (or beside the route), shared by the
 *     browser, the page's action and any JSON call that takes the same fields.
 *  2. The action: `parseWithZod(formData, { schema })`; refused, it answers
 *     `data({ result: submission.reply() }, { status: 400 })`; a rule the schema cannot know (a
 *     taken e-mail) goes in the same reply (`formErrors` / `fieldErrors`), a refusal before any
 *     parsing is `formRefusal(message)`. Success redirects with its notice.
 *  3. The page: `useShopForm({ id, schema: () => import(...), lastResult: actionData?.result })`,
 *     `<Form method="post" {...formProps}>` (components/post-form.tsx): checked on submit, then live
 *     as you type (decision 6); Conform and the schema load on first focus (decisions 23, 124);
 *     without JavaScript the server's reply shows.
 *  4. The errors: `FormErrors` at the top for the form's own, `Field` (or `ErrorList`) under each field.
 * login.tsx is the smallest example; admin/ui/user-form.tsx and tailor/pricing/pricing-form.tsx are larger.
 */

// The pieces (Field, ErrorList, FormErrors, SubmitButton) live in form-fields.tsx, without Conform:
// a page that only shows errors (the designer) imports them from there and loads no form library.
export { ErrorList, Field, type FieldProps, FormErrors, SubmitButton } from "./form-fields";

type Check = (formData: FormData) => Submission<Record<string, unknown>, string[], unknown>;
type Binding = ComponentType<FormBindingProps>;

/** Conform's side of every form, once one form on the page has been touched (form-binding.tsx). */
let loadedBinding: Binding | null = null;

/**
 * What a form needs in the browser beyond its HTML, loaded when someone first focuses or points at
 * the form: Conform (form-binding.tsx), the form's schema and Conform's zod parser. Until Conform has
 * arrived the form is what the server drew, and it posts to the server, which checks it with the
 * same schema and answers with its errors; until the schema has, Conform does the same. Nothing is
 * lost on a slow connection, only the instant messages wait.
 */
function useDeferredConform<Schema extends ZodType>(loadSchema: () => Promise<Schema>) {
  const [check, setCheck] = useState<Check | null>(null);
  const [Binding, setBinding] = useState<Binding | null>(() => loadedBinding);
  const started = useRef(false);
  const start = useCallback(() => {
    if (started.current) return;
    started.current = true;
    import("./form-binding")
      .then(({ FormBinding }) => {
        loadedBinding = FormBinding;
        setBinding(() => FormBinding);
      })
      .catch((error: unknown) => {
        started.current = false;
        console.warn("The form library could not load; the server checks the form.", error);
      });
    Promise.all([loadSchema(), import("@conform-to/zod/v4")])
      .then(([schema, { parseWithZod }]) =>
        setCheck(() => (formData: FormData) => parseWithZod(formData, { schema }) as ReturnType<Check>),
      )
      .catch((error: unknown) => {
        started.current = false;
        console.warn("The form's check could not load; the server checks it.", error);
      });
  }, [loadSchema]);
  // One function per check: Conform's side of the form is drawn again only when it changes.
  const onValidate = useMemo(
    () => (check ? ({ formData }: { formData: FormData }) => check(formData) : undefined),
    [check],
  );
  return {
    Binding,
    onValidate,
    start,
    /** Spread on the <form>. */
    startOn: { onFocus: start, onPointerEnter: start },
  };
}

type Options<Schema extends ZodType> = {
  id: string;
  schema: () => Promise<Schema>;
  lastResult?: SubmissionResult<string[]> | null;
  /** From the loader (`getZodConstraint(schema)`), so the page itself need not load zod. */
  constraint?: Record<string, { required?: boolean; minLength?: number; maxLength?: number; pattern?: string }>;
  defaultValue?: DefaultValue<z.input<Schema>> | Record<string, unknown>;
};

/**
 * The one way a page holds a form (see the top of this file): Conform's `useForm`, checked on
 * submit and then as you type. `schema` must be a stable function (declared outside the
 * component). Spread `formProps` on the `<Form>` of components/post-form.tsx, which draws Conform's
 * side of the form beside its fields.
 *
 * At rest the form and its fields are what Conform would give before anything was typed
 * (form-metadata.ts): the server draws the form from them and the browser hydrates it without
 * Conform, which is 9 KB of script on a page that may never be typed in. Conform arrives on the
 * first focus or pointer over the form and from then on gives the form and fields itself, live.
 */
export function useShopForm<Schema extends ZodType<Record<string, unknown>, Record<string, unknown>>>({
  schema,
  ...options
}: Options<Schema>) {
  const { Binding, onValidate, start, startOn } = useDeferredConform(schema);
  const [bound, setBound] = useState<Bound | null>(null);
  // What is chosen before Conform has arrived (a list, a radio button, a box), so that what a form
  // draws from its values follows them from the first change: a tailor's tracking hint follows the
  // carrier. Typing is left alone (nothing is drawn from text as it is typed, and drawing the form
  // again on each key would slow a phone); Conform reads it all when it arrives.
  const [entered, setEntered] = useState<Record<string, unknown>>();
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    start();
    const chosen =
      event.target instanceof HTMLSelectElement ||
      (event.target instanceof HTMLInputElement && (event.target.type === "radio" || event.target.type === "checkbox"));
    if (!bound && chosen) setEntered(valuesOf(event.currentTarget));
  };
  // The form's id, defaults and constraints as the form's component has them now: Conform starts
  // from them, and takes the latest each time its side of the form is drawn (a new reply draws it).
  const latestOptions = useRef(options);
  latestOptions.current = options;
  const [form, fields] = (bound ?? restingForm({ ...options, entered })) as [
    FormMetadata<z.input<Schema>, string[]>,
    ReturnType<FormMetadata<z.input<Schema>, string[]>["getFieldset"]>,
  ];
  const { id } = options;
  const first = firstErrorOf(options.lastResult);
  // A reply that came back before Conform did (the form was sent at once): its first wrong field
  // takes the focus, as Conform gives it when it is there.
  const reply = options.lastResult;
  const waitingForConform = bound === null;
  useEffect(() => {
    if (!reply || !waitingForConform || !first) return;
    document.getElementById(`${id}-${first}`)?.focus();
  }, [reply, waitingForConform, first, id]);
  return {
    form,
    fields,
    formProps: {
      ...getFormProps(form),
      ...startOn,
      onChange,
      binding: Binding ? (
        <Binding
          latest={latestOptions}
          lastResult={options.lastResult}
          onValidate={onValidate as FormBindingProps["onValidate"]}
          onBound={setBound}
        />
      ) : null,
    },
    /**
     * True for the first error of the server's reply ("" is the form's own, in `FormErrors`): give it
     * `autoFocus`. Without JavaScript the answering page then opens with that field focused, in view
     * below the sticky header (app.css, scroll-padding-top) and read out with its message. With
     * JavaScript the fields are already on the page and Conform focuses the first invalid one.
     */
    focusFirst: (name: string) => first === name || undefined,
  };
}

/** A form's values as Conform reads them: one value a name, a list where a name has several (files left out). */
function valuesOf(form: HTMLFormElement): Record<string, unknown> {
  const data = new FormData(form);
  const values: Record<string, unknown> = {};
  for (const name of new Set(data.keys())) {
    const texts = data.getAll(name).filter((value) => typeof value === "string");
    values[name] = texts.length === 1 ? texts[0] : texts;
  }
  return values;
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
