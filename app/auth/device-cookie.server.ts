import { randomBytes } from "node:crypto";
import { type Cookie, createCookie } from "react-router";
import { getConfig } from "~/config.server";
import { normalizedEmail } from "~/domain/users/accounts.server";
import { loginKeyOf } from "~/domain/users/login-throttle.server";

/**
 * The device cookie (OWASP "Slow Down Online Guessing Attacks with Device Cookies", decision 90):
 * a browser that signed in to an e-mail gets a signed cookie naming that e-mail (as a key, never
 * the address itself) and a random id of its own. Later logins from it to the same e-mail count
 * against that device only, so strangers guessing the owner's password from elsewhere never lock
 * the owner out of a browser they used before (app/domain/users/login-throttle.server.ts).
 *
 * httpOnly, SameSite=Lax, a year; Secure and host-only (`__Host-`) over HTTPS. It is sent with
 * every request (`Path=/`: the login form's JavaScript submission goes to `/login.data`, which a
 * narrower path would not cover); a request that carries it alone is still a visitor's
 * (isVisitorRequest, app/http/headers.server.ts).
 */

export const DEVICE_COOKIE_NAME = "shop_device";
const YEAR_SECONDS = 365 * 24 * 60 * 60;

let cookies: { plain: Cookie; secure: Cookie } | undefined;

function deviceCookie(request: Request): Cookie {
  const options = {
    httpOnly: true,
    sameSite: "lax" as const,
    path: "/",
    secrets: getConfig().sessionSecrets,
    maxAge: YEAR_SECONDS,
  };
  cookies ??= {
    plain: createCookie(DEVICE_COOKIE_NAME, { ...options, secure: false }),
    secure: createCookie(`__Host-${DEVICE_COOKIE_NAME}`, { ...options, secure: true }),
  };
  return new URL(request.url).protocol === "https:" ? cookies.secure : cookies.plain;
}

interface DeviceClaim {
  /** The e-mail it signed in to, as a login key (loginKeyOf). */
  e: string;
  /** The device's own id. */
  d: string;
}

function isClaim(value: unknown): value is DeviceClaim {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as DeviceClaim).e === "string" &&
    typeof (value as DeviceClaim).d === "string"
  );
}

/** The id of this browser's device cookie when it is valid (signed by the shop) and names this e-mail; else null. */
export async function trustedDeviceFor(request: Request, email: string): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const claim = (await deviceCookie(request).parse(header)) as unknown;
  if (!isClaim(claim) || claim.e !== loginKeyOf(`device-email:${normalizedEmail(email)}`)) return null;
  return claim.d;
}

/** The Set-Cookie header that marks this browser as one that signed in to this e-mail (a new id each time). */
export function deviceCookieFor(request: Request, email: string): Promise<string> {
  const claim: DeviceClaim = {
    e: loginKeyOf(`device-email:${normalizedEmail(email)}`),
    d: randomBytes(16).toString("base64url"),
  };
  return deviceCookie(request).serialize(claim);
}
