import { Link } from "react-router";
import type { ShopChecklist as Checklist } from "~/domain/merchants/shop-profile";

const STEPS: { key: keyof Checklist; label: string; to: string; needed: boolean }[] = [
  { key: "shopName", label: "ตั้งชื่อร้าน", to: "/merchant/shop#shop-profile-title", needed: true },
  { key: "prices", label: "ตั้งราคาลวดลายอย่างน้อยหนึ่งรายการ", to: "/merchant/pricing", needed: true },
  { key: "promptPay", label: "ใส่พร้อมเพย์สำหรับรับเงิน", to: "/merchant/pricing#promptpay-title", needed: false },
  { key: "design", label: "เผยแพร่แบบเสื้อแบบแรกของร้าน", to: "/merchant/popular_design", needed: false },
];

/**
 * What a new tailor still has to do (issue 46). The first two make the shop ready to take orders
 * (isReadyShop): until then it is not listed on the silk shops, and the list says so. Shown on the
 * tailor's shop and pricing pages while anything is left; the admin sees it without links.
 */
export function ShopChecklist({
  checklist,
  ready,
  links = true,
  hideWhenDone = false,
}: {
  checklist: Checklist;
  ready: boolean;
  links?: boolean;
  hideWhenDone?: boolean;
}) {
  const left = STEPS.filter((step) => !checklist[step.key]).length;
  if (hideWhenDone && left === 0) return null;
  return (
    <section
      aria-labelledby="shop-checklist-title"
      className="mt-6 rounded-2xl bg-cream p-4 ring-1 ring-silk/40 sm:p-6"
      data-testid="shop-checklist"
    >
      <h2 id="shop-checklist-title" className="text-lg font-semibold text-indigo-ink">
        เตรียมร้านให้พร้อมรับงาน
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        {ready
          ? "ร้านพร้อมรับงานแล้ว ลูกค้าเห็นร้านในหน้าร้านผ้าไหมและเลือกร้านได้"
          : "ร้านจะแสดงในหน้าร้านผ้าไหมและให้ลูกค้าเลือกได้เมื่อมีชื่อร้านและราคาลวดลายอย่างน้อยหนึ่งรายการ"}
      </p>
      <ul className="mt-3 space-y-1">
        {STEPS.map((step) => {
          const done = checklist[step.key];
          const text = `${step.label}${step.needed ? "" : " (แนะนำ)"}`;
          return (
            <li key={step.key} className="flex min-h-11 items-center gap-2">
              <span
                aria-hidden
                className={`grid size-6 shrink-0 place-items-center rounded-full text-sm font-bold ${
                  done ? "bg-emerald-700 text-white" : "bg-white text-stone-500 ring-1 ring-stone-300"
                }`}
              >
                {done ? "✓" : ""}
              </span>
              <span className="sr-only">{done ? "ทำแล้ว:" : "ยังไม่ได้ทำ:"}</span>
              {done || !links ? (
                <span className={done ? "text-stone-600" : "text-stone-900"}>{text}</span>
              ) : (
                <Link to={step.to} className="font-semibold text-indigo-ink underline underline-offset-2">
                  {text}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
