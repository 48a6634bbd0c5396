import type { SubmissionResult } from "@conform-to/react";

/**
 * A form's own refusal, in the shape of `submission.reply()`: for a refusal made before (or
 * without) parsing. A plain module, so that server code (app/http/responses.server.ts) and the
 * designer's client action can use it without the form components.
 */
export function formRefusal(message: string): SubmissionResult<string[]> {
  return { status: "error", error: { "": [message] } };
}
