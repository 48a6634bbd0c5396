import { type Cookie, createCookie } from "react-router";
import { getConfig } from "~/config.server";
import {
  createSession,
  deleteSession,
  SESSION_DAYS,
  type SessionUser,
  userOfSession,
} from "~/domain/users/sessions.server";
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

async function readSessionId(request: Request): Promise<string | null> {
  const value = (await cookieFor(request).parse(request.headers.get("Cookie"))) as unknown;
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** Who is signed in on this request (active accounts only). Routes read it from the context (guards.server.ts). */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const sessionId = await readSessionId(request);
  const user = sessionId ? await userOfSession(sessionId) : null;
  if (user) noteRequestUser(user.id); // the request's log line names who made it
  return user;
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
