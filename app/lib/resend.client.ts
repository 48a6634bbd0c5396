import { connectionBar } from "./connection-bar.client";
import { POST_KEY_FIELD, POST_KEY_HEADER } from "./post-key";

/**
 * A write that did not get through is sent again, not lost (issue 51), with JavaScript only. Every
 * write the page sends to the shop (React Router's forms and fetchers, the page's own calls) goes
 * through `fetch`; when the connection fails (no answer at all: `fetch` rejects), the write waits
 * instead of failing. The form stays as it was typed and shows itself still sending, a bar says in
 * Thai what happened and offers "ส่งอีกครั้ง", and when the browser is online again every waiting
 * write is sent by itself. Sending again is safe: a form carries its idempotency key (`_key`,
 * components/post-form.tsx) and a call gets one here, kept across its tries, so a write whose
 * answer was lost on the way back runs once (app/http/answer-once.server.ts). Background Sync is
 * not used: the Android WebView of LINE's browser has none; a write waits as long as its page is open.
 */

const BAR_ID = "resend-bar";
const waiting = new Set<() => void>();

function showBar() {
  const { bar, created } = connectionBar(BAR_ID, { role: "alert", place: "bottom" });
  if (created) {
    const words = document.createElement("span");
    words.textContent = "ส่งข้อมูลไม่สำเร็จเพราะการเชื่อมต่อขาดหาย ข้อมูลที่กรอกยังอยู่ ระบบจะส่งให้อีกครั้งเมื่อกลับมาออนไลน์";
    const again = document.createElement("button");
    again.type = "button";
    again.className = "rounded bg-amber-800 px-3 py-1.5 font-semibold text-white";
    again.textContent = "ส่งอีกครั้ง";
    again.addEventListener("click", sendWaiting);
    bar.append(words, again);
  }
}

function sendWaiting() {
  const resends = [...waiting];
  waiting.clear();
  document.getElementById(BAR_ID)?.remove();
  for (const resend of resends) resend();
}

/** Until the person asks, or the browser is online again; rejects when the write is called off. */
function waitToResend(signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const resend = () => {
      signal?.removeEventListener("abort", callOff);
      resolve();
    };
    const callOff = () => {
      waiting.delete(resend);
      if (waiting.size === 0) document.getElementById(BAR_ID)?.remove();
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", callOff, { once: true });
    waiting.add(resend);
    showBar();
  });
}

/** Sends again when the browser is online again, silently; rejects when the request is called off. */
async function sendWhenOnline(attempt: () => Promise<Response>, signal: AbortSignal | null): Promise<Response> {
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (signal?.aborted) throw error;
      window.dispatchEvent(new Event(CONNECTION_LOST));
      await new Promise((resolve) => window.addEventListener("online", resolve, { once: true }));
    }
  }
}

/**
 * Writes sent while this counts up say their own failure (the designer's save and add to the
 * cart: spec section 8's words, designer/save-failure.ts): they fail as fetch fails, not wait.
 */
let sayingOwnFailure = 0;

export async function withOwnConnectionFailure<T>(run: () => Promise<T>): Promise<T> {
  sayingOwnFailure++;
  try {
    return await run();
  } finally {
    sayingOwnFailure--;
  }
}

/** Said to the page (offline.client.ts shows its bar) when a read it waits for did not get through. */
export const CONNECTION_LOST = "shop:connection-lost";

export function resendFailedWrites() {
  const send = window.fetch.bind(window);
  window.addEventListener("online", sendWaiting);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const asked = input instanceof Request ? input : null;
    const url = new URL(asked ? asked.url : String(input), location.href);
    const method = (init?.method ?? asked?.method ?? "GET").toUpperCase();
    if (url.origin !== location.origin) return send(input, init);
    const signal = init?.signal ?? asked?.signal ?? null;
    // Each try sends the same request: a Request's body is read once, so each try gets a copy;
    // the bodies React Router sends (FormData, URLSearchParams, text) can be sent again as they are.
    const pristine = asked?.clone();
    const attempt = (extra?: RequestInit) => send(pristine ? pristine.clone() : input, { ...init, ...extra });
    // React Router learning a route it has not met (a form's action, before its write), and the
    // data of a page shown from the worker's kept copy (read anew at once): a dropped connection
    // makes them wait for it, rather than fail the page.
    const refreshing = document.querySelector('meta[name="shop-refresh-at"]') !== null;
    if (url.pathname === "/__manifest" || (refreshing && method === "GET" && url.pathname.endsWith(".data")))
      return sendWhenOnline(() => attempt(), signal);
    if (method === "GET" || method === "HEAD" || sayingOwnFailure > 0) return send(input, init);
    // A write without a form key gets a key kept for all its tries (a form's is in its body).
    const body = init?.body;
    const formKey = (body instanceof FormData || body instanceof URLSearchParams) && body.has(POST_KEY_FIELD);
    const headers = new Headers(init?.headers ?? asked?.headers);
    if (!formKey && !headers.has(POST_KEY_HEADER)) headers.set(POST_KEY_HEADER, crypto.randomUUID());
    for (;;) {
      try {
        return await attempt({ headers });
      } catch (error) {
        // Called off (the person went elsewhere): not a lost connection.
        if (signal?.aborted) throw error;
        await waitToResend(signal);
      }
    }
  };
}
