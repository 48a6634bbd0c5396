import {
  formatBoth,
  MEASUREMENT_INFO,
  MEASUREMENTS,
  type Measurements,
  UNIT_WORDS,
  type Unit,
} from "~/domain/measurements/measurements";
import type { OrderMeasurements } from "~/domain/measurements/order-measurements";

/** The seven measurements both ways, first in the unit they were measured in (a profile, an order's frozen set). */
export function MeasurementList({ values, unit }: { values: Measurements; unit: Unit }) {
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
      {MEASUREMENTS.map((name) => (
        <div key={name} className="flex justify-between gap-3 border-b border-stone-100 py-1">
          <dt className="text-stone-600">{MEASUREMENT_INFO[name].label}</dt>
          <dd className="font-semibold text-stone-900">{formatBoth(values[name], unit)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The measurements an order is cut to, as frozen when it was placed: the profile's name then, the
 * unit the customer measured in, and the seven numbers both ways. `note` says what the reader
 * should know (the tailor: they never change; the buyer: a later change is not sent).
 */
export function OrderMeasurementsSection({
  measurements,
  note,
  headingLevel = 2,
  className = "rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200",
}: {
  measurements: OrderMeasurements;
  note?: string;
  /** 3 inside a dialog whose title is the page's second level. */
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="order-measurements" className={className}>
      <Heading
        id="order-measurements"
        className={`font-semibold text-indigo-ink ${headingLevel === 2 ? "text-lg" : ""}`}
      >
        สัดส่วนสำหรับตัดเสื้อ: {measurements.name}
      </Heading>
      <p className="mt-1 text-sm text-stone-600">ลูกค้าวัดเป็น{UNIT_WORDS[measurements.unit]}</p>
      <MeasurementList values={measurements.values} unit={measurements.unit} />
      {note ? <p className="mt-2 text-xs text-stone-500">{note}</p> : null}
    </section>
  );
}

/** The measurements frozen on an order, as the tailor's printed sheet shows them: whose, in which unit, the list. */
export function SheetMeasurements({ measurements }: { measurements: OrderMeasurements }) {
  return (
    <>
      <p className="mt-1 text-sm">
        ของ “{measurements.name}” (ลูกค้าวัดเป็น{UNIT_WORDS[measurements.unit]}) บันทึกไว้ตอนสั่งตัด
      </p>
      <MeasurementList values={measurements.values} unit={measurements.unit} />
    </>
  );
}
