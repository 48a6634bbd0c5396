import { type Cookie, createCookie, redirect } from "react-router";
import { Strategy } from "remix-auth/strategy";
import { getConfig } from "~/config.server";
import { DomainError } from "~/domain/errors";
import { getLineConfig, type LineConfig } from "~/domain/line/config.server";
import { LineApiError } from "~/domain/line/http.server";
import {
  exchangeLineCode,
  fetchLineProfile,
  type LineProfile,
  lineAuthorizeUrl,
} from "~/domain/line/login-client.server";
import { LINE_MESSAGES } from "~/domain/line/messages";
import { codeChallengeS256, randomCodeVerifier, randomState } from "~/domain/line/pkce";

/**
 * LINE Login as a remix-auth strategy (OAuth 2 authorization code with PKCE S256).
 * The first call (no `code` on the URL) answers with a redirect to LINE and keeps the
 * `state` and the PKCE verifier in a short-lived signed cookie; the call back from LINE
 * checks the state against that cookie, exchanges the code with the verifier, reads the
 * LINE profile and hands it to `verify`. Every failure is a DomainError with a Thai message.
 */
export interface LineVerifyParams {
  profile: LineProfile;
  request: Request;
}

/** Why the browser went to LINE: to link the signed-in account, or to log in with a linked one. */
export type LinePurpose = "link" | "login";

interface PendingLogin {
  state: string;
  verifier: string;
  purpose: LinePurpose;
}

const TEN_MINUTES = 10 * 60;
let cookies: { plain: Cookie; secure: Cookie } | undefined;

/** The signed cookie holding one pending login (path /line, ten minutes). */
export function lineOAuthCookie(request: Request): Cookie {
  const options = {
    httpOnly: true,
    sameSite: "lax" as const,
    path: "/line",
    maxAge: TEN_MINUTES,
    secrets: getConfig().sessionSecrets,
  };
  cookies ??= {
    plain: createCookie("shop_line_oauth", { ...options, secure: false }),
    secure: createCookie("__Secure-shop_line_oauth", { ...options, secure: true }),
  };
  return new URL(request.url).protocol === "https:" ? cookies.secure : cookies.plain;
}

/** The Set-Cookie value that forgets the pending login. */
export function clearLineOAuthCookie(request: Request): Promise<string> {
  return lineOAuthCookie(request).serialize("", { maxAge: 0 });
}

/** The purpose of the login this browser started, if any (the callback picks its strategy by it). */
export async function pendingPurpose(request: Request): Promise<LinePurpose | null> {
  return (await readPending(request))?.purpose ?? null;
}

async function readPending(request: Request): Promise<PendingLogin | null> {
  const value = (await lineOAuthCookie(request).parse(request.headers.get("Cookie"))) as unknown;
  if (typeof value !== "object" || value === null) return null;
  const { state, verifier, purpose } = value as Partial<PendingLogin>;
  if (typeof state !== "string" || typeof verifier !== "string" || (purpose !== "link" && purpose !== "login"))
    return null;
  return { state, verifier, purpose };
}

export class LineLoginStrategy<User> extends Strategy<User, LineVerifyParams> {
  name = "line";

  constructor(
    /** A state made for one purpose is refused by the other. */
    private readonly purpose: LinePurpose,
    verify: Strategy.VerifyFunction<User, LineVerifyParams>,
  ) {
    super(verify);
  }

  async authenticate(request: Request): Promise<User> {
    const config = getLineConfig();
    if (!config) throw new DomainError("conflict", LINE_MESSAGES.notConfigured);
    const url = new URL(request.url);
    if (url.searchParams.has("error")) throw new DomainError("bad_input", LINE_MESSAGES.denied);
    const code = url.searchParams.get("code");
    if (!code) throw await this.redirectToLine(request, config);

    const pending = await readPending(request);
    const state = url.searchParams.get("state");
    if (!pending || pending.purpose !== this.purpose || !state || state !== pending.state)
      throw new DomainError("bad_input", LINE_MESSAGES.stateMismatch);
    let profile: LineProfile;
    try {
      const tokens = await exchangeLineCode(config, code, pending.verifier);
      profile = await fetchLineProfile(config, tokens.accessToken);
    } catch (error) {
      if (error instanceof LineApiError)
        throw error.retryable
          ? new DomainError("conflict", LINE_MESSAGES.lineDown)
          : new DomainError("bad_input", LINE_MESSAGES.refused);
      throw error;
    }
    return this.verify({ profile, request });
  }

  private async redirectToLine(request: Request, config: LineConfig): Promise<Response> {
    const pending: PendingLogin = { state: randomState(), verifier: randomCodeVerifier(), purpose: this.purpose };
    const location = lineAuthorizeUrl(config, {
      state: pending.state,
      codeChallenge: codeChallengeS256(pending.verifier),
    });
    return redirect(location, { headers: { "Set-Cookie": await lineOAuthCookie(request).serialize(pending) } });
  }
}
