import { totalFor } from "~/domain/pricing/quote";
import type { QuoteRange } from "~/domain/pricing/quote-key";
import { formatBaht } from "~/lib/format";

/**
 * A cart line without a tailor yet (issue 45): what it would cost, from the cheapest to the
 * dearest open tailor who can make it, for the quantity shown; shipping comes with the tailor.
 * `range` is for one shirt.
 */
export function CartPriceRange({ range, quantity }: { range: QuoteRange | null | undefined; quantity: number }) {
  if (!range) return <span className="text-stone-500">ราคาจะแสดงเมื่อเลือกช่างตัด</span>;
  if (range.from === null || range.to === null || range.tailors === 0)
    return <span className="text-lac">ยังไม่มีช่างที่รับตัดแบบนี้</span>;
  const from = totalFor(range.from, quantity);
  const to = totalFor(range.to, quantity);
  return (
    <span data-testid="cart-price-range">
      ราคาเริ่มต้น <span className="font-semibold text-indigo-ink">{formatBaht(from)}</span>
      {to > from ? <> – {formatBaht(to)}</> : null}
      <span className="text-stone-500"> (ช่าง {range.tailors} ร้าน ยังไม่รวมค่าจัดส่ง เลือกช่างเพื่อดูราคาจริง)</span>
    </span>
  );
}
