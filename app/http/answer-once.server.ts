import { createHash } from "node:crypto";
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { claimKey, freeKey, type KeptAnswer, type KeyState, keepAnswer } from "~/data/answered-posts.server";
import { DomainError } from "~/domain/errors";
import { POST_KEY_FIELD, POST_KEY_HEADER, POST_KEY_PATTERN } from "~/lib/post-key";
import { requestFacts } from "./request-facts.server";

/**
 * Every write, applied once per key (issue 51). A signed-in person's write that brings an
 * idempotency key (the `Idempotency-Key` header of a call, the `_key` field of a page's form,
 * app/lib/post-key.ts) runs the first time; its answer, when it did something (2xx or 3xx), is
 * kept for 24 hours (app/data/answered-posts.server.ts) and the same key again, from the same
 * person, gets that answer without running anything: a second tap, a resend after the connection
 * dropped, a retry by a program. A second copy that arrives while the first is still running
 * waits for its answer. A refused or failed write frees its key. A visitor's key means nothing:
 * their writes (log in, register) make no order, item, slip or message.
 *
 * A photo form streams its body to disk in the route (streamed-form.server.ts), so its `_key`
 * field is read there: the route's reader asks `claimFormKey` once its fields are in, and stops
 * when the key was answered already; this middleware then sends the kept answer.
 */

export const POST_KEY_MESSAGES = {
  badKey: "Idempotency-Key ต้องเป็นตัวอักษรอังกฤษ ตัวเลข หรือ . _ : - ไม่เกิน 200 ตัว",
  elsewhere: "Idempotency-Key นี้ใช้กับคำขออื่นไปแล้ว กรุณาใช้คีย์ใหม่",
  stillRunning: "คำขอเดียวกันนี้กำลังดำเนินการอยู่ กรุณารอสักครู่แล้วลองอีกครั้ง",
  alreadyAnswered: "คำขอนี้ได้รับแล้ว",
} as const;

/** How long a second copy waits for the first's answer before it is told to try again. */
const WAIT_MS = 30_000;
const POLL_MS = 100;
/** Answers kept whole up to this size (every write's answer here is far smaller). */
const KEPT_BODY_BYTES = 1024 * 1024;
/** Headers that belong to one transfer, not to the answer. */
const TRANSFER_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "date"]);

type PersonOf = (context: Readonly<RouterContextProvider>) => Promise<number | null>;

/** The root's middleware; `personOf` names the signed-in person (the sessions sit above this layer). */
export function answerOnce(personOf: PersonOf): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    const method = request.method.toUpperCase();
    if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
    const facts = requestFacts(context);
    const streamed = !facts.call && facts.body === "photo";
    const headerKey = request.headers.get(POST_KEY_HEADER);
    const formKey = headerKey === null && !facts.call && !streamed ? await formKeyOf(request) : null;
    const sent = headerKey ?? formKey?.sent ?? null;
    if (sent === null && !streamed) return next();
    const userId = await personOf(context);
    if (userId === null) return next();
    const address = `${method} ${new URL(request.url).pathname}${new URL(request.url).search}`;

    if (sent !== null) {
      if (!POST_KEY_PATTERN.test(sent)) return refusal(facts.call, 400, POST_KEY_MESSAGES.badKey);
      const key = formKey?.withFields ?? sent;
      const state = await waitForClaim(userId, key, address);
      if (state.state !== "claimed") return answerOf(state, facts.call);
      return keepOrFree(userId, key, next);
    }

    // A photo form: its key comes with its fields, read by the route.
    const late: { claim?: { key: string; state: KeyState } } = {};
    facts.claimFormKey = async (formKey, fields) => {
      if (!formKey) return;
      if (!POST_KEY_PATTERN.test(formKey)) throw new DomainError("bad_input", POST_KEY_MESSAGES.badKey);
      const keyWithFields = withFields(formKey, fields);
      late.claim = { key: keyWithFields, state: await waitForClaim(userId, keyWithFields, address) };
      if (late.claim.state.state !== "claimed") throw new DomainError("conflict", POST_KEY_MESSAGES.alreadyAnswered);
    };
    let response: Response;
    try {
      response = await next();
    } catch (error) {
      if (late.claim?.state.state === "claimed") await freeKey(userId, late.claim.key);
      throw error;
    }
    const { claim } = late;
    if (!claim) return response;
    if (claim.state.state !== "claimed") return answerOf(claim.state, facts.call);
    return keepOrFreeAnswer(userId, claim.key, response);
  };
}

/**
 * The `_key` of a page's form (the edge has read the form already: form-body.ts), with what the
 * form says: the forms of one drawing share the page's key (components/post-form.tsx), so a
 * stepper tapped twice ("2", then "3") is two writes, and the same form sent twice is one.
 */
async function formKeyOf(request: Request): Promise<{ sent: string; withFields: string } | null> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return null;
  }
  const sent = form.get(POST_KEY_FIELD);
  if (typeof sent !== "string" || sent === "") return null;
  const fields = [...form].map(([name, field]): [string, string] => [
    name,
    typeof field === "string" ? field : `${field.name}:${field.size}`,
  ]);
  return { sent, withFields: withFields(sent, fields) };
}

/** A form's key joined to a digest of its other fields. */
function withFields(key: string, fields: [string, string][]): string {
  const said = fields.filter(([name]) => name !== POST_KEY_FIELD).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${key}~${createHash("sha256").update(JSON.stringify(said)).digest("base64url").slice(0, 22)}`;
}

/** Claims the key, or waits while another copy of the write holds it (up to WAIT_MS). */
async function waitForClaim(userId: number, key: string, address: string): Promise<KeyState> {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const state = await claimKey(userId, key, address);
    if (state.state !== "running" || Date.now() >= until) return state;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function keepOrFree(userId: number, key: string, next: () => Promise<Response>): Promise<Response> {
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    await freeKey(userId, key);
    throw error;
  }
  return keepOrFreeAnswer(userId, key, response);
}

/** A write that did something keeps its answer; any other frees its key for the next try. */
async function keepOrFreeAnswer(userId: number, key: string, response: Response): Promise<Response> {
  if (response.status < 200 || response.status >= 400) {
    await freeKey(userId, key);
    return response;
  }
  const body = response.body ? new Uint8Array(await response.arrayBuffer()) : null;
  const headers = [...response.headers].filter(([name]) => !TRANSFER_HEADERS.has(name.toLowerCase()));
  const answer: KeptAnswer = {
    status: response.status,
    headers,
    body: body && body.byteLength <= KEPT_BODY_BYTES ? body : null,
  };
  await keepAnswer(userId, key, answer);
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** What a copy of a write is answered when the key was taken: the first's answer, or why not. */
function answerOf(state: Exclude<KeyState, { state: "claimed" }>, call: boolean): Response {
  if (state.state === "elsewhere") return refusal(call, 422, POST_KEY_MESSAGES.elsewhere);
  if (state.state === "running") return refusal(call, 409, POST_KEY_MESSAGES.stillRunning, { "Retry-After": "5" });
  const headers = new Headers(state.answer.headers);
  headers.set("Idempotent-Replayed", "true");
  return new Response(state.answer.body, { status: state.answer.status, headers });
}

function refusal(call: boolean, status: number, message: string, extra: Record<string, string> = {}): Response {
  return call
    ? Response.json({ error: message }, { status, headers: extra })
    : new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...extra } });
}
