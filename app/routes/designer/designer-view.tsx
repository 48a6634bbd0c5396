import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { CATEGORIES, type CategoryKey, CUSTOM_SIZE } from "~/domain/catalogue/categories";
import { cardArtUrl, type LayerKey, shirtFill } from "~/domain/designer/compose";
import {
  type Choice,
  categoryFromSearch,
  choiceFromSearch,
  clampQuantity,
  type Override,
  type Overrides,
  optionsOf,
  searchOf,
  shirtLabel,
  toggleOption,
} from "~/domain/designer/selection";
import { CanvasPreview } from "./canvas-preview";
import { DesignerControls, type DesignerMode } from "./designer-controls";
import type { Stage } from "./fabric-stage.client";
import type { OrderChoicesPlace } from "./order-choices";
import type { Go, Place } from "./place";

/**
 * Where a tab or card link lands without JavaScript: back at the tabs and cards (below the sticky
 * header, app.css), not at the top of the page. With JavaScript the links only change the address.
 */
const OPTIONS = "#options";

function placeOf(search: string): Place {
  const params = new URLSearchParams(search);
  return {
    choice: choiceFromSearch(params),
    category: categoryFromSearch(params) ?? "shirt",
    qty: clampQuantity(params.get("qty") ?? 1),
  };
}

/**
 * The shirt designer (spec section 2, /design): preview, category tabs, option cards and the
 * cart or save controls. The selection lives in the address, so every tab and card is a plain
 * link and the page works without JavaScript; with it, the canvas adds dragging and scaling.
 */
