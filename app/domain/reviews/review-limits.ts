/**
 * What pages need of the reviews' rules (issue 22): the lengths the review forms allow and a
 * tailor's rating as every page prints it. Apart from `./review-rules` (the messages, the edit
 * window: the server's and the forms' checks), so that the stars travel with the catalogue's file
 * to the silk shops and the order pages without the messages (vite.config.ts).
 */

export const COMMENT_MAX = 1000;
export const REPLY_MAX = 1000;
export const HIDE_REASON_MAX = 200;

// One formatter for every call: toLocaleString with options builds a new one each time (the
// silk shops page formats a rating per shop and review and spent 4% of its time there).
const ratingFormat = /* @__PURE__ */ new Intl.NumberFormat("th-TH", {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** "4.5" of five, to one decimal, as Thai pages show it. */
export function formatRating(average: number): string {
  return ratingFormat.format(average);
}
