import { Children, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { AUTO_SCROLL_MS, stepIndex, swipeStep } from "./carousel-logic";

/**
 * A row of slides. Without JavaScript it is a strip that scrolls sideways (snapping to
 * each slide). With JavaScript: previous/next buttons, a swipe of at least 30 px moves one
 * slide, and auto-scroll every 3 s, paused while the pointer is over it or focus is in it,
 * and off for people who ask for reduced motion. When every slide fits, nothing moves and no
 * control shows. Each slide is `relative`: what is absolutely placed inside it (the screen-reader
 * text of its add-to-cart button) is then clipped with the strip; placed against the section it
 * made a phone's page up to 2,000 px wide.
 */
export function Carousel({
  label,
  children,
  autoScroll = true,
}: {
  label: string;
  children: ReactNode;
  autoScroll?: boolean;
}) {
  const slides = Children.toArray(children);
  const track = useRef<HTMLUListElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // Whether the slides are wider than the strip: when all of them fit, nothing moves, so no controls.
  const [overflowing, setOverflowing] = useState(false);
  const dragStart = useRef<number | null>(null);
  const swiped = useRef(false);

  useEffect(() => {
    setEnhanced(true);
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setReducedMotion(query.matches);
    update();
    setPlaying(autoScroll && !query.matches);
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, [autoScroll]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the slides change
  useEffect(() => {
    const element = track.current;
    if (!element) return;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [slides.length]);

  const goTo = useCallback(
    (target: number) => {
      const element = track.current;
      const slide = element?.children[target] as HTMLElement | undefined;
      if (!element || !slide) return;
      const maxLeft = element.scrollWidth - element.clientWidth;
      element.scrollTo({
        left: Math.min(slide.offsetLeft - element.offsetLeft, maxLeft),
        behavior: reducedMotion ? "auto" : "smooth",
      });
      setIndex(target);
    },
    [reducedMotion],
  );

  const step = useCallback(
    (direction: number) => {
      const element = track.current;
      // Several slides show at once on wide screens: at the far end, next starts over.
      const atEnd = element ? element.scrollLeft >= element.scrollWidth - element.clientWidth - 2 : false;
      goTo(direction > 0 && atEnd ? 0 : stepIndex(index, direction, slides.length));
    },
    [goTo, index, slides.length],
  );

  const paused = !playing || hovered || focused || reducedMotion || !overflowing;
  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") step(1);
    }, AUTO_SCROLL_MS);
    return () => window.clearInterval(timer);
  }, [paused, step]);

  return (
    <section
      aria-roledescription="ภาพหมุนเวียน"
      aria-label={label}
      className="relative"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <ul
        ref={track}
        className={`flex snap-x snap-mandatory gap-4 pb-2 ${enhanced ? "touch-pan-y overflow-x-hidden" : "overflow-x-auto"}`}
        onPointerDown={(event) => {
          if (event.pointerType === "mouse" && event.button !== 0) return;
          dragStart.current = event.clientX;
        }}
        onPointerUp={(event) => {
          if (dragStart.current === null) return;
          const move = swipeStep(event.clientX - dragStart.current);
          dragStart.current = null;
          swiped.current = move !== 0;
          if (move !== 0) step(move);
        }}
        onClickCapture={(event) => {
          // A swipe that ends on a link is not a tap on it.
          if (swiped.current) event.preventDefault();
          swiped.current = false;
        }}
        onDragStart={(event) => event.preventDefault()}
        onPointerCancel={() => {
          dragStart.current = null;
        }}
        data-testid="carousel-track"
      >
        {slides.map((slide, position) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: slides are a fixed list; the place is the identity
            key={position}
            aria-roledescription="สไลด์"
            aria-label={`${position + 1} จาก ${slides.length}`}
            className="relative w-[78%] shrink-0 snap-start sm:w-[45%] lg:w-[calc((100%-3rem)/4)]"
          >
            {slide}
          </li>
        ))}
      </ul>
      {enhanced && overflowing ? (
        <div className="mt-2 flex items-center justify-end gap-2">
          <p className="sr-only" aria-live={paused ? "polite" : "off"}>
            แบบที่ {index + 1} จาก {slides.length}
          </p>
          {reducedMotion ? null : (
            <button
              type="button"
              onClick={() => setPlaying((value) => !value)}
              aria-pressed={playing}
              className="min-h-11 rounded-full bg-white px-4 py-2 text-sm font-semibold text-indigo-ink ring-1 ring-stone-300 hover:bg-indigo-soft"
            >
              {playing ? "หยุดเลื่อนอัตโนมัติ" : "เลื่อนอัตโนมัติ"}
            </button>
          )}
          <button
            type="button"
            onClick={() => step(-1)}
            aria-label="แบบก่อนหน้า"
            className="grid size-11 place-items-center rounded-full bg-white text-indigo-ink ring-1 ring-stone-300 hover:bg-indigo-soft"
          >
            <span aria-hidden>‹</span>
          </button>
          <button
            type="button"
            onClick={() => step(1)}
            aria-label="แบบถัดไป"
            className="grid size-11 place-items-center rounded-full bg-white text-indigo-ink ring-1 ring-stone-300 hover:bg-indigo-soft"
          >
            <span aria-hidden>›</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