export function DesignerView(props: {
  mode: DesignerMode;
  initialOverrides?: Overrides;
  /** The save's refusal (components/forms.tsx: `result.error[""]`). */
  errors?: string[] | null;
  /** A tailor's save form asks for the price; editing a design starts from its current one. */
  price?: number | null;
  /**
   * What the customer's designer (design.tsx) adds, so the tailors' designer pages load none of it:
   * the price range under the preview, and the size, profile and quantity beside the add button.
   */
  priceRange?: (choice: Choice, qty: number) => React.ReactNode;
  orderChoices?: (place: OrderChoicesPlace) => React.ReactNode;
  /** The last add got no answer (the connection failed): the add button offers to try again. */
  failed?: boolean;
  /**
   * The share links under the preview, drawn from the shirt as picked so far: the customer's page
   * gives them (share-design.tsx); the tailor's pages do not, and so load no sharing code.
   */
  share?: (choice: Choice) => React.ReactNode;
  children?: React.ReactNode;
}) {
  const { mode, initialOverrides, errors, price } = props;
  const location = useLocation();
  const pathname = location.pathname;
  const [place, setPlace] = useState(() => placeOf(location.search));
  const seenKey = useRef(location.key);
  useEffect(() => {
    // A navigation from outside (back, a menu link, even to the same address): follow it.
    if (seenKey.current === location.key) return;
    seenKey.current = location.key;
    const next = placeOf(location.search);
    setPlace(next);
    // A bare link to the designer (the menu) still gets its tab in the address.
    if (!new URLSearchParams(location.search).has("category")) {
      window.history.replaceState(
        window.history.state,
        "",
        `${pathname}${searchOf(next.choice, { category: next.category, qty: next.qty })}`,
      );
    }
  }, [location.key, location.search, pathname]);
  const { choice, category, qty } = place;
  const [overrides, setOverrides] = useState<Overrides>(initialOverrides ?? {});
  const stageRef = useRef<Stage | null>(null);
  const onOverride = useCallback(
    (key: LayerKey, override: Override) => setOverrides((current) => ({ ...current, [key]: override })),
    [],
  );
  const go: Go = useCallback(
    (next, event) => {
      if (event) {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
      }
      setPlace((current) => {
        const updated = { ...current, ...next };
        window.history.replaceState(
          window.history.state,
          "",
          `${pathname}${searchOf(updated.choice, { category: updated.category, qty: updated.qty })}`,
        );
        return updated;
      });
    },
    [pathname],
  );
  const label = shirtLabel(choice);
  const layoutParam = Object.keys(overrides).length ? `&layout=${encodeURIComponent(JSON.stringify(overrides))}` : "";
  const previewUrl = `/api/designer/preview.svg${searchOf(choice)}${layoutParam}`;

  return (
    <div className="mx-auto grid max-w-7xl gap-5 px-4 py-6 lg:grid-cols-[532px_minmax(0,1fr)] lg:items-start">
      <section
        aria-labelledby="preview-title"
        className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 lg:sticky lg:top-[calc(var(--header-height)+1rem)]"
      >
        <h2 id="preview-title" className="mb-3 text-center text-xl font-semibold text-indigo-ink">
          {label}
        </h2>
        <CanvasPreview
          choice={choice}
          overrides={overrides}
          previewUrl={previewUrl}
          label={label}
          onOverride={onOverride}
          stageRef={stageRef}
        />
        {props.priceRange?.(choice, qty)}
        {props.share?.(choice)}
        <DesignerControls
          mode={mode}
          place={place}
          go={go}
          pathname={pathname}
          overrides={overrides}
          stageRef={stageRef}
          errors={errors}
          price={price}
          orderChoices={props.orderChoices}
          failed={props.failed}
        />
      </section>
      {/* #options: without JavaScript each tab and card reloads the page, which comes back here (not to the top). */}
      <section id="options" aria-label="เลือกชิ้นส่วน" className="grid gap-4 lg:grid-cols-[200px_minmax(0,1fr)]">
        <MiniPreview previewUrl={previewUrl} label={label} />
        <CategoryTabs choice={choice} active={category} qty={qty} pathname={pathname} go={go} />
        <OptionGrid
          choice={choice}
          category={category}
          customSize={mode !== "merchant" && mode !== "tailor"}
          qty={qty}
          pathname={pathname}
          go={go}
          finish={
            mode === "customer" ? "ถัดไป: ขนาด จำนวน และเพิ่มลงตะกร้า" : mode === "merchant" ? "ถัดไป: ตั้งราคาและบันทึก" : null
          }
          onPick={(sid, event) => {
            const next = toggleOption({ choice, overrides }, category, sid);
            go({ choice: next.choice }, event);
            if (event.defaultPrevented) setOverrides(next.overrides);
          }}
        />
      </section>
      {props.children}
    </div>
  );
}

/**
 * The shirt as picked so far, kept in view on a phone while the parts are chosen below the big
 * preview (a pick used to change a shirt scrolled off the screen). The server's drawing, the same
 * address as the big preview's, so the browser asks for it once; without JavaScript each pick's
 * page comes back at the parts (#options) with this bar on top. Wide screens keep the big preview
 * beside the parts and need no bar.
 */
function MiniPreview({ previewUrl, label }: { previewUrl: string; label: string }) {
  return (
    <div
      className="sticky top-[var(--header-height)] z-10 -mx-4 flex items-center gap-3 border-b border-stone-200 bg-white/95 px-4 py-1.5 shadow-sm backdrop-blur lg:hidden"
      data-testid="mini-preview"
    >
      <img
        src={previewUrl}
        alt=""
        width={64}
        height={64}
        className="size-16 shrink-0 rounded-lg bg-white ring-1 ring-stone-200"
      />
      <p className="min-w-0 flex-1 truncate text-sm font-semibold text-indigo-ink">{label}</p>
      <a href="#preview-title" className="inline-flex min-h-11 shrink-0 items-center text-sm text-indigo-ink underline">
        ดูภาพใหญ่
      </a>
    </div>
  );
}

