import { createContext, data, type RouterContextProvider } from "react-router";
import { dataWithError, getToast as readToast, setToastCookieOptions } from "remix-toast";
import { getConfig } from "~/config.server";

// Notices ride a signed flash cookie across the redirect, so they work without JavaScript.
setToastCookieOptions({ name: "shop_notice", secrets: getConfig().sessionSecrets });

export {
  dataWithError,
  dataWithSuccess,
  redirectWithError,
  redirectWithInfo,
  redirectWithSuccess,
  redirectWithWarning,
} from "remix-toast";

export type Notice = { type: "success" | "error" | "info" | "warning"; message: string; description?: string };

/** Whether a notice waits for this request (its cookie is there). */
export function hasNoticeWaiting(request: Request): boolean {
  return request.headers.get("Cookie")?.includes("shop_notice=") ?? false;
}

/** The notice flashed for this request, and the header that clears it (none when there was none). */
export async function takeNotice(request: Request): Promise<{ notice: Notice | null; headers: Headers }> {
  if (!hasNoticeWaiting(request)) return { notice: null, headers: new Headers() };
  const { toast, headers } = await readToast(request);
  return {
    notice: toast ? { type: toast.type, message: toast.message, description: toast.description } : null,
    headers,
  };
}

/** A notice for the page drawn in this same request: a form posted without JavaScript. */
const noticeNow = createContext<Notice | null>(null);

/**
 * A refused form's answer with the spec's error notice on the page that answers it, JavaScript
 * on or off (login and sign-up: docs/decisions.md). With JavaScript (React Router's `.data`
 * request) it is `dataWithError`: the flash cookie brings it to the root loader's next run, right
 * after. Without JavaScript the answering page is drawn in this same request, before any cookie
 * could come back: the root loader takes the notice from the request's context instead, and no
 * cookie is set (it would show the notice again on the next page).
 */
export function dataWithErrorNow<T extends object>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  body: T,
  message: string,
  init?: ResponseInit,
) {
  // `notice` tells the root to run its loader after this 4xx answer (root.tsx, shouldRevalidate).
  if (new URL(request.url).pathname.endsWith(".data"))
    return dataWithError({ ...body, notice: true as const }, message, init);
  context.set(noticeNow, { type: "error", message });
  return data(body, init);
}

/** The notice an action of this same request left for its page (dataWithErrorNow), if any. */
export function noticeOfThisRequest(context: Readonly<RouterContextProvider>): Notice | null {
  return context.get(noticeNow);
}
