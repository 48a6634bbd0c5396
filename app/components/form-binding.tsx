import { type FormMetadata, type SubmissionResult, useForm } from "@conform-to/react";
import { memo, type RefObject, useLayoutEffect } from "react";

/*
 * Conform's side of a form (components/forms.tsx, `useShopForm`), loaded the first time someone
 * focuses or points at a form. It draws nothing: Conform finds the form by its id and listens on
 * the document for its input, blur and reset; this hands Conform's live form and fields to the
 * form's component each time they change, in place of the resting ones (form-metadata.ts).
 */

type Form = FormMetadata<Record<string, unknown>, string[]>;
export type Bound = [Form, ReturnType<Form["getFieldset"]>];

export interface FormBindingProps {
  /** The form's id, defaults and constraints, as its component has them now. */
  latest: RefObject<{
    id: string;
    defaultValue?: unknown;
    constraint?: Record<string, { required?: boolean; minLength?: number; maxLength?: number; pattern?: string }>;
  }>;
  lastResult?: SubmissionResult<string[]> | null;
  onValidate?: Parameters<typeof useForm<Record<string, unknown>>>[0]["onValidate"];
  /** The form's component: Conform's form and fields, drawn in place of the resting ones. */
  onBound: (bound: Bound | null) => void;
}

export const FormBinding = memo(function FormBinding({ latest, lastResult, onValidate, onBound }: FormBindingProps) {
  const { id, defaultValue, constraint } = latest.current;
  const [form, fields] = useForm<Record<string, unknown>>({
    id,
    defaultValue: defaultValue as Parameters<typeof useForm<Record<string, unknown>>>[0]["defaultValue"],
    constraint,
    lastResult,
    onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // Read here, so that a change to any of them draws this again, and with it the form (the form's
  // component reads Conform's objects after this has drawn, and its reads subscribe it as well).
  void form.allErrors;
  void form.status;
  void form.initialValue;
  useLayoutEffect(() => {
    onBound([form, fields]);
  });
  useLayoutEffect(() => () => onBound(null), [onBound]);
  // What was typed or chosen before Conform arrived: Conform reads the whole form on any input, so one
  // input event from a field brings its values up to date (a tailor's carrier, and the hint with it).
  useLayoutEffect(() => {
    const field = Array.from(document.forms.namedItem(id)?.elements ?? []).find(
      (element) => element instanceof HTMLInputElement && element.type === "hidden" && element.name,
    );
    field?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [id]);
  return null;
});