/**
 * A tab tapped with JavaScript changes the parts in place; the page does not reload at #options. A
 * tab tapped at the foot of a phone's screen had the new parts' heading below it, out of sight (a CI
 * run caught it, the tap before the fonts had moved the tabs down): then the parts come up to the
 * top, as they do without JavaScript. Parts already in sight stay where they are.
 */
function showOptionGrid() {
  const options = document.getElementById("options");
  const heading = options?.querySelector("h2");
  if (options && heading && heading.getBoundingClientRect().bottom > window.innerHeight)
    options.scrollIntoView({ block: "start" });
}

function CategoryTabs({
  choice,
  active,
  qty,
  pathname,
  go,
}: {
  choice: Choice;
  active: CategoryKey;
  qty: number;
  pathname: string;
  go: Go;
}) {
  const activeRef = useRef<HTMLAnchorElement>(null);
  const stripRef = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the chosen tab changes
  useEffect(() => {
    // On phones the tabs are a scroll strip: bring the chosen one into view (sideways only).
    const strip = stripRef.current;
    const link = activeRef.current;
    if (!strip || !link || strip.scrollWidth <= strip.clientWidth) return;
    strip.scrollTo({ left: link.offsetLeft - (strip.clientWidth - link.offsetWidth) / 2 });
  }, [active]);
  return (
    <nav
      ref={stripRef}
      aria-label="หมวดหมู่ชิ้นส่วน"
      className="relative -mx-4 overflow-x-auto px-4 lg:mx-0 lg:overflow-visible lg:px-0"
    >
      <ul className="flex gap-2 pb-1 lg:flex-col lg:pb-0">
        {CATEGORIES.map((info, index) => {
          const current = info.key === active;
          const iconSid = choice[info.key] ?? optionsOf(info.key)[0]?.sid;
          return (
            <li key={info.key} className="shrink-0">
              <Link
                ref={current ? activeRef : undefined}
                to={`${pathname}${searchOf(choice, { category: info.key, qty })}${OPTIONS}`}
                replace
                preventScrollReset
                onClick={(event) => {
                  go({ category: info.key }, event);
                  if (event.defaultPrevented) showOptionGrid();
                }}
                aria-current={current ? "page" : undefined}
                className={`flex items-center gap-2 whitespace-nowrap rounded-xl px-3 py-2 text-[15px] ring-1 transition-colors ${
                  current
                    ? "bg-indigo-ink text-white ring-indigo-ink"
                    : "bg-white text-stone-700 ring-stone-200 hover:ring-silk"
                }`}
              >
                {index < 8 && iconSid ? (
                  // Lazy and low: a tab's icon comes after the preview and the page's scripts. Eager,
                  // React preloaded all eight in the head, ahead of them (on a phone most tabs are
                  // scrolled off); lazy alone, the browser raised those in view to high priority.
                  <img
                    src={cardArtUrl(iconSid, shirtFill(choice))}
                    alt=""
                    width={28}
                    height={28}
                    loading="lazy"
                    fetchPriority="low"
                    decoding="async"
                    className="size-7 rounded bg-cream object-contain"
                  />
                ) : null}
                {info.labelTh}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function OptionGrid(props: {
  choice: Choice;
  category: CategoryKey;
  /** Offer the size cut to measure (a customer's own; never a shop's design). */
  customSize: boolean;
  qty: number;
  pathname: string;
  go: Go;
  /** After the last part, the link to the add-to-cart (or save) form; null: no form here. */
  finish: string | null;
  onPick: (sid: string, event: React.MouseEvent) => void;
}) {
  const { choice, category, qty, pathname, onPick, customSize, go, finish } = props;
  const step = CATEGORIES.findIndex((entry) => entry.key === category);
  const info = CATEGORIES[step]!;
  const next = CATEGORIES[step + 1];
  const fill = shirtFill(choice);
  return (
    <div>
      <h2 className="mb-3 text-lg font-semibold text-indigo-ink">
        <span className="mr-1 text-sm font-normal text-stone-500">
          ขั้นที่ {step + 1}/{CATEGORIES.length}
        </span>{" "}
        เลือก{info.labelTh}
      </h2>
      {category !== "shirt" && info.drawn ? (
        <p className="-mt-2 mb-3 text-sm text-stone-500">กดซ้ำที่แบบที่เลือกอยู่เพื่อนำออก</p>
      ) : null}
      <ul className="grid grid-cols-3 gap-2 sm:gap-3 xl:grid-cols-4">
        {optionsOf(category)
          .filter((option) => customSize || option.sid !== CUSTOM_SIZE)
          .map((option) => {
            const selected = choice[category] === option.sid;
            const next = toggleOption({ choice, overrides: {} }, category, option.sid).choice;
            return (
              <li key={option.sid}>
                <Link
                  to={`${pathname}${searchOf(next, { category, qty })}${OPTIONS}`}
                  replace
                  preventScrollReset
                  onClick={(event) => onPick(option.sid, event)}
                  aria-current={selected ? "true" : undefined}
                  className={`group flex h-full flex-col overflow-hidden rounded-2xl bg-white text-center shadow-sm ring-1 transition ${
                    selected ? "ring-2 ring-silk" : "ring-stone-200 hover:ring-silk/60"
                  }`}
                >
                  <span className="relative block aspect-square bg-cream">
                    {option.color ? (
                      <span
                        className="absolute inset-4 rounded-full ring-1 ring-black/10"
                        style={{ backgroundColor: option.color }}
                      />
                    ) : (
                      // Low, like the tab icons: the thumbnails come after the preview and the scripts.
                      <img
                        src={cardArtUrl(option.sid, info.drawn ? fill : "#efe8da")}
                        alt=""
                        width={160}
                        height={160}
                        loading="lazy"
                        fetchPriority="low"
                        decoding="async"
                        className="size-full object-contain p-3"
                      />
                    )}
                    {selected ? (
                      <span
                        aria-hidden
                        className="absolute right-2 top-2 grid size-6 place-items-center rounded-full bg-silk text-sm font-bold text-white"
                      >
                        ✓
                      </span>
                    ) : null}
                  </span>
                  <span
                    className={`px-1.5 py-2 text-sm leading-snug sm:text-[15px] ${selected ? "font-semibold text-indigo-ink" : "text-stone-700"}`}
                  >
                    {option.labelTh}
                  </span>
                </Link>
              </li>
            );
          })}
      </ul>
      <NextStep next={next} choice={choice} qty={qty} pathname={pathname} go={go} finish={finish} />
    </div>
  );
}

/**
 * "ถัดไป": the next part's tab, then, after the last, the size and the add button. A plain link
 * (without JavaScript, the next tab's page at the parts); with it, the tab changes in place and
 * the tabs come back into view.
 */
function NextStep({
  next,
  choice,
  qty,
  pathname,
  go,
  finish,
}: {
  next: (typeof CATEGORIES)[number] | undefined;
  choice: Choice;
  qty: number;
  pathname: string;
  go: Go;
  finish: string | null;
}) {
  const className =
    "mt-4 flex min-h-12 w-full items-center justify-center gap-2 rounded-xl bg-white px-4 py-2.5 font-semibold text-indigo-ink ring-1 ring-indigo-ink/30 hover:bg-indigo-soft";
  if (!next) {
    if (!finish) return null;
    return (
      <a href="#add-to-cart" className={className}>
        {finish} →
      </a>
    );
  }
  return (
    <Link
      to={`${pathname}${searchOf(choice, { category: next.key, qty })}${OPTIONS}`}
      replace
      preventScrollReset
      onClick={(event) => {
        go({ category: next.key }, event);
        if (event.defaultPrevented) document.getElementById("options")?.scrollIntoView({ block: "start" });
      }}
      className={className}
    >
      ถัดไป: {next.labelTh} →
    </Link>
  );
}
