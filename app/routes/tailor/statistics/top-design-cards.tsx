import type { MerchantTopDesign } from "~/domain/statistics/merchant-statistics.server";
import { formatBaht, formatCount } from "~/lib/format";

/** The most ordered designs: 2 a row on phones, 5 on wide screens (spec section 9). */
export function TopDesignCards({ designs }: { designs: MerchantTopDesign[] }) {
  if (designs.length === 0) return <p className="mt-3 text-stone-600">ยังไม่มีคำสั่งซื้อในช่วงเวลานี้</p>;
  return (
    <ol className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-5">
      {designs.map((design, index) => (
        <li key={design.id} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
          <img
            src={design.image}
            alt={`แบบเสื้อ #${design.id} ${design.label}`}
            width={240}
            height={240}
            loading="lazy"
            decoding="async"
            className="aspect-square w-full bg-stone-50 object-contain"
          />
          <div className="p-3 text-sm">
            <p className="font-semibold text-indigo-ink">
              <span className="text-amber-800">{index + 1}.</span> {design.label}
            </p>
            <p className="text-stone-500">แบบ #{design.id}</p>
            <p className="mt-1">
              {formatCount(design.orderCount)} คำสั่งซื้อ
              <br />
              รายได้ {formatBaht(design.totalRevenue)}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
