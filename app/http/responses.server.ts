import { data } from "react-router";
import { isDatabaseBusy } from "~/data/database-errors.server";
import { isDomainError } from "~/domain/errors";
import { idOf } from "~/http/params";
import { formRefusal } from "~/lib/form-refusal";
import { logger } from "~/lib/logger.server";

/**
 * The one mapping from a DomainError (app/domain/errors.ts) to an answer: JSON { error } for the
 * JSON calls, a page error (shown by the route's ErrorBoundary) for loaders, a form error beside
 * the form for actions. A thrown Response (a guard's redirect or refusal) always passes through;
 * A database that could not serve in time (isDatabaseBusy) is 503 with Retry-After (decision 44);
 * anything else is a real fault and is rethrown.
 */

/** Said when the database is saturated (no connection or transaction in time). */
export const DATABASE_BUSY = "ขณะนี้มีผู้ใช้งานจำนวนมาก กรุณาลองใหม่อีกครั้งในอีกสักครู่";
/** Seconds a client is asked to wait before trying again. */
export const BUSY_RETRY_AFTER_SECONDS = 5;
const BUSY_HEADERS = { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) };

/** True for a busy database, which is logged (a warning with its code, for the operator) before its 503. */
/** Whether a fault is the database being too busy to answer now (the shop's 503 page, decision 44). */
export function isShopBusy(error: unknown): boolean {
  return isDatabaseBusy(error);
}

function busy(error: unknown): boolean {
  if (!isDatabaseBusy(error)) return false;
  logger().warn({ code: (error as { code?: string }).code ?? null }, "database busy: answered 503");
  return true;
}

export const METHOD_NOT_ALLOWED = "ไม่รองรับวิธีเรียกนี้";

export function jsonError(status: number, error: string): Response {
  return Response.json({ error }, { status });
}

/** Wrong method on a resource route: Thai JSON 405 with Allow. */
export function methodNotAllowed(allowed: string[]): Response {
  return Response.json({ error: METHOD_NOT_ALLOWED }, { status: 405, headers: { Allow: allowed.join(", ") } });
}

/** Runs a JSON call: a DomainError becomes its status and { error }. */
export async function handleApi(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) return error;
    if (isDomainError(error)) {
      const answer = jsonError(error.status, error.message);
      if (error.retryAfterSeconds !== undefined) answer.headers.set("Retry-After", String(error.retryAfterSeconds));
      return answer;
    }
    if (busy(error)) return databaseBusyJson();
    throw error;
  }
}

/** The JSON answer for a database too busy to serve: 503, Retry-After and the Thai message. */
export function databaseBusyJson(): Response {
  return Response.json({ error: DATABASE_BUSY }, { status: 503, headers: BUSY_HEADERS });
}

/** Runs a page loader's domain call: a DomainError becomes a thrown page error with its status and message. */
export async function orPageError<T>(run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isDomainError(error)) throw data(error.message, { status: error.status });
    if (busy(error)) throw data(DATABASE_BUSY, { status: 503, headers: BUSY_HEADERS });
    throw error;
  }
}

/**
 * For a page's own catch that answers DomainErrors itself: `throw pageFault(error)` for the rest.
 * A busy database becomes the 503 page (Retry-After, the Thai message); anything else (a redirect,
 * a real fault) is thrown on as it was.
 */
export function pageFault(error: unknown): unknown {
  return busy(error) ? data(DATABASE_BUSY, { status: 503, headers: BUSY_HEADERS }) : error;
}

/**
 * The record an address parameter names (`?edit=`, `?change=`, `?merchantId=`), or null when it
 * names none (not an id, or no such record: the page shows without it). Other faults as pageFault.
 */
export async function recordFromParam<T>(value: string | null, find: (id: number) => Promise<T>): Promise<T | null> {
  const id = idOf(value);
  if (id === null) return null;
  try {
    return await find(id);
  } catch (error) {
    if (isDomainError(error)) return null;
    throw pageFault(error);
  }
}

/** A failed form: a DomainError becomes the form's refusal (`{ result }`, components/forms.tsx) with its status. */
export function formFailure(error: unknown) {
  if (busy(error)) return data({ result: formRefusal(DATABASE_BUSY) }, { status: 503, headers: BUSY_HEADERS });
  if (!isDomainError(error)) throw error;
  return data({ result: formRefusal(error.message) }, { status: error.status });
}
