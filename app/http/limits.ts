/**
 * What a route's writes take, declared by the route itself (docs/decisions.md, 31 and 111): its
 * module's `handle` says so with `httpPolicy`, and the edge reads it from the build (server/
 * route-policy.ts), never from a list of addresses. Each body being read is held whole by the app,
 * so the limits also bound what a few clients sending at once can make a process hold; the HTTP
 * server counts every body against its route's limit as it streams.
 *
 *     export const handle = httpPolicy({ body: "photo" });
 *
 * A route that says nothing takes small bodies; a module without a component (a resource route) is
 * a call that reads its own body and answers refusals as JSON `{ error }`, unless it says
 * `call: false` (a resource route that takes a page's form, such as the logout form).
 */

/** The largest body a picture write takes: a designer save with its picture, or a sample photo. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** Every other write (a login, a profile, an order, a price list) is small text. */
export const SMALL_BODY_BYTES = 256 * 1024;

/**
 * A photo as a phone takes it (a transfer slip, a message's photo, a problem's photo): up to 20 MB.
 * Its writes never hold it whole: the photo streams to a file (app/http/streamed-form.server.ts)
 * and sharp shrinks it from there, so the edge lets these bodies through up to PHOTO_BODY_BYTES
 * without reading them itself.
 */
export const PHOTO_MAX_BYTES = 20 * 1024 * 1024;

/**
 * The body limit of the photo writes: the photo, the form's few fields and the multipart framing,
 * with room so that a photo a little over 20 MB is still read to its end and refused beside the
 * form with its own message (SLIP_TOO_BIG) instead of cut off as a bare 413.
 */
export const PHOTO_BODY_BYTES = 24 * 1024 * 1024;

/** What a route's writes carry: small text, a picture (read whole), or a phone's photo (streamed by the route). */
export type BodyKind = "small" | "picture" | "photo";

export const BODY_LIMITS: Readonly<Record<BodyKind, number>> = {
  small: SMALL_BODY_BYTES,
  picture: MAX_BODY_BYTES,
  photo: PHOTO_BODY_BYTES,
};

/** A route's HTTP policy as it declares it: every field may be left to its default. */
export interface HttpPolicy {
  /** What its writes carry (default "small"). */
  body?: BodyKind;
  /** A call that reads its own body and is refused as JSON (default: the module has no component). */
  call?: boolean;
  /** Origins its page's scripts talk to besides the shop (the page's CSP connect-src). */
  connect?: readonly string[];
}

/** The route's `handle`: `export const handle = httpPolicy({ body: "photo" })`. */
export function httpPolicy(policy: HttpPolicy): { http: HttpPolicy } {
  return { http: policy };
}

export const TOO_LARGE = "ข้อมูลที่ส่งมามีขนาดใหญ่เกินไป";

/** A slip photo over PHOTO_MAX_BYTES (a problem's or a message's photo has its own words). */
export const SLIP_TOO_BIG = "รูปสลิปต้องมีขนาดไม่เกิน 20 MB";
