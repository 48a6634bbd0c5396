import type { SubmissionResult } from "@conform-to/react";

/**
 * A form's own refusal, in the shape of `submission.reply()`: for a refusal made before (or
 * without) parsing. A plain module at the bottom of the layers, so that server code
 * (app/http/responses.server.ts), route actions and the designer's client action share it.
 */
export function formRefusal(message: string): SubmissionResult<string[]> {
  return { status: "error", error: { "": [message] } };
}
