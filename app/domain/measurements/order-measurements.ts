import { MEASUREMENTS, type Measurements, type Unit } from "./measurements";

/**
 * The measurements an order is cut to (issue 22): the buyer's profile as it was when the order
 * was placed, kept on the order itself (Order.measurements), so a later change to the profile,
 * or its deletion, never reaches an order already placed. Pure: read by every order view.
 */
export type OrderMeasurements = {
  /** The profile's name then ('ตัวฉัน', 'พ่อ'). */
  name: string;
  /** The unit the customer typed them in (the tailor sees both). */
  unit: Unit;
  /** In centimetres, to one decimal. */
  values: Measurements;
};

export function frozenMeasurements(profile: { name: string; unit: Unit; values: Measurements }): OrderMeasurements {
  return { name: profile.name, unit: profile.unit, values: { ...profile.values } };
}

/** Reads the stored JSON back; anything not of the shape (never written by the shop) reads as none. */
export function readOrderMeasurements(json: unknown): OrderMeasurements | null {
  if (typeof json !== "object" || json === null) return null;
  const { name, unit, values } = json as Record<string, unknown>;
  if (typeof name !== "string" || (unit !== "in" && unit !== "cm")) return null;
  if (typeof values !== "object" || values === null) return null;
  const read = {} as Measurements;
  for (const measurement of MEASUREMENTS) {
    const value = (values as Record<string, unknown>)[measurement];
    if (typeof value !== "number" || !Number.isFinite(value)) return null;
    read[measurement] = value;
  }
  return { name, unit, values: read };
}
