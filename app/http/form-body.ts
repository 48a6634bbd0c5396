/**
 * Page actions read HTML forms. A write to a page with some other body (JSON, a broken
 * multipart, random bytes), and an address or form with a NUL character, is answered 400 in
 * Thai here, before an action could fail on it.
 */

import { isSlipWrite } from "./limits";

export const NOT_A_FORM = "ข้อมูลที่ส่งมาไม่ใช่แบบฟอร์มที่ถูกต้อง";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

function isJsonCall(pathname: string): boolean {
  return (
    pathname.startsWith("/api/") ||
    pathname.startsWith("/admin/users") ||
    pathname.startsWith("/admin/designs") ||
    pathname.startsWith("/admin/orders") ||
    pathname.startsWith("/admin/dashboard")
  );
}

/** null when the request may go on; otherwise the 400 answer. */
export async function refuseNonFormWrite(request: Request): Promise<Response | null> {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return null;
  const url = new URL(request.url);
  // React Router's own data requests (?_data / .data) carry forms too; the JSON calls parse their own bodies.
  if (isJsonCall(url.pathname)) return null;
  // The slip writes stream their own body (a photo of up to 20 MB) and check it the same way as
  // they read it (app/http/streamed-form.server.ts): a copy read here would hold it whole.
  if (isSlipWrite(url.pathname)) return null;
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  // Browsers always say what a form is; a write with no type (or another type) is not one of our forms.
  if (!FORM_TYPES.includes(type)) return refusal();
  try {
    const form = await request.clone().formData();
    // PostgreSQL text cannot hold a NUL character: refuse it here rather than fail on save.
    for (const value of form.values()) if (typeof value === "string" && value.includes("\u0000")) return refusal();
    return null;
  } catch {
    return refusal();
  }
}

/** An address with a NUL character (%00) can name nothing here and could reach a query. */
export function refuseNulAddress(request: Request): Response | null {
  return /%00/i.test(request.url) ? refusal() : null;
}

function refusal(): Response {
  return new Response(NOT_A_FORM, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
