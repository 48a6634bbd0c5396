import { isDomainError } from "~/domain/errors";
import { pictureAt, pictureResponse } from "~/domain/sharing/pictures.server";
import { logger } from "~/lib/logger.server";

const TEXT = { "Content-Type": "text/plain; charset=utf-8" };

/**
 * The answer for a preview picture's address (issue 50). `current` is the address of what the
 * picture shows today: the address asked for is drawn (once, then kept) and cached for a year;
 * an older address of the same thing (the shop renamed, a price changed) is sent on to today's
 * for five minutes; something not there (or no longer public) is 404.
 */
export async function answerPicture(
  request: Request,
  current: () => Promise<{ path: string; draw: () => Promise<Uint8Array<ArrayBuffer>> }>,
): Promise<Response> {
  const url = new URL(request.url);
  let found: Awaited<ReturnType<typeof current>>;
  try {
    found = await current();
  } catch (error) {
    if (isDomainError(error) && error.kind === "not_found")
      return new Response("ไม่พบรูปภาพ", { status: 404, headers: { ...TEXT, "Cache-Control": "public, max-age=60" } });
    throw error;
  }
  if (found.path !== `${url.pathname}${url.search}`)
    return new Response(null, {
      status: 302,
      headers: { Location: found.path, "Cache-Control": "public, max-age=300" },
    });
  try {
    return pictureResponse(await pictureAt(found.path, found.draw));
  } catch (error) {
    // Too many drawings waiting (pictures.server.ts: PREVIEWS_WAITING): a crawler asks again later.
    if (isDomainError(error) && error.kind === "rate_limited")
      return new Response(error.message, {
        status: 503,
        headers: { ...TEXT, "Retry-After": String(error.retryAfterSeconds ?? 5), "Cache-Control": "no-store" },
      });
    logger().error({ err: error, path: found.path }, "a preview picture could not be drawn");
    return new Response("วาดรูปตัวอย่างไม่สำเร็จ กรุณาลองใหม่อีกครั้ง", {
      status: 503,
      headers: { ...TEXT, "Retry-After": "5", "Cache-Control": "no-store" },
    });
  }
}
