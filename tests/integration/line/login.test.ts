import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { LINE_MESSAGES } from "~/domain/line/messages";
import { ACCOUNT_INACTIVE } from "~/domain/users/accounts.server";
import { loader as profile } from "~/routes/account/profile";
import { loader as callback } from "~/routes/line/callback";
import { loader as lineLogin } from "~/routes/line/login";
import { callRoute, locationOf, noticeOf, setCookiesOf } from "../../support/requests";
import { createTestUser, signedIn } from "../../support/users";
import { atLine, startLineMock, startLink } from "./support";

const mock = startLineMock();

/** A visitor's round trip: 'เข้าสู่ระบบด้วย LINE' → LINE → back to the shop. */
async function logInWithLine(lineUserId: string) {
  mock.nextLogin({ userId: lineUserId });
  const { authorizeUrl, oauthCookie } = await startLink(lineLogin, "", "/line/login");
  return callRoute(callback, await atLine(mock, authorizeUrl!), { cookie: oauthCookie });
}

describe("logging in with LINE (a linked account)", () => {
  it("signs in the account linked with that LINE user and lands on its home", async () => {
    const tailor = await createTestUser({ roles: ["merchant"] });
    await db().user.update({ where: { id: tailor.id }, data: { lineUserId: "U5555555555555555555555555555eeee" } });
    const result = await logInWithLine("U5555555555555555555555555555eeee");
    expect(locationOf(result)).toBe("/merchant");
    expect(await noticeOf(result)).toEqual({ type: "success", message: "เข้าสู่ระบบสำเร็จ" });
    const session = setCookiesOf(result)
      .map((header) => header.split(";")[0]!)
      .find((pair) => pair.startsWith("shop_session="));
    expect(session).toBeDefined();
    const page = (await callRoute(profile, "/profile", { cookie: session })) as { profile: { email: string } };
    expect(page.profile.email).toBe(tailor.email);
  });

  it("refuses a LINE user linked to no account, and a suspended account; signs in no one", async () => {
    const unknown = await logInWithLine("U6666666666666666666666666666ffff");
    expect(locationOf(unknown)).toBe("/login");
    expect(await noticeOf(unknown)).toEqual({ type: "error", message: LINE_MESSAGES.loginNotLinked });
    expect(setCookiesOf(unknown).some((header) => header.startsWith("shop_session="))).toBe(false);

    const suspended = await createTestUser({ status: "inactive" });
    await db().user.update({
      where: { id: suspended.id },
      data: { lineUserId: "U7777777777777777777777777777aaaa" },
    });
    const refused = await logInWithLine("U7777777777777777777777777777aaaa");
    expect(await noticeOf(refused)).toEqual({ type: "error", message: ACCOUNT_INACTIVE });
    expect(setCookiesOf(refused).some((header) => header.startsWith("shop_session="))).toBe(false);
  });

  it("sends someone already signed in to their home, and says so when the shop has not connected LINE", async () => {
    const { cookie } = await signedIn();
    expect(locationOf(await callRoute(lineLogin, "/line/login", { cookie }))).toBe("/design?category=shirt");
    delete process.env.LINE_MESSAGING_ACCESS_TOKEN;
    const result = await callRoute(lineLogin, "/line/login");
    expect(locationOf(result)).toBe("/login");
    expect(await noticeOf(result)).toEqual({ type: "error", message: LINE_MESSAGES.notConfigured });
  });
});
