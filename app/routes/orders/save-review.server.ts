import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { isDomainError } from "~/domain/errors";
import { replySchema, reviewSchema } from "~/domain/reviews/review-forms";
import { REVIEW_MESSAGES } from "~/domain/reviews/review-rules";
import { editReview, replyToReview, reviewOfOrder, writeReview } from "~/domain/reviews/reviews.server";
import { pageFault } from "~/http/responses.server";
import { formRefusal } from "~/lib/form-refusal";
import { redirectWithError, redirectWithSuccess } from "~/lib/toast.server";

/*
 * The review forms of the order pages (the form pattern of components/forms.tsx): refused, the
 * page comes back with the messages beside the fields (`form` says which form); a rule the form
 * cannot know (not completed, a second review, past 30 days) goes back to the page as a notice.
 */

function refused(here: string, error: unknown) {
  if (isDomainError(error))
    return redirectWithError(here, { message: REVIEW_MESSAGES.failed, description: error.message });
  throw pageFault(error);
}

/**
 * The buyer's review refused by a rule the form cannot know (not completed, a second review, past
 * 30 days): the page again with the reason at the top of the review form, or in its place when the
 * form is no longer offered (issue 45: a refusal stays where the buyer acted).
 */
function reviewRefused(error: unknown) {
  if (isDomainError(error))
    return data({ form: "review" as const, result: formRefusal(error.message) }, { status: error.status });
  throw pageFault(error);
}

/** The buyer's review: written the first time, edited after (within 30 days). */
export async function saveReviewFromForm(formData: FormData, orderId: number, buyerId: number, here: string) {
  const submission = parseWithZod(formData, { schema: reviewSchema() });
  if (submission.status !== "success")
    return data({ form: "review" as const, result: submission.reply() }, { status: 400 });
  try {
    const existing = await reviewOfOrder(orderId);
    if (existing) await editReview(orderId, buyerId, submission.value);
    else await writeReview(orderId, buyerId, submission.value);
    return redirectWithSuccess(here, existing ? REVIEW_MESSAGES.updated : REVIEW_MESSAGES.saved);
  } catch (error) {
    return reviewRefused(error);
  }
}

/** The tailor's one answer. */
export async function saveReplyFromForm(formData: FormData, orderId: number, merchantId: number, here: string) {
  const submission = parseWithZod(formData, { schema: replySchema() });
  if (submission.status !== "success")
    return data({ form: "reply" as const, result: submission.reply() }, { status: 400 });
  try {
    await replyToReview(orderId, merchantId, submission.value.reply);
    return redirectWithSuccess(here, REVIEW_MESSAGES.answered);
  } catch (error) {
    return refused(here, error);
  }
}
