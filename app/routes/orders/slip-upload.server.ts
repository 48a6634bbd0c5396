import type { RouterContextProvider } from "react-router";
import { DomainError } from "~/domain/errors";
import { PAYMENT_ANSWERS } from "~/domain/payments/payment-answers.server";
import { PHOTO_MAX_BYTES, SLIP_TOO_BIG } from "~/http/limits";
import { readStreamedForm, type StreamedForm } from "~/http/streamed-form.server";

/**
 * The slip writes' form (the order page's and the JSON call's multipart): read as it streams, the
 * photo to a temporary file (app/http/streamed-form.server.ts). `use` runs with the form, whose file
 * is removed once it is done, whatever happens.
 */
export async function withSlipForm<T>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  fileField: string,
  use: (form: StreamedForm) => Promise<T>,
): Promise<T> {
  const form = await readStreamedForm(request, context, { fileField, maxFileBytes: PHOTO_MAX_BYTES });
  try {
    return await use(form);
  } finally {
    await form.dispose();
  }
}

/** The photo the form brought, or the Thai reason it cannot be a slip (none, empty, over 20 MB). */
export function slipPhotoOf(form: StreamedForm): { path: string } {
  const file = form.file;
  if (!file || file.bytes === 0) throw new DomainError("bad_input", PAYMENT_ANSWERS.slipRequired);
  if (file.tooLarge) throw new DomainError("too_large", SLIP_TOO_BIG);
  return { path: file.path };
}
