import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { DomainError } from "~/domain/errors";
import { decodePhotoDataUrl, UPLOAD_WRONG_TYPE } from "~/domain/images/sniff";
import { MESSAGE_MESSAGES, messageTextSchema } from "~/domain/messages/messages";
import type { NewMessage } from "~/domain/messages/messages.server";
import { readJson } from "~/http/input.server";
import { MAX_BODY_BYTES, PHOTO_MAX_BYTES } from "~/http/limits";
import { readStreamedForm, readTextUpTo } from "~/http/streamed-form.server";

/**
 * A message as the page's form or the JSON call sends it (issue 48), read the way the slips are:
 * multipart streamed, the photo (file field `image`, up to 20 MB) to a temporary file
 * (app/http/streamed-form.server.ts); or JSON `{ text, image? }` with the image as a data URL (at
 * most 5 MB, as the slip's). `use` runs with the checked message and its other fields; the photo's
 * file is removed once it is done.
 */
export async function withMessageForm<T>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  use: (message: NewMessage, fields: Map<string, string>) => Promise<T>,
): Promise<T> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (type.startsWith("application/json")) {
    const text = await readTextUpTo(request, MAX_BODY_BYTES);
    const body = await readJson(new Request(request.url, { method: "POST", body: text }), JsonMessageSchema);
    return use({ text: body.text, photo: body.image ? decodePhotoDataUrl(body.image) : null }, new Map());
  }
  const form = await readStreamedForm(request, context, { fileField: "image", maxFileBytes: PHOTO_MAX_BYTES });
  try {
    const text = messageTextOf(form.fields.get("text"));
    const file = form.file && form.file.bytes > 0 ? form.file : null;
    if (file?.tooLarge) throw new DomainError("too_large", MESSAGE_MESSAGES.photoTooBig);
    return await use({ text, photo: file ? { path: file.path } : null }, form.fields);
  } finally {
    await form.dispose();
  }
}

const JsonMessageSchema = z.object({
  text: messageTextSchema,
  image: z.string({ error: UPLOAD_WRONG_TYPE }).nullish(),
});

function messageTextOf(value: string | undefined): string {
  const parsed = messageTextSchema.safeParse(value ?? "");
  if (!parsed.success) throw new DomainError("bad_input", parsed.error.issues[0]?.message ?? MESSAGE_MESSAGES.empty);
  return parsed.data;
}
