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
 * CSS animation hides it after 2 s; with JavaScript the OK button takes focus and
 * Escape or the timer close it.
 */
export function NoticeDialog({ notice }: { notice: NoticeData | null }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const okButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!notice) return;
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.show();
    const previous = document.activeElement as HTMLElement | null;
    okButton.current?.focus({ preventScroll: true });
    const close = () => {
      if (element.open) element.close();
      if (previous && document.contains(previous)) previous.focus({ preventScroll: true });
    };
    const timer = window.setTimeout(close, AUTO_CLOSE_MS);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      window.clearTimeout(timer);
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
        <div className="min-w-0 flex-1">
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
          ref={okButton}
          type="submit"
          className="min-h-11 rounded-lg bg-indigo-ink px-5 py-2 font-semibold text-white hover:bg-indigo-deep"
        >
          ตกลง
        </button>
      </form>
    </dialog>
  );
}
