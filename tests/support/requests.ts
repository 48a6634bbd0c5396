import { RouterContextProvider } from "react-router";
import { provideSession } from "~/auth/guards.server";
import { newRequestFacts, provideRequestFacts } from "~/http/request-facts.server";

/**
 * Calls a route's loader or action directly, the way React Router would, with a real
 * Request (form or JSON body, session cookie). Thrown Responses (redirects, 4xx) are
 * returned, not thrown, so a test can look at them.
 */

export interface CallOptions {
  method?: string;
  cookie?: string;
  form?: Record<string, string | string[] | Blob>;
  json?: unknown;
  params?: Record<string, string>;
  headers?: Record<string, string>;
}

export function makeRequest(path: string, options: CallOptions = {}): Request {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("Cookie", options.cookie);
  let body: BodyInit | undefined;
  if (options.form) {
    const form = new FormData();
    for (const [key, value] of Object.entries(options.form)) {
      for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
    }
    body = form;
  } else if (options.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.json);
  }
  const method = options.method ?? (body ? "POST" : "GET");
  if (!headers.has("Origin") && method !== "GET") headers.set("Origin", "http://shop.test");
  return new Request(new URL(path, "http://shop.test"), { method, headers, body });
}

/** The client's address a test gives its request (the server takes it from the connection). */
export function clientAddressOf(request: Request): string {
  return request.headers.get("x-shop-client-address") ?? "unknown";
}

// Loaders and actions take more arguments than a test needs to give; any route function will do.
// biome-ignore lint/suspicious/noExplicitAny: any route's loader or action
type RouteFunction = (args: any) => unknown;

/**
 * The context the server and the root middleware build for a request: the request's facts (the
 * client's address a test names with the x-shop-client-address header) and its session. A test
 * that runs several steps of one request (a page's middleware, then the root's loader) shares it.
 */
export function requestContext(request: Request): RouterContextProvider {
  const context = new RouterContextProvider();
  provideRequestFacts(context, newRequestFacts({ clientAddress: clientAddressOf(request) }));
  provideSession(context, request);
  return context;
}

export async function callRoute(fn: RouteFunction, path: string, options: CallOptions = {}): Promise<unknown> {
  const request = makeRequest(path, options);
  try {
    const url = new URL(request.url);
    const context = requestContext(request);
    return await fn({ request, url, pattern: url.pathname, params: options.params ?? {}, context });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    if (isDataWithResponseInit(thrown)) return thrown;
    throw thrown;
  }
}

/**
 * Calls a JSON route (an /api call) the same way and returns its status and body: parsed when
 * the answer is JSON, its text otherwise (an image's or an SVG's route).
 */
export async function callJson(
  fn: RouteFunction,
  path: string,
  options: CallOptions = {},
): Promise<{ status: number; body: Record<string, unknown> & { error?: string } }> {
  const response = await callRoute(fn, path, options);
  if (!(response instanceof Response)) throw new Error(`${path} answered without a Response`);
  const type = response.headers.get("Content-Type") ?? "";
  const body = type.includes("json") ? ((await response.json()) as Record<string, unknown>) : await response.text();
  return { status: response.status, body: body as Record<string, unknown> & { error?: string } };
}

/** What React Router's data() returns: { type: "DataWithResponseInit", data, init }. */
export function isDataWithResponseInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && "init" in value && "data" in value;
}

/** The status of a loader/action result: a Response, a data() result, or plain data (200). */
export function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  if (isDataWithResponseInit(result)) return result.init?.status ?? 200;
  return 200;
}

export function locationOf(result: unknown): string | null {
  return result instanceof Response ? result.headers.get("Location") : null;
}

/** The notice a response flashes (remix-toast cookie), decoded. */
export function setCookiesOf(result: unknown): string[] {
  if (result instanceof Response) return result.headers.getSetCookie();
  if (isDataWithResponseInit(result)) return new Headers(result.init?.headers).getSetCookie();
  return [];
}

/** The notice (toast) a response flashes, as the next page would show it. */
export async function noticeOf(result: unknown): Promise<{ type: string; message: string } | null> {
  const notice = await fullNoticeOf(result);
  return notice ? { type: notice.type, message: notice.message } : null;
}

/** The notice with its second line (the reason or what follows), when it has one. */
export async function fullNoticeOf(
  result: unknown,
): Promise<{ type: string; message: string; description?: string } | null> {
  const { takeNotice } = await import("~/lib/toast.server");
  const cookies = setCookiesOf(result)
    .map((header) => header.split(";")[0]!)
    .filter((pair) => pair.startsWith("shop_notice="));
  if (cookies.length === 0) return null;
  const { notice } = await takeNotice(new Request("http://shop.test/", { headers: { Cookie: cookies.join("; ") } }));
  if (!notice) return null;
  return {
    type: notice.type,
    message: notice.message,
    ...(notice.description ? { description: notice.description } : {}),
  };
}

/**
 * A form a page refused, answered on that page itself (issue 45, "errors stay"): the status, the
 * reason shown where the person acted and, where the page names it, the step's failure (the spec's
 * notice); null for any other answer (a redirect, a success).
 */
export function refusalOf(result: unknown): { status: number; reason: string; failure?: string } | null {
  if (!isDataWithResponseInit(result) || (result.init?.status ?? 200) < 400) return null;
  const body = result.data as { failure?: string; error?: unknown };
  if (typeof body.error !== "string") return null;
  return { status: result.init?.status ?? 200, reason: body.error, ...(body.failure ? { failure: body.failure } : {}) };
}
