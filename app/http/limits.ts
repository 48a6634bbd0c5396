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
 * The writes that carry a picture: the designer's saves (page and JSON), a tailor's design edits,
 * and a buyer's transfer slip (the order page's form and the JSON call).
 */
const PICTURE_WRITES = [
  /^\/user\/product\/[^/]+(\.data)?$/,
  /^\/api\/orders\/[^/]+\/payment\/slip$/,
  /^\/design(\.data)?$/,
  /^\/merchant\/popular_design(\/[^/]+)?(\.data)?$/,
  /^\/api\/design$/,
  /^\/api\/design\/merchant\/[^/]+$/,
];

/** The body limit of a request to `pathname`. */
export function bodyLimitFor(pathname: string): number {
  return PICTURE_WRITES.some((pattern) => pattern.test(pathname)) ? MAX_BODY_BYTES : SMALL_BODY_BYTES;
}

export const TOO_LARGE = "ข้อมูลที่ส่งมามีขนาดใหญ่เกินไป";
