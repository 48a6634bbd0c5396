import { Link } from "react-router";

/** Previous / next links for a paginated list; keeps the other query parameters. */
export function Pagination({ page, pageCount, search }: { page: number; pageCount: number; search: string }) {
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(target));
    return `?${params.toString()}`;
  };
  const linkClass =
    "rounded-lg bg-white px-4 py-2 font-semibold text-indigo-ink ring-1 ring-stone-300 hover:ring-indigo-ink";
  return (
    <nav aria-label="เลือกหน้า" className="mt-6 flex items-center justify-center gap-3">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={linkClass} rel="prev">
          ← ก่อนหน้า
        </Link>
      ) : null}
      <span className="text-sm text-stone-600">
        หน้า {page} จาก {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={linkClass} rel="next">
          ถัดไป →
        </Link>
      ) : null}
    </nav>
  );
}
