import type { z } from "zod";
import { isDomainError } from "~/domain/errors";
import "./zod-thai.server";

/** Helpers for the /api resource routes: JSON in, JSON out, errors as { error } with a Thai message. */

export const BAD_JSON = "ข้อมูลที่ส่งมาไม่ถูกต้อง";

export function jsonError(status: number, error: string): Response {
  return Response.json({ error }, { status });
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

/**
 * Runs an API handler: a DomainError becomes its status and message; a thrown Response
 * (from a guard or readJson) passes through; anything else is a real fault and is rethrown.
 */
export async function handleApi(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) return error;
    if (isDomainError(error)) return jsonError(error.status, error.message);
    throw error;
  }
}

/** Wrong method on a resource route. */
export function methodNotAllowed(allowed: string[]): Response {
  return Response.json({ error: "ไม่รองรับวิธีเรียกนี้" }, { status: 405, headers: { Allow: allowed.join(", ") } });
}
