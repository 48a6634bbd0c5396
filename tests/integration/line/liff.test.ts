import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { LINE_MESSAGES } from "~/domain/line/messages";
import { ACCOUNT_INACTIVE } from "~/domain/users/accounts.server";
import { contentSecurityPolicy } from "~/http/headers.server";
import { loader as profile } from "~/routes/account/profile";
import { loader as register } from "~/routes/account/register";
import { action as liffSignIn } from "~/routes/line/api.liff";
import { handle as liffHandle, loader as liffPage } from "~/routes/line/liff";
import { loader as designPage } from "~/routes/sharing/design-page";
import { signIdToken } from "../../mocks/line";
import { callJson, callRoute, setCookiesOf, statusOf } from "../../support/requests";
import { readyShop } from "../../support/shops";
import { createTestUser } from "../../support/users";
import { lineId, startLineMock } from "./support";

/**
 * One-tap sign-in inside LINE (issue 50): POST /api/auth/line/liff { idToken }, verified by LINE's
 * verify endpoint (the mock) for the shop's LINE Login channel.
 */

const mock = startLineMock();
const LIFF_ID = "1650000000-AbCdEfGh";

beforeEach(() => {
  process.env.LIFF_ID = LIFF_ID;
});
afterEach(() => {
  delete process.env.LIFF_ID;
});

async function signInWith(idToken: unknown) {
  const result = await callRoute(liffSignIn, "/api/auth/line/liff", { json: { idToken } });
  const response = result as Response;
  const session = setCookiesOf(response)
    .map((header) => header.split(";")[0]!)
    .find((pair) => /^(__Host-)?shop_session=/.test(pair));
  return { status: response.status, body: (await response.json()) as Record<string, string>, session };
}

async function linkedCustomer() {
  const user = await createTestUser();
  const line = { userId: lineId(), displayName: "สมใจ จาก LINE" };
  await db().user.update({ where: { id: user.id }, data: { lineUserId: line.userId } });
  return { user, line };
}

