import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { LINE_MESSAGES } from "~/domain/line/messages";
import { codeChallengeS256 } from "~/domain/line/pkce";
import { action as editProfile } from "~/routes/account/profile-edit";
import { loader as callback } from "~/routes/line/callback";
import { loader as link, action as linkByPost } from "~/routes/line/link";
import { callRoute, locationOf, noticeOf, statusOf } from "../../support/requests";
import { signedIn } from "../../support/users";
import { atLine, startLineMock, startLink } from "./support";

const mock = startLineMock();

async function lineUserIdOf(userId: number) {
  return (await db().user.findUniqueOrThrow({ where: { id: userId }, select: { lineUserId: true } })).lineUserId;
}

/** The whole round trip of one browser: shop → LINE → shop. */
async function linkAs(cookie: string, lineUserId: string) {
  mock.nextLogin({ userId: lineUserId });
  const { authorizeUrl, oauthCookie } = await startLink(link, cookie);
  const back = await atLine(mock, authorizeUrl!);
  return callRoute(callback, back, { cookie: `${cookie}; ${oauthCookie}` });
}

describe("linking an account with LINE Login", () => {
  it("sends the browser to LINE with state and a PKCE S256 challenge, then stores the LINE user id", async () => {
    const { user, cookie } = await signedIn();
    const { result, authorizeUrl, oauthCookie } = await startLink(link, cookie);
    expect(statusOf(result)).toBe(302);
    const url = new URL(authorizeUrl!);
    expect(url.origin + url.pathname).toBe("https://access.line.me/oauth2/v2.1/authorize");
    expect(url.searchParams.get("client_id")).toBe(mock.config.channelId);
    expect(url.searchParams.get("redirect_uri")).toBe("http://shop.test/line/callback");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("state")).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(oauthCookie).toMatch(/^shop_line_oauth=/);

    mock.nextLogin({ userId: "U1111111111111111111111111111aaaa" });
    const done = await callRoute(callback, await atLine(mock, authorizeUrl!), { cookie: `${cookie}; ${oauthCookie}` });
    expect(locationOf(done)).toBe("/profile");
    expect(await noticeOf(done)).toEqual({ type: "success", message: LINE_MESSAGES.linked });
    expect(await lineUserIdOf(user.id)).toBe("U1111111111111111111111111111aaaa");
  });

  it("refuses an answer whose state does not match the cookie, and one without the cookie", async () => {
    const { user, cookie } = await signedIn();
    const { authorizeUrl, oauthCookie } = await startLink(link, cookie);
    const back = new URL(await atLine(mock, authorizeUrl!), "http://shop.test");
    back.searchParams.set("state", "forged-state-value-xxxxxxxxxxxx");
    const forged = await callRoute(callback, back.pathname + back.search, { cookie: `${cookie}; ${oauthCookie}` });
    expect(await noticeOf(forged)).toEqual({ type: "error", message: LINE_MESSAGES.stateMismatch });

    const again = await startLink(link, cookie);
    const answer = await atLine(mock, again.authorizeUrl!);
    const withoutCookie = await callRoute(callback, answer, { cookie });
    expect(await noticeOf(withoutCookie)).toEqual({ type: "error", message: LINE_MESSAGES.stateMismatch });
    // The cookie is signed: one made up in the browser is ignored.
    const [name, value] = again.oauthCookie.split("=") as [string, string];
    const [payload, signature] = decodeURIComponent(value).split(".") as [string, string];
    const state = new URL(again.authorizeUrl!).searchParams.get("state")!;
    const madeUp = Buffer.from(JSON.stringify({ state, verifier: "x".repeat(43) })).toString("base64");
    expect(Buffer.from(payload, "base64").toString()).toContain(state);
    const forgedCookie = `${name}=${encodeURIComponent(`${madeUp}.${signature}`)}`;
    const tampered = await callRoute(callback, answer, { cookie: `${cookie}; ${forgedCookie}` });
    expect(await noticeOf(tampered)).toEqual({ type: "error", message: LINE_MESSAGES.stateMismatch });
    expect(await lineUserIdOf(user.id)).toBeNull();
  });

  it("checks PKCE: a code issued to one browser cannot be redeemed with another browser's verifier", async () => {
    const victim = await signedIn();
    const attacker = await signedIn();
    const victimFlow = await startLink(link, victim.cookie);
    const stolenBack = new URL(await atLine(mock, victimFlow.authorizeUrl!), "http://shop.test");
    const attackerFlow = await startLink(link, attacker.cookie);
    // The attacker swaps in their own state so the state check passes; the verifier still differs.
    stolenBack.searchParams.set("state", new URL(attackerFlow.authorizeUrl!).searchParams.get("state")!);
    const result = await callRoute(callback, stolenBack.pathname + stolenBack.search, {
      cookie: `${attacker.cookie}; ${attackerFlow.oauthCookie}`,
    });
    expect(await noticeOf(result)).toEqual({ type: "error", message: LINE_MESSAGES.refused });
    expect(await lineUserIdOf(attacker.user.id)).toBeNull();
    expect(codeChallengeS256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe(
      "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    );
  });

  it("refuses a LINE account already linked to another shop account, with a clear Thai message", async () => {
    const first = await signedIn();
    const second = await signedIn();
    await linkAs(first.cookie, "U2222222222222222222222222222bbbb");
    const refused = await linkAs(second.cookie, "U2222222222222222222222222222bbbb");
    expect(locationOf(refused)).toBe("/profile");
    expect(await noticeOf(refused)).toEqual({ type: "error", message: LINE_MESSAGES.usedByAnother });
    expect(await lineUserIdOf(second.user.id)).toBeNull();
    expect(await lineUserIdOf(first.user.id)).toBe("U2222222222222222222222222222bbbb");
  });

  it("unlinks with the profile's reset; the LINE account can then be linked elsewhere", async () => {
    const first = await signedIn();
    const second = await signedIn();
    await linkAs(first.cookie, "U3333333333333333333333333333cccc");
    const reset = await callRoute(editProfile, "/profile/edit", {
      cookie: first.cookie,
      form: { intent: "reset-line" },
    });
    expect(await noticeOf(reset)).toEqual({ type: "success", message: "รีเซ็ตการเชื่อมต่อ LINE เรียบร้อย" });
    expect(await lineUserIdOf(first.user.id)).toBeNull();
    const linked = await linkAs(second.cookie, "U3333333333333333333333333333cccc");
    expect(await noticeOf(linked)).toEqual({ type: "success", message: LINE_MESSAGES.linked });
    expect(await lineUserIdOf(second.user.id)).toBe("U3333333333333333333333333333cccc");
  });

  it("a reset of an account that is not linked says so done and changes nothing", async () => {
    const { user, cookie } = await signedIn();
    const before = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    const reset = await callRoute(editProfile, "/profile/edit", { cookie, form: { intent: "reset-line" } });
    expect(await noticeOf(reset)).toEqual({ type: "success", message: "รีเซ็ตการเชื่อมต่อ LINE เรียบร้อย" });
    expect(await db().user.findUniqueOrThrow({ where: { id: user.id } })).toEqual(before);
  });

  it("tells the user when they cancel at LINE or LINE is down, and links nothing", async () => {
    const { user, cookie } = await signedIn();
    mock.state.denyNextLogin = true;
    const flow = await startLink(link, cookie);
    const denied = await callRoute(callback, await atLine(mock, flow.authorizeUrl!), {
      cookie: `${cookie}; ${flow.oauthCookie}`,
    });
    expect(await noticeOf(denied)).toEqual({ type: "error", message: LINE_MESSAGES.denied });

    mock.state.tokenOutage = true;
    const down = await linkAs(cookie, "U4444444444444444444444444444dddd");
    expect(await noticeOf(down)).toEqual({ type: "error", message: LINE_MESSAGES.lineDown });
    expect(await lineUserIdOf(user.id)).toBeNull();
  });

  it("asks visitors to log in first, and says so when the shop has not connected LINE", async () => {
    const visitor = await callRoute(link, "/line/link");
    expect(locationOf(visitor)).toBe("/login?redirectTo=%2Fline%2Flink");
    // A post starts the same way (for a form that prefers it).
    const { cookie: postCookie } = await signedIn();
    expect(
      new URL(locationOf(await callRoute(linkByPost, "/line/link", { cookie: postCookie, form: {} }))!).pathname,
    ).toBe("/oauth2/v2.1/authorize");

    const { cookie } = await signedIn();
    delete process.env.LINE_LOGIN_CHANNEL_ID;
    const result = await callRoute(link, "/line/link", { cookie });
    expect(locationOf(result)).toBe("/profile");
    expect(await noticeOf(result)).toEqual({ type: "error", message: LINE_MESSAGES.notConfigured });
  });
});
