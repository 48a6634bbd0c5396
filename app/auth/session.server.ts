import { type Cookie, createCookie } from "react-router";
import { getConfig } from "~/config.server";
import {
  createSession,
  deleteSession,
  type HeldSession,
  heldSession,
  SESSION_DAYS,
  type SessionUser,
} from "~/domain/users/sessions.server";
import { BoundedCache } from "~/lib/bounded-cache";
import { noteRequestUser } from "~/lib/logger.server";

/** The session cookie: signed, httpOnly, holding only the id of a session row (app/domain/users/sessions.server.ts). */

let cookies: { plain: Cookie; secure: Cookie } | undefined;

function sessionCookies() {
  const secrets = getConfig().sessionSecrets;
  const options = { httpOnly: true, sameSite: "lax" as const, path: "/", secrets, maxAge: SESSION_DAYS * 24 * 60 * 60 };
  cookies ??= {
    plain: createCookie("shop_session", { ...options, secure: false }),
    // Over HTTPS the cookie is Secure and host-only (__Host- prefix).
    secure: createCookie("__Host-shop_session", { ...options, secure: true }),
  };
  return cookies;
}

/** The session cookie for this request: Secure whenever the shop is reached over HTTPS. */
export function cookieFor(request: Request): Cookie {
  const { plain, secure } = sessionCookies();
  return new URL(request.url).protocol === "https:" ? secure : plain;
}

/**
 * Cookie headers whose signature was checked already, with the session id they carry. Checking the
 * signature (React Router's cookie, HMAC through WebCrypto) was the dearest step of a signed-in
 * request, and a browser sends the same header again and again. Only headers that passed are kept
 * (whether the session still holds is asked of the database every time).
 */
const verified = new BoundedCache<string>(5_000);

async function readSessionId(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const cookie = cookieFor(request);
  const key = `${cookie.name}\n${header}`;
  const known = verified.get(key);
  if (known) return known;
  const value = (await cookie.parse(header)) as unknown;
  if (typeof value !== "string" || value.length === 0) return null;
  verified.set(key, value);
  return value;
}

/** This request's session, when it holds (active accounts only), with its id. */
export interface RequestSession extends HeldSession {
  sessionId: string;
}

/** The session this request's cookie names, if it holds. Routes read it from the context (guards.server.ts). */
export async function readSession(request: Request): Promise<RequestSession | null> {
  const sessionId = await readSessionId(request);
  const held = sessionId ? await heldSession(sessionId) : null;
  if (!held) return null;
  noteRequestUser(held.user.id); // the request's log line names who made it
  return { ...held, sessionId: sessionId! };
}

/** Who is signed in on this request (active accounts only). */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  return (await readSession(request))?.user ?? null;
}

/** Starts a session for the user; returns the Set-Cookie header value. */
export async function startSession(request: Request, userId: number): Promise<string> {
  noteRequestUser(userId);
  return cookieFor(request).serialize(await createSession(userId));
}

/** Ends this browser's session; returns the Set-Cookie header value that clears it. */
export async function endSession(request: Request): Promise<string> {
  const sessionId = await readSessionId(request);
  if (sessionId) await deleteSession(sessionId);
  return cookieFor(request).serialize("", { maxAge: 0, expires: new Date(0) });
}
