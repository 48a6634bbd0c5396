import type { z } from "zod";
import { DomainError } from "~/domain/errors";
import "~/lib/zod-thai.server";
import { MAX_BODY_BYTES, TOO_LARGE } from "./limits";
import { jsonError } from "./responses.server";

/** Request bodies as the routes read them: JSON and forms, refused as bad input when they are not what a route takes. */

export const BAD_JSON = "ข้อมูลที่ส่งมาไม่ถูกต้อง";

/** A body that says it is over the limit is bad input before it is read. */
function assertBodySize(request: Request): void {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES)
    throw new DomainError("bad_input", TOO_LARGE);
}

/** Reads and checks a JSON body; a malformed or wrong body answers 400 (thrown). */
export async function readJson<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<z.infer<Schema>> {
  let body: unknown;
  try {
    const text = await request.text();
    // PostgreSQL text cannot hold a NUL character: such a body is bad input, not a fault.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what this looks for
    if (/\\u0000|\u0000/i.test(text)) throw new Error("NUL in body");
    body = JSON.parse(text);
  } catch {
    throw jsonError(400, BAD_JSON);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "";
    throw jsonError(400, /[\u0E00-\u0E7F]/.test(message) ? message : BAD_JSON);
  }
  return parsed.data;
}

/** A JSON object body, at most MAX_BODY_BYTES (anything else is bad input). */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  assertBodySize(request);
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new DomainError("bad_input", BAD_JSON);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new DomainError("bad_input", BAD_JSON);
  return body as Record<string, unknown>;
}

/** A JSON object body that may also be left out (an empty body reads as `{}`). */
export async function readOptionalJsonObject(request: Request): Promise<Record<string, unknown>> {
  assertBodySize(request);
  const text = await request.text();
  if (!text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new DomainError("bad_input", BAD_JSON);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new DomainError("bad_input", BAD_JSON);
  return body as Record<string, unknown>;
}

/** A form body of at most MAX_BODY_BYTES (multipart: it may carry a picture or a photo). */
export async function readForm(request: Request): Promise<FormData> {
  assertBodySize(request);
  try {
    return await request.formData();
  } catch {
    throw new DomainError("bad_input", BAD_JSON);
  }
}
