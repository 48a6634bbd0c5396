import { Link } from "react-router";
import { PERIOD_SHORT_LABELS, PERIODS, type Period } from "~/domain/statistics/periods";

/** The period filter as plain links: works without JavaScript and can be bookmarked. */
export function PeriodFilter({ current }: { current: Period }) {
  return (
    <nav aria-label="เลือกช่วงเวลา">
      <ul className="grid grid-cols-4 gap-1 rounded-xl bg-white p-1 shadow-sm ring-1 ring-stone-200">
        {PERIODS.map((period) => {
          const active = period === current;
          return (
            <li key={period}>
              <Link
                to={period === "all" ? "/merchant/statistics" : `/merchant/statistics?period=${period}`}
                aria-current={active ? "page" : undefined}
                preventScrollReset
                className={`block whitespace-nowrap rounded-lg px-3 py-1.5 text-center text-sm font-semibold ${active ? "bg-indigo-ink text-white" : "text-indigo-ink hover:bg-indigo-soft"}`}
              >
                {PERIOD_SHORT_LABELS[period]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
