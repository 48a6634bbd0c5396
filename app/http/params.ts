import { DomainError } from "~/domain/errors";
import { idOf } from "~/lib/record-id";

export { idOf };

/** Ids and pages from an address, a form or a JSON body (pure: pages use idOf in the browser too). */

/**
 * The one id parser of the shop (path segments, form fields, JSON): a record id, or a DomainError.
 * Digits that can name no record (0, or past 2147483647) are "not found" with `notFound`; anything
 * that is not a whole number at all is `malformed` (bad input, 400) where a route says so, else not found.
 */
export function parseId(value: unknown, notFound: string, malformed?: string): number {
  const id = idOf(value);
  if (id !== null) return id;
  const digits =
    typeof value === "number" ? Number.isInteger(value) : typeof value === "string" && /^\d+$/.test(value.trim());
  if (malformed && !digits) throw new DomainError("bad_input", malformed);
  throw new DomainError("not_found", notFound);
}

/** A list's page from the query (?page=): the one reading, app/lib/paging.ts. */
export { pageOf } from "~/lib/paging";

/** A form field's text ("" when it is missing or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
