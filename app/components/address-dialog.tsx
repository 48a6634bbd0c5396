import { type ReactNode, useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";

/**
 * A dialog whose open state lives in the address (?edit=12, ?delete=12, ...). The server
 * renders it open, so without JavaScript it is a panel over the page with a link back;
 * with JavaScript it becomes a real modal (focus trapped, Escape and an outside click
 * close it by going back to `closeTo`).
 */
export function AddressDialog({
  title,
  closeTo,
  children,
  wide = false,
}: {
  title: string;
  closeTo: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const element = dialog.current;
    if (!element || element.matches(":modal")) return;
    element.close();
    element.showModal();
  }, []);

  const close = () => navigate(closeTo, { preventScrollReset: true });

  return (
    <>
      <Link
        to={closeTo}
        preventScrollReset
        aria-hidden="true"
        tabIndex={-1}
        className="fixed inset-0 z-50 bg-indigo-deep/50"
      />
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; Escape closes through onCancel */}
      <dialog
        ref={dialog}
        open
        aria-labelledby="address-dialog-title"
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
        className={`fixed inset-0 z-50 m-auto max-h-[92vh] ${wide ? "w-[min(94vw,48rem)]" : "w-[min(94vw,34rem)]"} overflow-y-auto rounded-2xl bg-white p-0 text-stone-800 shadow-2xl ring-1 ring-stone-200 backdrop:bg-indigo-deep/50`}
      >
        <div className="p-5 sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id="address-dialog-title" className="text-xl font-semibold text-indigo-ink">
              {title}
            </h2>
            <Link
              to={closeTo}
              preventScrollReset
              className="-m-1 rounded-md p-1 text-stone-500 hover:bg-stone-100 hover:text-stone-800"
              aria-label="ปิดหน้าต่าง"
            >
              <svg
                viewBox="0 0 20 20"
                className="size-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                aria-hidden="true"
              >
                <path d="M5 5l10 10M15 5L5 15" />
              </svg>
            </Link>
          </div>
          <div className="mt-4">{children}</div>
        </div>
      </dialog>
    </>
  );
}
