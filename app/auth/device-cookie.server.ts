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
 * httpOnly, SameSite=Lax, a year; Secure over HTTPS. It goes only where a password is sent, never
 * to the shop's other pages: a visitor's page is shared only with requests that carry no Cookie
 * header at all (decision 86), so a cookie sent everywhere would make everyone who ever signed in
 * draw every page afresh. A cookie has one path, and the three doors a password comes through
 * share no path but `/`: the form posted without JavaScript (`/login`), the same form posted by
 * React Router's script (`/login.data`, which `Path=/login` does not cover: a path matches only
 * itself and what lies below it after a `/`) and the JSON call (`/api/auth/login`). So a login
 * sets the same signed value three times, once per path; each door receives exactly one of them.
 * Over HTTPS the name is `__Secure-shop_device`: the `__Host-` prefix of the session cookie
 * demands `Path=/`. It is host-only all the same (no Domain), and a cookie planted by a
 * neighbouring host could not carry the shop's signature.
 */

const DEVICE_COOKIE_NAME = "shop_device";
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Where a password is sent: the login form (without and with JavaScript) and the JSON login. */
export const DEVICE_COOKIE_PATHS = ["/login", "/login.data", "/api/auth/login"] as const;

let cookies: { plain: Cookie; secure: Cookie } | undefined;

function deviceCookie(request: Request): Cookie {
  const options = {
    httpOnly: true,
    sameSite: "lax" as const,
    path: DEVICE_COOKIE_PATHS[0],
    secrets: getConfig().sessionSecrets,
    maxAge: YEAR_SECONDS,
  };
  cookies ??= {
    plain: createCookie(DEVICE_COOKIE_NAME, { ...options, secure: false }),
    secure: createCookie(`__Secure-${DEVICE_COOKIE_NAME}`, { ...options, secure: true }),
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

function emailKeyOf(email: string): string {
  return loginKeyOf(`device-email:${normalizedEmail(email)}`);
}

/** The id of this browser's device cookie when it is valid (signed by the shop) and names this e-mail; else null. */
export async function trustedDeviceFor(request: Request, email: string): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const claim = (await deviceCookie(request).parse(header)) as unknown;
  if (!isClaim(claim) || claim.e !== emailKeyOf(email)) return null;
  return claim.d;
}

/**
 * Marks this browser as one that signed in to this e-mail: appends the device cookie, with a new
 * id, once for each of DEVICE_COOKIE_PATHS.
 */
export async function appendDeviceCookies(headers: Headers, request: Request, email: string): Promise<void> {
  const claim: DeviceClaim = { e: emailKeyOf(email), d: randomBytes(16).toString("base64url") };
  const cookie = deviceCookie(request);
  for (const path of DEVICE_COOKIE_PATHS) headers.append("Set-Cookie", await cookie.serialize(claim, { path }));
}
