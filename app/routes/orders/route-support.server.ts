import { data } from "react-router";
import { getOptionalUser, hasRole } from "~/auth/guards.server";
import type { SessionUser } from "~/auth/session.server";
import type { Role } from "~/data/generated/enums";
import { isDomainError } from "~/domain/errors";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { parseOrderId } from "~/domain/orders/queries.server";
import { redirectWithInfo } from "~/lib/toast.server";

/** Small helpers shared by the order pages' loaders and actions. */

/**
 * Runs a page loader's domain call; a DomainError becomes a thrown error response with its
 * status and Thai message, shown by the route's ErrorBoundary.
 */
export async function orPageError<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isDomainError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
}

/** An order id from the path; nonsense is a 404 page (there is no such order). */
export function orderIdParam(value: string | undefined): number {
  try {
    return parseOrderId(value);
  } catch {
    throw data(ORDER_MESSAGES.notFound, { status: 404 });
  }
}

/** The same-site page the browser came from (for "go back with an error"), or the fallback. */
export function backTo(request: Request, fallback: string): string {
  const referer = request.headers.get("Referer");
  if (!referer) return fallback;
  try {
    const from = new URL(referer);
    const here = new URL(request.url);
    return from.host === here.host ? from.pathname + from.search : fallback;
  } catch {
    return fallback;
  }
}

export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * The signed-in person viewing an order page: a visitor goes to /login with the spec's
 * "log in before viewing order details" notice; someone without any of the roles gets 403.
 */
export async function requireOrderViewer(request: Request, roles: readonly Role[]): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!user) {
    const url = new URL(request.url);
    throw await redirectWithInfo(
      `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`,
      ORDER_MESSAGES.notSignedIn,
    );
  }
  if (!hasRole(user, roles)) throw data(ORDER_MESSAGES.forbidden, { status: 403 });
  return user;
}
