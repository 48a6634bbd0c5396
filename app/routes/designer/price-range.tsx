import { useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { type Choice, partsOf } from "~/domain/designer/selection";
import { type PriceRangeSeed, type QuoteRange, quoteKey } from "~/domain/pricing/quote-key";

/** How long the parts must stay still before the browser asks for their price (a quick run of taps asks once). */
const QUIET_MS = 300;

const baht = new Intl.NumberFormat("th-TH", { maximumFractionDigits: 2 });
const money = (value: number) => `฿${baht.format(value)}`;

/**
 * "ราคาเริ่มต้น ฿from" (issue 45) beside the add-to-cart controls: the lowest item price among the
 * open tailors who can make the design as it is now, with the highest and how many tailors, shipping
 * not included. The first range comes with the page (its loader reads the address: without
 * JavaScript every pick reloads the page, so it always matches); with JavaScript a change of parts
 * or quantity asks POST /api/design/quote once the picking pauses, and the answer is announced.
 */
export function PriceRange({ choice, qty }: { choice: Choice; qty: number }) {
  const parts = partsOf(choice);
  const seed = useRouteLoaderData<{ priceRange?: PriceRangeSeed | null }>("routes/designer/design")?.priceRange ?? null;
  const key = quoteKey(parts, qty);
  const [shown, setShown] = useState<PriceRangeSeed | null>(seed);
  const [failed, setFailed] = useState(false);
  const current = shown?.key === key ? shown : seed?.key === key ? seed : null;
  const known = current !== null;
  // What to send: the parts as they are when the request goes (the key says when they changed).
  const body = useRef({ ...parts, quantity: qty });
  body.current = { ...parts, quantity: qty };

  useEffect(() => {
    if (known) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetch("/api/design/quote", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body.current),
        signal: controller.signal,
      })
        .then(async (response) => {
          if (!response.ok) throw new Error(`quote ${response.status}`);
          const range = (await response.json()) as QuoteRange;
          setShown({ key, range });
          setFailed(false);
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) {
            console.warn("The price range could not be read", error);
            setFailed(true);
          }
        });
    }, QUIET_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [key, known]);

  // While a new range is on its way the last one stays, marked as being worked out.
  const range = (current ?? shown)?.range ?? null;
  const stale = current === null;
  return (
    <div
      className="mt-4 rounded-xl bg-cream p-3 text-center ring-1 ring-stone-200"
      data-testid="price-range"
      aria-live="polite"
      aria-busy={stale && !failed}
    >
      {range === null ? (
        <p className="text-stone-700">{failed ? "ยังแสดงราคาไม่ได้ในขณะนี้" : "กำลังคำนวณราคา…"}</p>
      ) : range.tailors === 0 || range.from === null || range.to === null ? (
        <p className="text-stone-700">ยังไม่มีช่างที่รับตัดแบบนี้ ลองเปลี่ยนชิ้นส่วนบางชิ้น</p>
      ) : (
        <>
          <p className={`text-stone-700 ${stale ? "opacity-60" : ""}`}>
            ราคาเริ่มต้น{" "}
            <span className="text-xl font-semibold text-indigo-ink" data-testid="price-from">
              {money(range.from)}
            </span>
            {range.to > range.from ? <span> – {money(range.to)}</span> : null}
            {qty > 1 ? <span> (สำหรับ {baht.format(qty)} ตัว)</span> : null}
          </p>
          <p className="mt-0.5 text-xs text-stone-600">
            จากช่าง {baht.format(range.tailors)} ร้านที่รับตัดแบบนี้ ยังไม่รวมค่าจัดส่ง ราคาจริงตามช่างที่เลือก
          </p>
        </>
      )}
      {stale && failed && range !== null ? (
        <p className="mt-1 text-xs text-lac">ราคานี้เป็นของแบบก่อนหน้า ยังโหลดราคาใหม่ไม่ได้</p>
      ) : null}
    </div>
  );
}
