import { getResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { db } from "~/data/db.server";
import { createLineMock, type LineMock, lineMockEnv } from "../../mocks/line";
import { callRoute, locationOf, setCookiesOf } from "../../support/requests";

export const SHOP_URL = "http://shop.test";

/**
 * LINE played by MSW for one test file: the shop's LINE settings point at the mock
 * (LINE's real hosts, intercepted; nothing leaves the machine), reset before each test.
 * Each test also starts with an empty outbox (earlier tests leave messages behind on purpose).
 */
export function startLineMock(): LineMock {
  const mock = createLineMock();
  const server = setupServer(...mock.handlers);
  const env = lineMockEnv(mock, SHOP_URL);
  beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
  beforeEach(async () => {
    mock.reset();
    Object.assign(process.env, env);
    await db().outboxMessage.deleteMany();
  });
  afterEach(() => {
    for (const key of Object.keys(env)) delete process.env[key];
  });
  afterAll(() => server.close());
  return mock;
}

function cookiePairs(result: unknown, name: string): string {
  return setCookiesOf(result)
    .map((header) => header.split(";")[0]!)
    .filter((pair) => pair.startsWith(`${name}=`))
    .join("; ");
}

/** Follows 'เชื่อมต่อ LINE' (or 'เข้าสู่ระบบด้วย LINE'): the redirect to LINE and the signed state cookie it sets. */
export async function startLink(start: Parameters<typeof callRoute>[0], cookie: string, path = "/line/link") {
  const result = await callRoute(start, path, cookie ? { cookie } : {});
  return { result, authorizeUrl: locationOf(result), oauthCookie: cookiePairs(result, "shop_line_oauth") };
}

/** The browser at LINE: the mock's authorize endpoint answers with the way back to the shop. */
export async function atLine(mock: LineMock, authorizeUrl: string): Promise<string> {
  const response = await getResponse(mock.handlers, new Request(authorizeUrl));
  const back = response?.headers.get("Location");
  if (!back) throw new Error(`LINE mock did not redirect (${response?.status})`);
  const url = new URL(back);
  return url.pathname + url.search;
}

let lineIds = 0;
/** A LINE user id unique within this test run (U + 32 hex, like LINE's). */
export function lineId(): string {
  lineIds += 1;
  return `U${String(process.pid).padStart(8, "0")}${String(lineIds).padStart(24, "0")}`;
}
