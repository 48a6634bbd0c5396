/** The carousel's rules (spec section 9: swipe threshold 30 px, auto-scroll every 3000 ms). Pure. */

export const SWIPE_THRESHOLD_PX = 30;
export const AUTO_SCROLL_MS = 3000;

/** A finished drag of dx pixels: +1 next (dragged left), -1 previous (dragged right), 0 too short. */
export function swipeStep(dx: number, threshold = SWIPE_THRESHOLD_PX): -1 | 0 | 1 {
  if (Math.abs(dx) < threshold) return 0;
  return dx < 0 ? 1 : -1;
}

/** The slide after a step, wrapping at both ends. */
export function stepIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}
