import {
  createContext,
  createCookie,
  createCookieSessionStorage,
  data,
  type RouterContextProvider,
} from "react-router";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { getConfig } from "~/config.server";

/**
 * Notices ride a signed flash cookie across the redirect, so they work without JavaScript. Once a
 * notice is shown its cookie is deleted (expired), not rewritten empty: a cookie left behind would
 * make every later request one that carries a cookie, and such answers are stored by no cache
 * (app/http/headers.server.ts: needsPrivateNoStore).
 */
const noticeCookie = createCookie("shop_notice", {
  sameSite: "lax",
  path: "/",
  httpOnly: true,
  secrets: getConfig().sessionSecrets,
});
const noticeStorage = createCookieSessionStorage({ cookie: noticeCookie });
const notices = createToastUtilsWithCustomSession(noticeStorage);

export const {
  dataWithError,
  dataWithSuccess,
  redirectWithError,
  redirectWithInfo,
  redirectWithSuccess,
  redirectWithWarning,
} = notices;

export type Notice = { type: "success" | "error" | "info" | "warning"; message: string; description?: string };

/**
 * The notice flashed for this request, and the header that deletes its cookie (none when the
 * request carried no notice cookie). A notice cookie without a notice (an empty one, as earlier
 * versions left behind) is deleted too.
 */
export async function takeNotice(request: Request): Promise<{ notice: Notice | null; headers: Headers }> {
  const header = request.headers.get("Cookie");
  const headers = new Headers();
  if (!header || (await noticeCookie.parse(header)) === null) return { notice: null, headers };
  const { toast } = await notices.getToast(request);
  headers.set("Set-Cookie", await noticeCookie.serialize("", { maxAge: 0, expires: new Date(0) }));
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
  message: string | { message: string; description?: string },
  init?: ResponseInit,
) {
  const notice = typeof message === "string" ? { message } : message;
  // `notice` tells the root to run its loader after this 4xx answer (root.tsx, shouldRevalidate).
  if (new URL(request.url).pathname.endsWith(".data"))
    return dataWithError({ ...body, notice: true as const }, notice, init);
  context.set(noticeNow, { type: "error", ...notice });
  return data(body, init);
}

/** The notice an action of this same request left for its page (dataWithErrorNow), if any. */
export function noticeOfThisRequest(context: Readonly<RouterContextProvider>): Notice | null {
  return context.get(noticeNow);
}
