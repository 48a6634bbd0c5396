import { type LineConfig, lineCallbackUrl } from "./config.server";
import { LineApiError, lineFetch } from "./http.server";

/** LINE Login v2.1: the authorization URL, the code-for-token exchange and the profile. */

export interface LineAuthorizeInput {
  state: string;
  codeChallenge: string;
}

export function lineAuthorizeUrl(config: LineConfig, { state, codeChallenge }: LineAuthorizeInput): string {
  const url = new URL(`${config.authBase}/oauth2/v2.1/authorize`);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: config.loginChannelId,
    redirect_uri: lineCallbackUrl(config),
    state,
    scope: "profile openid",
    code_challenge: codeChallenge,
    code_challenge_method: "S256",
    // Offers to add the shop's LINE Official Account as a friend: pushes reach only friends.
    bot_prompt: "aggressive",
  }).toString();
  return url.toString();
}

export interface LineTokens {
  accessToken: string;
}

export async function exchangeLineCode(config: LineConfig, code: string, codeVerifier: string): Promise<LineTokens> {
  const response = await lineFetch(`${config.apiBase}/oauth2/v2.1/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: lineCallbackUrl(config),
      client_id: config.loginChannelId,
      client_secret: config.loginChannelSecret,
      code_verifier: codeVerifier,
    }),
  });
  const body = (await response.json().catch(() => null)) as { access_token?: unknown } | null;
  if (typeof body?.access_token !== "string")
    throw new LineApiError("LINE ไม่ได้ส่ง access token มา", response.status, false);
  return { accessToken: body.access_token };
}

export interface LineProfile {
  userId: string;
  displayName: string;
}

export async function fetchLineProfile(config: LineConfig, accessToken: string): Promise<LineProfile> {
  const response = await lineFetch(`${config.apiBase}/v2/profile`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  const body = (await response.json().catch(() => null)) as { userId?: unknown; displayName?: unknown } | null;
  if (typeof body?.userId !== "string" || body.userId.length === 0)
    throw new LineApiError("LINE ไม่ได้ส่งรหัสผู้ใช้มา", response.status, false);
  return { userId: body.userId, displayName: typeof body.displayName === "string" ? body.displayName : "" };
}
