import { formatBaht, formatCount } from "~/lib/format";

/** Orders waiting, being sewn and done, and the money earned, as four tiles. */
export function SummaryCards({
  counts,
  earnings,
}: {
  counts: { ordered: number; accepted: number; completed: number };
  earnings: number;
}) {
  const tiles = [
    {
      key: "ordered",
      label: "รอรับงาน",
      value: formatCount(counts.ordered),
      unit: "รายการ",
      tone: "bg-amber-50 ring-amber-200",
    },
    {
      key: "accepted",
      label: "กำลังตัดเย็บ",
      value: formatCount(counts.accepted),
      unit: "รายการ",
      tone: "bg-blue-50 ring-blue-200",
    },
    {
      key: "completed",
      label: "ตัดเย็บเสร็จแล้ว",
      value: formatCount(counts.completed),
      unit: "รายการ",
      tone: "bg-emerald-50 ring-emerald-200",
    },
    { key: "earnings", label: "รายได้", value: formatBaht(earnings), unit: "", tone: "bg-silk-soft ring-silk/40" },
  ];
  return (
    <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      {tiles.map((tile) => (
        <div
          key={tile.key}
          className={`rounded-2xl p-4 shadow-sm ring-1 ${tile.tone}`}
          data-testid={`stat-${tile.key}`}
        >
          <dt className="text-sm text-stone-600">{tile.label}</dt>
          <dd className="mt-1 text-2xl font-semibold text-indigo-ink tabular-nums sm:text-3xl">
            {tile.value} {tile.unit ? <span className="text-base font-normal text-stone-600">{tile.unit}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
