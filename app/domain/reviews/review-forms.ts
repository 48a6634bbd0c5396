import { z } from "zod";
import { COMMENT_MAX, HIDE_REASON_MAX, REPLY_MAX } from "./review-limits";
import { plainText, REVIEW_MESSAGES } from "./review-rules";

/*
 * The review forms' schemas (the form pattern of components/forms.tsx), shared by the pages, the
 * JSON calls and the browser. Conform turns a blank field into nothing, so "required" and the
 * trimming are checked in transforms.
 */

function text(max: number, tooLong: string, required?: string) {
  return z
    .string()
    .optional()
    .transform((value, context) => {
      const cleaned = plainText(value ?? "");
      if (!cleaned && required) context.addIssue({ code: "custom", message: required });
      else if (cleaned.length > max) context.addIssue({ code: "custom", message: tooLong });
      return cleaned;
    });
}

/** Stars (1 to 5, radio buttons: sent as text by a form, as a number by the JSON call) and a comment. */
export function reviewSchema() {
  return z.object({
    rating: z.preprocess(
      (value) => (typeof value === "string" && /^[1-5]$/.test(value.trim()) ? Number(value) : value),
      z
        .number({ error: REVIEW_MESSAGES.ratingRequired })
        .int(REVIEW_MESSAGES.ratingRequired)
        .min(1, REVIEW_MESSAGES.ratingRequired)
        .max(5, REVIEW_MESSAGES.ratingRequired),
    ),
    comment: text(COMMENT_MAX, REVIEW_MESSAGES.commentTooLong),
  });
}

/** The tailor's one answer. */
export function replySchema() {
  return z.object({ reply: text(REPLY_MAX, REVIEW_MESSAGES.replyTooLong, REVIEW_MESSAGES.replyRequired) });
}

/** An admin's reason for hiding a review. */
export function hideReviewSchema() {
  return z.object({
    reason: text(HIDE_REASON_MAX, REVIEW_MESSAGES.reasonTooLong, REVIEW_MESSAGES.reasonRequired),
  });
}
