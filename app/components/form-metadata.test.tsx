import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { restingForm } from "./form-metadata";

/*
 * A form at rest is drawn from restingForm (the server, and the browser until Conform arrives), and
 * from Conform's own objects once someone starts on it. The two must draw the same form: the same
 * ids, values, errors and attributes, or hydration fails and the form changes under the hand.
 */

type Options = Parameters<typeof restingForm>[0];

/** What a page reads of a form and its fields, drawn into attributes as the pages draw them. */
function readings([form, fields]: ReturnType<typeof restingForm>, names: string[]) {
  const { onSubmit: _, ...formProps } = getFormProps(form);
  const field = (name: string) => fields[name as never] as Parameters<typeof getInputProps>[0];
  return {
    form: {
      props: formProps,
      id: form.id,
      errors: form.errors,
      allErrors: form.allErrors,
      valid: form.valid,
      initialValue: form.initialValue,
      status: form.status,
    },
    fields: Object.fromEntries(
      names.map((name) => {
        const meta = field(name);
        return [
          name,
          {
            id: meta.id,
            name: meta.name,
            errorId: meta.errorId,
            errors: meta.errors,
            valid: meta.valid,
            initialValue: meta.initialValue,
            value: meta.value,
            input: getInputProps(meta, { type: "text" }),
            textarea: getTextareaProps(meta),
            select: getSelectProps(meta),
            checkboxes: getCollectionProps(meta, { type: "checkbox", options: ["a", "b", "on"] }),
            radios: getCollectionProps(meta, { type: "radio", options: ["a", "b"] }),
          },
        ];
      }),
    ),
  };
}

/** The same readings of Conform's useForm, drawn once as the server draws it. */
function conformReadings(options: Options, names: string[]) {
  let seen: ReturnType<typeof readings> | undefined;
  function Probe() {
    const [form, fields] = useForm({
      id: options.id,
      lastResult: options.lastResult,
      defaultValue: options.defaultValue as never,
      constraint: options.constraint,
      shouldValidate: "onSubmit",
      shouldRevalidate: "onInput",
    });
    seen = readings([form, fields] as unknown as ReturnType<typeof restingForm>, names);
    return null;
  }
  renderToString(<Probe />);
  return seen;
}

const names = ["email", "price", "count", "agree", "roles", "born", "note", "missing", "address"];
const defaultValue = {
  email: "somsri@example.com",
  price: "",
  count: 3,
  agree: true,
  roles: ["a"],
  born: new Date("1990-05-01T00:00:00Z"),
  note: "ผ้าไหม",
  address: null,
};
const constraint = { email: { required: true, maxLength: 254 }, note: { maxLength: 500 }, price: { pattern: "\\d+" } };

describe("a form at rest reads as Conform's own", () => {
  it("from its default values, with nothing sent yet", () => {
    const options = { id: "profile", defaultValue, constraint };
    expect(readings(restingForm(options), names)).toEqual(conformReadings(options, names));
  });

  it("from the server's refusal: the values sent, the form's and the fields' errors", () => {
    const lastResult: SubmissionResult<string[]> = {
      status: "error",
      initialValue: { email: "not-an-email", price: "12.345", roles: ["a", "b"], note: "" },
      error: { email: ["กรุณากรอกอีเมลให้ถูกต้อง"], price: ["ทศนิยมไม่เกิน 2 ตำแหน่ง"], "": ["บันทึกไม่สำเร็จ"] },
    };
    const options = { id: "price", defaultValue, constraint, lastResult };
    const resting = readings(restingForm(options), names);
    expect(resting).toEqual(conformReadings(options, names));
    // The control: a refusal is drawn as one (so the comparison above is not of two empty forms).
    expect(resting.fields.email?.input).toMatchObject({ "aria-invalid": true, defaultValue: "not-an-email" });
    expect(resting.form.props).toMatchObject({ "aria-describedby": "price-error", noValidate: true });
  });

  it("after a save the server answered without errors", () => {
    const lastResult: SubmissionResult<string[]> = { status: "success", initialValue: null, error: {} };
    const options = { id: "deposit", defaultValue, constraint, lastResult };
    expect(readings(restingForm(options), names)).toEqual(conformReadings(options, names));
  });

  it("with no default values at all", () => {
    const options = { id: "login" };
    expect(readings(restingForm(options), names)).toEqual(conformReadings(options, names));
  });

  it("follows what was chosen before Conform arrived, and keeps the values it started from", () => {
    const [form, fields] = restingForm({
      id: "delivery",
      defaultValue: { method: "carrier", carrier: "thailand_post" },
      entered: { method: "carrier", carrier: "kerry", trackingNumber: "" },
    });
    const carrier = fields["carrier" as never] as { value: unknown; initialValue: unknown };
    expect(carrier.value).toBe("kerry");
    expect(carrier.initialValue).toBe("thailand_post");
    expect(form.value).toEqual({ method: "carrier", carrier: "kerry" });
  });
});
