import { useEffect, useRef } from "react";

export interface NoticeData {
  type: "success" | "error" | "info" | "warning";
  message: string;
  description?: string;
}

const AUTO_CLOSE_MS = 2000;

const looks = {
  success: { title: "สำเร็จ", ring: "ring-emerald-600/30", badge: "bg-emerald-600", icon: "M5 10.5l3 3 7-7" },
  error: { title: "เกิดข้อผิดพลาด", ring: "ring-lac/30", badge: "bg-lac", icon: "M6 6l8 8M14 6l-8 8" },
  warning: { title: "โปรดตรวจสอบ", ring: "ring-silk/40", badge: "bg-silk", icon: "M10 5v6M10 14.5v.5" },
  info: { title: "แจ้งให้ทราบ", ring: "ring-indigo-ink/30", badge: "bg-indigo-ink", icon: "M10 9v6M10 5.5v.5" },
} as const;

/**
 * The shop's notice (spec section 8): title, icon, a Thai OK button, gone after 2 s.
 * A native <dialog open> with a method="dialog" form closes without JavaScript, and a
 * CSS animation hides it after 2 s; with JavaScript Escape or the timer close it. It never
 * takes the focus (that stays where the customer acts, beside a refused form's own message);
 * its words are read out from a live region instead (an error at once, others politely). The
 * 2 s stop while it is pointed at or has the focus (WCAG 2.2.1), then run again from the start:
 * the CSS animation pauses the same way (app.css), so it holds without JavaScript too.
 */
export function NoticeDialog({ notice }: { notice: NoticeData | null }) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (!notice) return;
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.show();
    let timer: number | undefined;
    const close = () => {
      if (element.open) element.close();
    };
    const held = () => element.matches(":hover") || element.contains(document.activeElement);
    const start = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => (held() ? undefined : close()), AUTO_CLOSE_MS);
    };
    const pause = () => window.clearTimeout(timer);
    // Leaving (pointer out, focus out) starts the 2 s again, unless the other still holds it.
    const resume = () => window.setTimeout(() => (held() ? undefined : start()), 0);
    start();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    element.addEventListener("pointerenter", pause);
    element.addEventListener("focusin", pause);
    element.addEventListener("pointerleave", resume);
    element.addEventListener("focusout", resume);
    document.addEventListener("keydown", onKey);
    return () => {
      window.clearTimeout(timer);
      element.removeEventListener("pointerenter", pause);
      element.removeEventListener("focusin", pause);
      element.removeEventListener("pointerleave", resume);
      element.removeEventListener("focusout", resume);
      document.removeEventListener("keydown", onKey);
    };
  }, [notice]);

  if (!notice) return null;
  const look = looks[notice.type] ?? looks.info;
  return (
    <dialog
      ref={dialog}
      open
      key={`${notice.type}:${notice.message}`}
      aria-labelledby="notice-title"
      aria-describedby="notice-message"
      role={notice.type === "error" ? "alertdialog" : "dialog"}
      className={`notice-auto-close fixed inset-x-0 top-24 z-50 mx-auto w-[min(92vw,24rem)] rounded-2xl bg-white p-5 text-stone-800 shadow-xl ring-1 ${look.ring}`}
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={`grid size-9 shrink-0 place-items-center rounded-full text-white ${look.badge}`}
        >
          {/* biome-ignore lint/a11y/noSvgWithoutTitle: decorative, its wrapper is aria-hidden */}
          <svg
            viewBox="0 0 20 20"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d={look.icon} />
          </svg>
        </span>
        {/* The live region: read out when it appears, without moving the focus. */}
        {/* (An error's dialog is already an alertdialog: its region is assertive, not a second alert.) */}
        <div
          className="min-w-0 flex-1"
          role={notice.type === "error" ? undefined : "status"}
          aria-live={notice.type === "error" ? "assertive" : "polite"}
          aria-atomic="true"
        >
          <h2 id="notice-title" className="font-semibold text-indigo-ink">
            {look.title}
          </h2>
          <p id="notice-message" className="mt-1 break-words" data-testid="notice">
            {notice.message}
          </p>
          {notice.description ? <p className="mt-1 text-sm text-stone-600">{notice.description}</p> : null}
        </div>
      </div>
      <form method="dialog" className="mt-4 text-right">
        <button
          type="submit"
          className="min-h-11 rounded-lg bg-indigo-ink px-5 py-2 font-semibold text-white hover:bg-indigo-deep"
        >
          ตกลง
        </button>
      </form>
    </dialog>
  );
}
