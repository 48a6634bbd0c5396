import { z } from "zod";
import {
  MEASUREMENT_INFO,
  MEASUREMENT_MESSAGES,
  MEASUREMENTS,
  type MeasurementName,
  type Measurements,
  PROFILE_NAME_MAX,
  type ProfileInput,
  toCentimetres,
  type Unit,
} from "./measurements";

/**
 * A profile as the form and the JSON call send it: a name, the unit the numbers were typed in,
 * and the seven numbers (text from a form, numbers from JSON); out comes centimetres. Each number
 * is checked against its range in the unit it was typed in, with a Thai message beside it.
 */
export function profileSchema() {
  const number = z.union([z.string(), z.number()]).optional();
  return z
    .object({
      name: z.string().optional(),
      unit: z.string().optional(),
      ...(Object.fromEntries(MEASUREMENTS.map((name) => [name, number])) as Record<MeasurementName, typeof number>),
    })
    .transform((raw, context): ProfileInput => {
      const name = (raw.name ?? "").replace(/\s+/g, " ").trim();
      if (!name) context.addIssue({ code: "custom", path: ["name"], message: MEASUREMENT_MESSAGES.nameRequired });
      else if (name.length > PROFILE_NAME_MAX)
        context.addIssue({ code: "custom", path: ["name"], message: MEASUREMENT_MESSAGES.nameTooLong });
      const unit: Unit | null = raw.unit === "in" || raw.unit === "cm" ? raw.unit : null;
      if (!unit) context.addIssue({ code: "custom", path: ["unit"], message: MEASUREMENT_MESSAGES.unitRequired });
      const values = {} as Measurements;
      for (const field of MEASUREMENTS) {
        const label = MEASUREMENT_INFO[field].label;
        const typed = raw[field];
        const text = typeof typed === "number" ? String(typed) : (typed ?? "").trim();
        if (!text) {
          context.addIssue({ code: "custom", path: [field], message: MEASUREMENT_MESSAGES.required(label) });
          continue;
        }
        if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) {
          context.addIssue({ code: "custom", path: [field], message: MEASUREMENT_MESSAGES.notANumber(label) });
          continue;
        }
        if (!unit) continue;
        const centimetres = toCentimetres(Number(text), unit);
        const { min, max } = MEASUREMENT_INFO[field];
        if (centimetres < min || centimetres > max) {
          context.addIssue({ code: "custom", path: [field], message: MEASUREMENT_MESSAGES.outOfRange(field, unit) });
          continue;
        }
        values[field] = centimetres;
      }
      return { name, unit: unit ?? "cm", values };
    });
}
