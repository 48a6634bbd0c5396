/**
 * LINE settings from the environment, read on every call (cheap, and tests can change them).
 * LINE counts as connected only when every required value is set; otherwise the shop shows
 * that it has not connected LINE yet and queues nothing.
 *
 *   LINE_LOGIN_CHANNEL_ID, LINE_LOGIN_CHANNEL_SECRET   the LINE Login channel (linking accounts)
 *   LINE_MESSAGING_ACCESS_TOKEN                        the Messaging API channel's long-lived token (pushes)
 *   PUBLIC_BASE_URL                                    the shop's public address (callback URL, links in messages)
 *   LINE_AUTH_BASE, LINE_API_BASE                      optional: other hosts for LINE (mocks in tests and dev)
 *   LIFF_ID                                            optional: the LIFF app on the LINE Login channel (/liff)
 */
export interface LineConfig {
  loginChannelId: string;
  loginChannelSecret: string;
  messagingAccessToken: string;
  /** Without a trailing slash, e.g. https://shop.example.org */
  publicBaseUrl: string;
  /** Where browsers are sent to log in (https://access.line.me). */
  authBase: string;
  /** Token, profile and push calls (https://api.line.me). */
  apiBase: string;
}

export const LINE_AUTH_BASE = "https://access.line.me";
export const LINE_API_BASE = "https://api.line.me";

export function getLineConfig(env: NodeJS.ProcessEnv = process.env): LineConfig | null {
  const loginChannelId = env.LINE_LOGIN_CHANNEL_ID?.trim();
  const loginChannelSecret = env.LINE_LOGIN_CHANNEL_SECRET?.trim();
  const messagingAccessToken = env.LINE_MESSAGING_ACCESS_TOKEN?.trim();
  const publicBaseUrl = env.PUBLIC_BASE_URL?.trim();
  if (!loginChannelId || !loginChannelSecret || !messagingAccessToken || !publicBaseUrl) return null;
  return {
    loginChannelId,
    loginChannelSecret,
    messagingAccessToken,
    publicBaseUrl: withoutTrailingSlash(publicBaseUrl),
    authBase: withoutTrailingSlash(env.LINE_AUTH_BASE?.trim() || LINE_AUTH_BASE),
    apiBase: withoutTrailingSlash(env.LINE_API_BASE?.trim() || LINE_API_BASE),
  };
}

export function isLineConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return getLineConfig(env) !== null;
}

/**
 * The LIFF app (issue 50): LIFF_ID, an app on the shop's LINE Login channel, whose page is /liff.
 * Null unless LINE is connected and LIFF_ID is set: then /liff and its sign-in are not there (404).
 */
export function getLiffConfig(env: NodeJS.ProcessEnv = process.env): (LineConfig & { liffId: string }) | null {
  const config = getLineConfig(env);
  const liffId = env.LIFF_ID?.trim();
  return config && liffId ? { ...config, liffId } : null;
}

/** The LINE Login callback registered with the channel: {PUBLIC_BASE_URL}/line/callback */
export function lineCallbackUrl(config: LineConfig): string {
  return `${config.publicBaseUrl}/line/callback`;
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, "");
}
