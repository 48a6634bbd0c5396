/**
 * Page actions read HTML forms. A write to a page with some other body (JSON, a broken
 * multipart, random bytes), and an address or form with a NUL character, is answered 400 in
 * Thai here, before an action could fail on it. The form is read once: the action's own
 * `request.formData()` gets the form read here.
 */

import type { RequestFacts } from "./request-facts.server";

export const NOT_A_FORM = "ข้อมูลที่ส่งมาไม่ใช่แบบฟอร์มที่ถูกต้อง";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** null when the request may go on; otherwise the 400 answer. */
export async function refuseNonFormWrite(request: Request, facts: RequestFacts): Promise<Response | null> {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return null;
  // Calls read their own bodies (JSON, a stream); a photo write streams its form to disk
  // (app/http/streamed-form.server.ts), which a form read here would hold whole.
  if (facts.call || facts.body === "photo") return null;
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  // Browsers always say what a form is; a write with no type (or another type) is not one of our forms.
  if (!FORM_TYPES.includes(type)) return refusal();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refusal();
  }
  // PostgreSQL text cannot hold a NUL character: refuse it here rather than fail on save.
  for (const value of form.values()) if (typeof value === "string" && value.includes("\u0000")) return refusal();
  Object.defineProperty(request, "formData", { value: async () => form });
  return null;
}

/** An address with a NUL character (%00) can name nothing here and could reach a query. */
export function refuseNulAddress(request: Request): Response | null {
  return /%00/i.test(request.url) ? refusal() : null;
}

function refusal(): Response {
  return new Response(NOT_A_FORM, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
