import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { delay, HttpResponse, http } from "msw";

/**
 * LINE, played by MSW handlers: LINE Login v2.1 (authorize, token with PKCE S256, profile, the
 * ID token verify endpoint that LIFF sign-in uses) and the Messaging API push (retry keys
 * answered with 409 the second time). Used by the
 * Vitest tests through setupServer and by tests/mocks/line-server.ts, which serves the same
 * handlers over HTTP for `npm run dev:mocks` and the LINE end-to-end test.
 *
 * Control (also over HTTP, under {apiBase}/__mock): the next LINE user who logs in, push
 * failures (500s, never-answering timeouts, "accepted then 500"), every push recorded, and ID
 * tokens as LINE would give a LIFF app (`idToken`; POST {apiBase}/__mock/id-token).
 */

export interface LineMockOptions {
  authBase?: string;
  apiBase?: string;
  channelId?: string;
  channelSecret?: string;
  accessToken?: string;
}

export interface RecordedPush {
  to: string;
  text: string;
  retryKey: string | null;
  at: string;
}

export type PushFailure = "none" | "error500" | "timeout" | "acceptThen500";

interface IssuedCode {
  user: MockLineUser;
  challenge: string | null;
  challengeMethod: string | null;
  redirectUri: string;
}

export interface MockLineUser {
  userId: string;
  displayName: string;
}

export const MOCK_LINE_DEFAULTS = {
  authBase: "https://access.line.me",
  apiBase: "https://api.line.me",
  channelId: "1650000000",
  channelSecret: "mock-line-channel-secret",
  accessToken: "mock-line-messaging-token",
} as const;

export function randomLineUserId(): string {
  return `U${randomBytes(16).toString("hex")}`;
}

/** An ID token's claims, as LINE's verify endpoint answers them. */
export interface IdTokenClaims {
  iss: string;
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  name: string;
  amr: string[];
}

/**
 * An ID token as LINE issues them (a JWT signed HS256 with the channel secret). `secret` other than
 * the channel's makes a forged one; `audience` another channel's; `expiresIn` below 0 an expired one.
 */
export function signIdToken(
  claims: { sub: string; name: string; aud: string; expiresIn?: number },
  secret: string,
): string {
  const now = Math.floor(Date.now() / 1000);
  const header = Buffer.from(JSON.stringify({ typ: "JWT", alg: "HS256" })).toString("base64url");
  const payload: IdTokenClaims = {
    iss: "https://access.line.me",
    sub: claims.sub,
    aud: claims.aud,
    exp: now + (claims.expiresIn ?? 3600),
    iat: now,
    name: claims.name,
    amr: ["linesso"],
  };
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  const signature = createHmac("sha256", secret).update(`${header}.${body}`).digest("base64url");
  return `${header}.${body}.${signature}`;
}

/** The claims of a token signed with `secret`, or null when its signature is not that secret's. */
function readIdToken(token: string, secret: string): IdTokenClaims | null {
  const [header, body, signature] = token.split(".");
  if (!header || !body || !signature) return null;
  const expected = createHmac("sha256", secret).update(`${header}.${body}`).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as IdTokenClaims;
  } catch {
    return null;
  }
}

