import { type MouseEvent, useEffect, useRef } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import type { ShopDesign } from "~/domain/merchants/shops.server";
import { formatBaht } from "~/lib/format";
import { type CartAccess, CartButton } from "./design-card";

/**
 * The enlarged view of a design (?view=id). Without JavaScript it is a page state: the
 * dim backdrop and the close button are links back. With JavaScript, Escape and a click
 * outside close it too, focus stays inside while it is open and returns to where it was.
 */
export function DesignViewer({
  design,
  shopName,
  closeHref,
  access,
}: {
  design: ShopDesign;
  shopName: string;
  closeHref: string;
  access: CartAccess;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLAnchorElement>(null);
  const openedHere = Boolean((location.state as { viewer?: boolean } | null)?.viewer);

  const close = () => {
    // Opened from this page: step back, so Back does not reopen it; otherwise replace.
    if (openedHere) navigate(-1);
    else navigate(closeHref.split("#")[0]!, { replace: true, preventScrollReset: true });
  };
  const closeRef = useRef(close);
  closeRef.current = close;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        closeRef.current();
      } else if (event.key === "Tab") {
        keepFocusInside(event, panel.current);
      }
    };
    document.addEventListener("keydown", onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
      if (previous && document.contains(previous)) previous.focus({ preventScroll: true });
    };
  }, []);

  const onCloseClick = (event: MouseEvent) => {
    event.preventDefault();
    close();
  };

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center p-3 sm:p-6">
      <Link
        to={closeHref}
        onClick={onCloseClick}
        tabIndex={-1}
        aria-hidden
        className="absolute inset-0 bg-indigo-deep/75"
        data-testid="viewer-backdrop"
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="viewer-title"
        className="relative flex max-h-full w-full max-w-xl flex-col overflow-auto rounded-2xl bg-white p-4 shadow-2xl sm:p-5"
      >
        <div className="flex items-start justify-between gap-3">
          <div>
            <h2 id="viewer-title" className="text-lg font-semibold text-indigo-ink">
              {design.label}
            </h2>
            <p className="text-sm text-stone-600">
              {shopName} · แบบ #{design.id}
            </p>
          </div>
          <Link
            ref={closeButton}
            to={closeHref}
            onClick={onCloseClick}
            className="rounded-lg px-3 py-1.5 text-sm font-semibold text-indigo-ink ring-1 ring-stone-300 hover:bg-indigo-soft"
          >
            ปิด
          </Link>
        </div>
        <img
          src={design.image}
          alt={`${design.label} ของ${shopName} (ภาพขยาย)`}
          width={560}
          height={560}
          className="mt-3 aspect-square w-full rounded-xl bg-stone-50 object-contain"
        />
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <p className="text-xl font-semibold text-lac">
            {design.price === null ? "ยังไม่กำหนดราคา" : formatBaht(design.price)}
          </p>
          <div className="min-w-40">
            <CartButton design={design} access={access} />
          </div>
        </div>
      </div>
    </div>
  );
}

function keepFocusInside(event: KeyboardEvent, container: HTMLElement | null) {
  if (!container) return;
  const focusable = Array.from(
    container.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), input:not([type=hidden])"),
  );
  if (focusable.length === 0) return;
  const first = focusable[0]!;
  const last = focusable[focusable.length - 1]!;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
