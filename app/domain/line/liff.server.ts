import { DomainError } from "~/domain/errors";
import type { LineConfig } from "./config.server";
import { LineApiError, lineFetch } from "./http.server";
import type { LineProfile } from "./login-client.server";
import { LINE_MESSAGES } from "./messages";

/** Longer than any ID token LINE issues: anything past it is not one. */
const ID_TOKEN_MAX_LENGTH = 4096;

/**
 * Who a LIFF app's ID token (liff.getIDToken()) says the person is, as LINE's verify endpoint
 * answers for the shop's LINE Login channel (issue 50). LINE checks the signature, the expiry and
 * that the token was issued to this channel (client_id); a token it refuses (forged, expired,
 * another channel's) is 401 here. The answer's audience and expiry are checked again, so a
 * misbehaving answer cannot sign anyone in. LINE unreachable: a LineApiError (the call says 503).
 */
export async function verifyLineIdToken(config: LineConfig, idToken: unknown): Promise<LineProfile> {
  if (typeof idToken !== "string" || idToken.length === 0 || idToken.length > ID_TOKEN_MAX_LENGTH)
    throw new DomainError("bad_input", LINE_MESSAGES.liffNoToken);
  let response: Response;
  try {
    response = await lineFetch(`${config.apiBase}/oauth2/v2.1/verify`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id_token: idToken, client_id: config.loginChannelId }),
    });
  } catch (error) {
    // 400 is LINE's answer for a token it does not accept for this channel.
    if (error instanceof LineApiError && error.status === 400)
      throw new DomainError("unauthorized", LINE_MESSAGES.liffTokenRefused);
    throw error;
  }
  const claims = (await response.json().catch(() => null)) as {
    sub?: unknown;
    aud?: unknown;
    exp?: unknown;
    name?: unknown;
  } | null;
  const valid =
    typeof claims?.sub === "string" &&
    claims.sub.length > 0 &&
    claims.aud === config.loginChannelId &&
    typeof claims.exp === "number" &&
    claims.exp * 1000 > Date.now();
  if (!valid) throw new DomainError("unauthorized", LINE_MESSAGES.liffTokenRefused);
  return { userId: claims.sub as string, displayName: typeof claims.name === "string" ? claims.name : "" };
}