describe("signing in inside LINE (LIFF)", () => {
  it("a valid token signs in the account linked with that LINE user, with its session", async () => {
    const { user, line } = await linkedCustomer();
    const answer = await signInWith(mock.idToken(line));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: "signed_in", redirectTo: "/design?category=shirt" });
    expect(answer.session).toBeDefined();
    const page = (await callRoute(profile, "/profile", { cookie: answer.session })) as { profile: { email: string } };
    expect(page.profile.email).toBe(user.email);
    expect(mock.state.verifyCalls).toBe(1);
  });

  it("a forged, an expired or another channel's token is 401 and signs in no one", async () => {
    const { line } = await linkedCustomer();
    const forged = signIdToken(
      { sub: line.userId, name: line.displayName, aud: mock.config.channelId },
      "not-the-channel-secret",
    );
    const tampered = `${mock
      .idToken({ ...line, userId: lineId() })
      .split(".")
      .slice(0, 2)
      .join(".")}.${mock.idToken(line).split(".")[2]!}`;
    for (const token of [
      forged,
      tampered,
      mock.idToken(line, { expiresIn: -60 }),
      mock.idToken(line, { audience: "1659999999" }),
    ]) {
      const answer = await signInWith(token);
      expect(answer.status).toBe(401);
      expect(answer.body.error).toBe(LINE_MESSAGES.liffTokenRefused);
      expect(answer.session).toBeUndefined();
    }
    // No token at all is bad input, and LINE is not asked.
    const before = mock.state.verifyCalls;
    expect((await signInWith("")).status).toBe(400);
    expect((await signInWith(42)).status).toBe(400);
    expect(mock.state.verifyCalls).toBe(before);
  });

  it("a LINE user linked to no account is offered to log in and link, or to sign up with the LINE name filled in", async () => {
    const line = { userId: lineId(), displayName: "มานี จาก LINE" };
    const answer = await signInWith(mock.idToken(line));
    expect(answer.status).toBe(200);
    expect(answer.session).toBeUndefined();
    expect(answer.body).toMatchObject({
      status: "unlinked",
      displayName: "มานี จาก LINE",
      login: "/login?redirectTo=%2Fline%2Flink",
    });
    const signUp = new URL(answer.body.register!, "http://shop.test");
    expect(signUp.pathname).toBe("/register");
    expect(signUp.searchParams.get("redirectTo")).toBe("/line/link");
    // The sign-up form is filled with the LINE name, and carries on to linking after the first login.
    const form = (await callRoute(register, `${signUp.pathname}${signUp.search}`)) as {
      name: string;
      redirectTo: string;
    };
    expect(form).toMatchObject({ name: "มานี จาก LINE", redirectTo: "/line/link" });
  });

  it("a suspended account is not signed in", async () => {
    const { user, line } = await linkedCustomer();
    await db().user.update({ where: { id: user.id }, data: { status: "inactive" } });
    const answer = await signInWith(mock.idToken(line));
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe(ACCOUNT_INACTIVE);
    expect(answer.session).toBeUndefined();
  });

  it("without LIFF (no LIFF_ID, or LINE not connected) the page and the call are not there", async () => {
    expect(statusOf(await callRoute(liffPage, "/liff"))).toBe(200);
    const { line } = await linkedCustomer();
    delete process.env.LIFF_ID;
    expect(statusOf(await callRoute(liffPage, "/liff"))).toBe(404);
    expect((await callJson(liffSignIn, "/api/auth/line/liff", { json: { idToken: mock.idToken(line) } })).status).toBe(
      404,
    );
    process.env.LIFF_ID = LIFF_ID;
    delete process.env.LINE_LOGIN_CHANNEL_SECRET;
    expect(statusOf(await callRoute(liffPage, "/liff"))).toBe(404);
    expect((await callJson(liffSignIn, "/api/auth/line/liff", { json: { idToken: mock.idToken(line) } })).status).toBe(
      404,
    );
    expect(mock.state.verifyCalls).toBe(0);
  });

  it("only the LIFF page may talk to LINE from the browser (its SDK starts there)", () => {
    // The page's route declares it (tests/integration/hardening/route-policy.test.ts: no other route does).
    expect(contentSecurityPolicy([], liffHandle.http.connect)).toMatch(/connect-src 'self' https:\/\/api\.line\.me/);
    expect(contentSecurityPolicy([])).toContain("connect-src 'self';");
  });

  it("inside LINE a design is shared as a card: its page points at the LIFF app, which gives the picker the card", async () => {
    const tailor = await createTestUser({ roles: ["merchant"], shopName: "ร้านป้าแก้ว" });
    await readyShop(tailor.id);
    const design = await db().design.create({
      data: { ownerId: tailor.id, baseId: "shirt2", status: "approved", price: 1250 },
    });
    const page = (await callRoute(designPage, `/designs/${design.id}`, { params: { id: String(design.id) } })) as {
      liffShare: string;
    };
    expect(page.liffShare).toBe(`https://liff.line.me/${LIFF_ID}?share=%2Fdesigns%2F${design.id}`);
    const liff = (await callRoute(liffPage, `/liff?share=${encodeURIComponent(`/designs/${design.id}`)}`)) as {
      share: { back: string; lineShare: string; flex: { altText: string; contents: { hero: { url: string } } } };
    };
    expect(liff.share.back).toBe(`/designs/${design.id}`);
    expect(liff.share.flex.altText).toContain("1,250 บาท");
    expect(liff.share.flex.contents.hero.url).toMatch(
      new RegExp(`^http://shop\\.test/share/designs/${design.id}/[0-9a-f]{16}\\.jpg$`),
    );
    expect(liff.share.lineShare).toMatch(/^https:\/\/line\.me\/R\/share\?text=/);
    // Nothing but a design on sale is shared from there; without LIFF the page offers no card.
    for (const other of ["/merchant/info/1", "https://evil.example/designs/1", "/designs/999999"]) {
      const answer = (await callRoute(liffPage, `/liff?share=${encodeURIComponent(other)}`)) as { share: unknown };
      expect(answer.share).toBeNull();
    }
    delete process.env.LIFF_ID;
    const plain = (await callRoute(designPage, `/designs/${design.id}`, { params: { id: String(design.id) } })) as {
      liffShare: string | null;
    };
    expect(plain.liffShare).toBeNull();
  });
});
