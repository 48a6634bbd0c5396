/**
 * Request body limits (decision 31). Each body being read is held whole by the app, a page's form
 * twice (the edge checks a copy), so the limits also bound what a few clients sending at once can
 * make a process hold. server/app.ts counts every body against its path's limit as it streams.
 */

/** The largest body any write takes: a designer save with its picture, or a sample photo. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** Every other write (a login, a profile, an order, a price list) is small text. */
export const SMALL_BODY_BYTES = 256 * 1024;

/**
 * A transfer slip as a phone takes it (issue 45): up to 20 MB. Its writes (the order page's form and
 * the JSON call) never hold it whole: the photo streams to a file (app/http/streamed-form.server.ts)
 * and sharp shrinks it from there, so the edge lets these bodies through up to SLIP_BODY_BYTES.
 */
export const SLIP_PHOTO_MAX_BYTES = 20 * 1024 * 1024;

/**
 * The body limit of the slip writes: the photo, the form's few fields and the multipart framing,
 * with room so that a photo a little over 20 MB is still read to its end and refused beside the
 * form with its own message (SLIP_TOO_BIG) instead of cut off as a bare 413.
 */
export const SLIP_BODY_BYTES = 24 * 1024 * 1024;

const SLIP_WRITES = [
  /^\/user\/product\/[^/]+(\.data)?$/,
  /^\/api\/orders\/[^/]+\/payment\/slip$/,
  // An order's messages carry a phone photo the same way (issue 48).
  /^\/orders\/[^/]+\/messages(\.data)?$/,
  /^\/api\/orders\/[^/]+\/messages$/,
  // The buyer's problem report with its photo (issue 46): the same streamed form and limits.
  /^\/user\/product\/[^/]+\/problem(\.data)?$/,
];

/** True for the writes that take a slip photo: their bodies are streamed by the route, never read whole by the edge. */
export function isSlipWrite(pathname: string): boolean {
  return SLIP_WRITES.some((pattern) => pattern.test(pathname));
}

/** The writes that carry a picture: the designer's saves (page and JSON) and a tailor's design edits. */
const PICTURE_WRITES = [
  /^\/design(\.data)?$/,
  /^\/merchant\/popular_design(\/[^/]+)?(\.data)?$/,
  /^\/api\/design$/,
  /^\/api\/design\/merchant\/[^/]+$/,
];

/** The body limit of a request to `pathname`. */
export function bodyLimitFor(pathname: string): number {
  if (isSlipWrite(pathname)) return SLIP_BODY_BYTES;
  return PICTURE_WRITES.some((pattern) => pattern.test(pathname)) ? MAX_BODY_BYTES : SMALL_BODY_BYTES;
}

export const TOO_LARGE = "ข้อมูลที่ส่งมามีขนาดใหญ่เกินไป";

/** A slip photo over SLIP_PHOTO_MAX_BYTES. */
export const SLIP_TOO_BIG = "รูปสลิปต้องมีขนาดไม่เกิน 20 MB";