export function createLineMock(options: LineMockOptions = {}) {
  const config = { ...MOCK_LINE_DEFAULTS, ...options };
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, MockLineUser>();
  const acceptedRetryKeys = new Set<string>();
  const pushes: RecordedPush[] = [];
  const state = {
    nextUser: null as MockLineUser | null,
    denyNextLogin: false,
    pushFailure: "none" as PushFailure,
    /** LINE Login's token endpoint answers 500 (an outage). */
    tokenOutage: false,
    /** Push calls seen, including failed ones. */
    pushAttempts: 0,
    /** ID token checks asked for (LIFF sign-in). */
    verifyCalls: 0,
  };

  const tokenError = (description: string) =>
    HttpResponse.json({ error: "invalid_grant", error_description: description }, { status: 400 });

  const handlers = [
    http.get(`${config.authBase}/oauth2/v2.1/authorize`, ({ request }) => {
      const url = new URL(request.url);
      const redirectUri = url.searchParams.get("redirect_uri");
      if (
        url.searchParams.get("client_id") !== config.channelId ||
        !redirectUri ||
        url.searchParams.get("response_type") !== "code"
      ) {
        return new HttpResponse("invalid authorization request", { status: 400 });
      }
      const back = new URL(redirectUri);
      const stateParam = url.searchParams.get("state");
      if (stateParam !== null) back.searchParams.set("state", stateParam);
      if (state.denyNextLogin) {
        state.denyNextLogin = false;
        back.searchParams.set("error", "access_denied");
        return new HttpResponse(null, { status: 302, headers: { Location: back.toString() } });
      }
      const user = state.nextUser ?? { userId: randomLineUserId(), displayName: "ผู้ใช้ LINE ทดลอง" };
      state.nextUser = null;
      const code = randomBytes(16).toString("hex");
      codes.set(code, {
        user,
        redirectUri,
        challenge: url.searchParams.get("code_challenge"),
        challengeMethod: url.searchParams.get("code_challenge_method"),
      });
      back.searchParams.set("code", code);
      return new HttpResponse(null, { status: 302, headers: { Location: back.toString() } });
    }),

    http.post(`${config.apiBase}/oauth2/v2.1/token`, async ({ request }) => {
      if (state.tokenOutage) return HttpResponse.json({ error: "server_error" }, { status: 500 });
      const form = new URLSearchParams(await request.text());
      if (form.get("grant_type") !== "authorization_code") return tokenError("unsupported grant_type");
      if (form.get("client_id") !== config.channelId || form.get("client_secret") !== config.channelSecret) {
        return HttpResponse.json({ error: "invalid_client" }, { status: 401 });
      }
      const issued = codes.get(form.get("code") ?? "");
      if (!issued) return tokenError("invalid authorization code");
      codes.delete(form.get("code") ?? ""); // a code works once
      if (form.get("redirect_uri") !== issued.redirectUri) return tokenError("redirect_uri does not match");
      if (issued.challenge) {
        const verifier = form.get("code_verifier") ?? "";
        const expected =
          issued.challengeMethod === "S256" ? createHash("sha256").update(verifier).digest("base64url") : verifier;
        if (expected !== issued.challenge) return tokenError("code_verifier does not match");
      }
      const accessToken = randomBytes(24).toString("hex");
      tokens.set(accessToken, issued.user);
      return HttpResponse.json({
        access_token: accessToken,
        token_type: "Bearer",
        expires_in: 2592000,
        refresh_token: randomBytes(12).toString("hex"),
        scope: "profile openid",
        id_token: "mock.id.token",
      });
    }),

    http.get(`${config.apiBase}/v2/profile`, ({ request }) => {
      const user = tokens.get((request.headers.get("Authorization") ?? "").replace(/^Bearer /, ""));
      if (!user) return HttpResponse.json({ message: "invalid token" }, { status: 401 });
      return HttpResponse.json({
        userId: user.userId,
        displayName: user.displayName,
        pictureUrl: "https://profile.line-scdn.net/mock",
      });
    }),

    // LINE Login's ID token check (POST /oauth2/v2.1/verify, form id_token and client_id): the
    // claims for a token of this channel, 400 with LINE's words otherwise.
    http.post(`${config.apiBase}/oauth2/v2.1/verify`, async ({ request }) => {
      state.verifyCalls += 1;
      const form = new URLSearchParams(await request.text());
      const refuse = (description: string) =>
        HttpResponse.json({ error: "invalid_request", error_description: description }, { status: 400 });
      const clientId = form.get("client_id");
      if (!clientId) return refuse("client_id is required.");
      const claims = readIdToken(form.get("id_token") ?? "", config.channelSecret);
      if (!claims) return refuse("Invalid IdToken.");
      if (claims.aud !== clientId) return refuse("Invalid IdToken Audience.");
      if (claims.exp * 1000 <= Date.now()) return refuse("IdToken expired.");
      return HttpResponse.json(claims);
    }),

    http.post(`${config.apiBase}/v2/bot/message/push`, async ({ request }) => {
      state.pushAttempts += 1;
      if (request.headers.get("Authorization") !== `Bearer ${config.accessToken}`) {
        return HttpResponse.json({ message: "Authentication failed" }, { status: 401 });
      }
      if (state.pushFailure === "timeout") await delay("infinite");
      if (state.pushFailure === "error500")
        return HttpResponse.json({ message: "Internal server error" }, { status: 500 });
      const retryKey = request.headers.get("X-Line-Retry-Key");
      if (retryKey && acceptedRetryKeys.has(retryKey)) {
        return HttpResponse.json({ message: "The retry key is already accepted" }, { status: 409 });
      }
      const body = (await request.json()) as { to?: string; messages?: { type: string; text: string }[] };
      if (!body.to || !body.messages?.length)
        return HttpResponse.json({ message: "The request body has 1 error(s)" }, { status: 400 });
      if (retryKey) acceptedRetryKeys.add(retryKey);
      for (const message of body.messages)
        pushes.push({ to: body.to, text: message.text, retryKey, at: new Date().toISOString() });
      if (state.pushFailure === "acceptThen500")
        return HttpResponse.json({ message: "Internal server error" }, { status: 500 });
      return HttpResponse.json({
        sentMessages: body.messages.map((_, i) => ({ id: `${Date.now()}${i}`, quoteToken: "mock" })),
      });
    }),

    // Control, for the HTTP mock server (dev and end-to-end tests).
    http.get(`${config.apiBase}/__mock/pushes`, () => HttpResponse.json(pushes)),
    http.post(`${config.apiBase}/__mock/next-user`, async ({ request }) => {
      const body = (await request.json()) as Partial<MockLineUser>;
      state.nextUser = { userId: body.userId || randomLineUserId(), displayName: body.displayName || "ผู้ใช้ LINE ทดลอง" };
      return HttpResponse.json(state.nextUser);
    }),
    http.post(`${config.apiBase}/__mock/id-token`, async ({ request }) => {
      const body = (await request.json()) as { userId?: string; displayName?: string };
      return HttpResponse.json({
        idToken: signIdToken(
          { sub: body.userId || randomLineUserId(), name: body.displayName || "ผู้ใช้ LINE ทดลอง", aud: config.channelId },
          config.channelSecret,
        ),
      });
    }),
    http.post(`${config.apiBase}/__mock/push-failure`, async ({ request }) => {
      const body = (await request.json()) as { mode?: PushFailure };
      state.pushFailure = body.mode ?? "none";
      return HttpResponse.json({ mode: state.pushFailure });
    }),
  ];

  return {
    config,
    handlers,
    state,
    pushes,
    /** The next login at LINE is this LINE user. */
    nextLogin(user: Partial<MockLineUser> = {}): MockLineUser {
      state.nextUser = { userId: user.userId ?? randomLineUserId(), displayName: user.displayName ?? "ผู้ใช้ LINE ทดลอง" };
      return state.nextUser;
    },
    /**
     * An ID token of this channel for a LINE user, as a LIFF app gets from liff.getIDToken():
     * `expiresIn` below 0 makes it expired, `audience` another channel's.
     */
    idToken(user: MockLineUser, options: { expiresIn?: number; audience?: string } = {}): string {
      return signIdToken(
        {
          sub: user.userId,
          name: user.displayName,
          aud: options.audience ?? config.channelId,
          expiresIn: options.expiresIn,
        },
        config.channelSecret,
      );
    },
    reset() {
      codes.clear();
      tokens.clear();
      acceptedRetryKeys.clear();
      pushes.length = 0;
      state.nextUser = null;
      state.denyNextLogin = false;
      state.pushFailure = "none";
      state.tokenOutage = false;
      state.pushAttempts = 0;
      state.verifyCalls = 0;
    },
  };
}

export type LineMock = ReturnType<typeof createLineMock>;

/** The environment that points the shop at a mock (the values the mock accepts). */
export function lineMockEnv(mock: LineMock, publicBaseUrl: string): Record<string, string> {
  return {
    LINE_LOGIN_CHANNEL_ID: mock.config.channelId,
    LINE_LOGIN_CHANNEL_SECRET: mock.config.channelSecret,
    LINE_MESSAGING_ACCESS_TOKEN: mock.config.accessToken,
    PUBLIC_BASE_URL: publicBaseUrl,
    LINE_AUTH_BASE: mock.config.authBase,
    LINE_API_BASE: mock.config.apiBase,
  };
}
