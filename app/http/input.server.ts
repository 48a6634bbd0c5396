import type { z } from "zod";
import { DomainError } from "~/domain/errors";
import "~/lib/zod-thai.server";
import { jsonError } from "./responses.server";

/**
 * Request bodies as the routes read them: JSON and forms, refused as bad input when they are not
 * what a route takes. Their size is the HTTP server's to check, against the route's own limit
 * (app/http/limits.ts: httpPolicy), as they stream in.
 */

export const BAD_JSON = "ข้อมูลที่ส่งมาไม่ถูกต้อง";

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

/** A JSON object body (anything else is bad input). */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
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

/** A form body (multipart: it may carry a picture). */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new DomainError("bad_input", BAD_JSON);
  }
}
