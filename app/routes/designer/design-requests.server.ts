import { data } from "react-router";
import { DomainError } from "~/domain/errors";
import { BAD_JSON } from "~/lib/api.server";

/** Bodies with a designer picture are large but bounded: refuse anything bigger before reading it. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

export function assertBodySize(request: Request): void {
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_BODY_BYTES) throw new DomainError("bad_input", "ข้อมูลที่ส่งมามีขนาดใหญ่เกินไป");
}

/** A JSON object body (anything else is bad input). */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
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

/** A designer form's body (multipart: it may carry the canvas picture or a photo). */
export async function readForm(request: Request): Promise<FormData> {
  assertBodySize(request);
  try {
    return await request.formData();
  } catch {
    throw new DomainError("bad_input", BAD_JSON);
  }
}

/**
 * A failed designer form: a DomainError becomes the error shown beside the form, with its status
 * (no flashed notice: a page posted without JavaScript would only show it on the next page).
 */
export function formFailure(error: unknown) {
  if (error instanceof Response) throw error;
  if (!(error instanceof DomainError)) throw error;
  return data({ formError: error.message }, { status: error.status });
}

/** The page's own path: a JavaScript data request's path ends in .data, which must not leak into redirects. */
export function pagePath(request: Request): { pathname: string; search: string; searchParams: URLSearchParams } {
  const url = new URL(request.url);
  return { pathname: url.pathname.replace(/\.data$/, ""), search: url.search, searchParams: url.searchParams };
}
