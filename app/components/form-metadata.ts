import type { FormMetadata, SubmissionResult } from "@conform-to/react";

/*
 * A form's metadata as Conform's `useForm` gives it before anyone has touched the form: ids, the
 * values it starts from and the errors of the server's last reply, as plain objects. The server
 * draws every form from these, and the browser hydrates from them too; Conform itself (9 KB of
 * script) arrives when someone first focuses or points at the form (components/forms.tsx) and from
 * then on gives the same objects, live. Conform's helpers (`getInputProps`, `getCollectionProps`…)
 * read them as they read Conform's own.
 *
 * The rules follow @conform-to/dom 1.21 (`createFormContext`, `serialize`, `normalize`): the values
 * start from the reply's `initialValue`, else from `defaultValue` (numbers as text, `true` as "on",
 * a date as ISO text); empty text, lists and objects count as no value; the errors are the reply's.
 * Ids: the form's `id`, a field's `${formId}-${name}`, each with `-error` and `-description`.
 * form-metadata.test.tsx holds all of it to Conform's own: an upgrade of Conform that changes them
 * fails there first.
 */

type Constraint = Record<string, { required?: boolean; minLength?: number; maxLength?: number; pattern?: string }>;
type Values = Record<string, unknown>;

export interface RestingFormOptions {
  id: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: unknown;
  constraint?: Constraint;
  /** The form's values as they are now (read from the form on a change), where they differ from the start. */
  entered?: Record<string, unknown>;
}

/** Conform's `serialize` of a default value: what a form field would hold. */
function serialize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(serialize);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? "on" : undefined;
  if (typeof value === "number" || typeof value === "bigint") return value.toString();
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, serialize(item)]));
  }
  return value;
}

/** Conform's `normalize`: empty text, empty lists and empty objects are no value. */
function normalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? value.map(normalize) : undefined;
  if (value !== null && typeof value === "object" && !(value instanceof Date)) {
    const entries = Object.entries(value)
      .map(([key, item]) => [key, normalize(item)] as const)
      .filter(([, item]) => item !== undefined);
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return value === "" || value === null ? undefined : value;
}

/**
 * The form and its fields, at rest. Typed as Conform's, so a page reads them the same way before
 * and after Conform has arrived; only what a page reads at rest is there (ids, names, values,
 * errors, constraints, validity), and none of Conform's intents (`form.update`, `form.reset`…).
 */
export function restingForm<Schema extends Record<string, unknown>>({
  id,
  lastResult,
  defaultValue,
  constraint = {},
  entered,
}: RestingFormOptions): [FormMetadata<Schema, string[]>, ReturnType<FormMetadata<Schema, string[]>["getFieldset"]>] {
  const start = lastResult?.initialValue ?? serialize(defaultValue ?? {});
  const initialValue = normalize(start) as Values | undefined;
  const values = initialValue ?? {};
  const current = entered ? ((normalize(entered) ?? {}) as Values) : values;
  const errors = (lastResult?.error ?? {}) as Record<string, string[] | null | undefined>;
  // Conform's validity: the form is valid with no error entry at all, a field with none under its name.
  const invalidUnder = (name: string) =>
    name === ""
      ? Object.keys(errors).length > 0
      : Object.keys(errors).some(
          (key) =>
            errors[key] !== undefined && (key === name || key.startsWith(`${name}.`) || key.startsWith(`${name}[`)),
        );

  const field = (name: string) => {
    const fieldId = `${id}-${name}`;
    const initialValue = values[name];
    return {
      id: fieldId,
      name,
      formId: id,
      errorId: `${fieldId}-error`,
      descriptionId: `${fieldId}-description`,
      initialValue,
      value: current[name],
      defaultValue:
        typeof initialValue === "string" ? initialValue : Array.isArray(initialValue) ? initialValue[0] : undefined,
      errors: errors[name],
      valid: !invalidUnder(name),
      dirty: false,
      key: undefined,
      ...constraint[name],
    };
  };
  const fields = new Proxy({} as Record<string, ReturnType<typeof field>>, {
    get: (cache, name) => {
      if (typeof name !== "string") return undefined;
      cache[name] ??= field(name);
      return cache[name];
    },
  });
  const form = {
    id,
    name: "",
    errorId: `${id}-error`,
    descriptionId: `${id}-description`,
    initialValue,
    value: entered ? current : initialValue,
    errors: errors[""],
    allErrors: errors,
    valid: !invalidUnder(""),
    dirty: false,
    status: lastResult?.status,
    noValidate: true,
    onSubmit: undefined,
    getFieldset: () => fields,
  };
  return [
    form as unknown as FormMetadata<Schema, string[]>,
    fields as unknown as ReturnType<FormMetadata<Schema, string[]>["getFieldset"]>,
  ];
}
