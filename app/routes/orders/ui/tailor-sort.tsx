import { Link } from "react-router";

/**
 * How the tailor choice is ordered (issue 45): by the total the customer pays (price and shipping)
 * or by the shortest lead time. Plain links, so the choice works without JavaScript.
 */
export function TailorSortLinks({ itemId, search, sort }: { itemId: number; search: string; sort: "total" | "lead" }) {
  const href = (to: "total" | "lead") => {
    const query = new URLSearchParams({ productId: String(itemId) });
    if (search) query.set("q", search);
    if (to !== "total") query.set("sort", to);
    return `/merchant/select?${query}`;
  };
  const options = [
    { key: "total", label: "ราคารวมต่ำสุด" },
    { key: "lead", label: "เสร็จเร็วที่สุด" },
  ] as const;
  return (
    <nav aria-label="เรียงช่างตัด" className="mt-3 flex flex-wrap items-center gap-2 text-sm">
      <span className="text-stone-700">เรียงตาม:</span>
      {options.map((option) => (
        <Link
          key={option.key}
          to={href(option.key)}
          aria-current={sort === option.key ? "true" : undefined}
          className={`inline-flex min-h-11 items-center rounded-full px-4 font-semibold ring-1 ${
            sort === option.key ? "bg-indigo-ink text-white ring-indigo-ink" : "bg-white text-indigo-ink ring-stone-300"
          }`}
        >
          {option.label}
        </Link>
      ))}
    </nav>
  );
}
