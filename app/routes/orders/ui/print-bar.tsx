import { useEffect, useState } from "react";
import { Link } from "react-router";

/**
 * Back to the order, and a print button (the order's papers: the work sheet, the receipt, the parcel
 * label) once JavaScript runs (it calls the browser's print);
 * without it, the browser's own print command prints the same page.
 */
export function PrintBar({ backTo, label }: { backTo: string; label: string }) {
  const [canPrint, setCanPrint] = useState(false);
  useEffect(() => setCanPrint(true), []);
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3 print:hidden">
      <Link to={backTo} className="inline-flex min-h-11 items-center text-indigo-ink underline">
        กลับไปที่คำสั่งซื้อ
      </Link>
      {canPrint ? (
        <button
          type="button"
          onClick={() => window.print()}
          className="ml-auto inline-flex min-h-11 items-center rounded-xl bg-indigo-ink px-4 font-semibold text-white hover:bg-indigo-deep"
        >
          {label}
        </button>
      ) : (
        <p className="ml-auto text-sm text-stone-600">พิมพ์ด้วยคำสั่งพิมพ์ของเบราว์เซอร์ (เมนู ⋮ แล้วเลือก “พิมพ์”)</p>
      )}
    </div>
  );
}
