import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { whenResetsDelivered } from "~/domain/users/password-reset.server";
import { action as forgotAction, loader as forgotLoader } from "~/routes/account/forgot-password";
import { action as resetAction } from "~/routes/account/reset-password";
import { type Mailbox, startMailbox } from "../../support/mailbox";
import { callRoute, isDataWithResponseInit, locationOf, statusOf } from "../../support/requests";
import { createTestUser } from "../../support/users";
import { lineId, SHOP_URL, startLineMock } from "../line/support";

/**
 * "Forgot password" with LINE connected (LINE played by the mock, tests/mocks/line.ts): a customer
 * who linked LINE gets the link as a LINE message too, pushed directly (the token is never written
 * to the outbox); one who did not gets it by e-mail only, or not at all without SMTP.
 */

const mock = startLineMock();
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
});

beforeEach(() => {
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
});

afterEach(async () => {
  await whenResetsDelivered();
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
});

afterAll(async () => {
  await mailbox.close();
});

let addresses = 0;
function ask(email: string) {
  addresses += 1;
  return callRoute(forgotAction, "/forgot-password", {
    form: { email },
    headers: { "x-shop-client-address": `192.0.2.${addresses}` },
  });
}

async function linkedCustomer() {
  const user = await createTestUser();
  const lineUserId = lineId();
  await db().user.update({ where: { id: user.id }, data: { lineUserId } });
  return { ...user, lineUserId };
}

const LINK = new RegExp(`${SHOP_URL.replace(/[.]/g, "\\.")}/reset-password/([A-Za-z0-9_-]{43})`);

async function auditOf(userId: number) {
  return db().auditEntry.findMany({ where: { targetId: userId, action: "account.password_reset_request" } });
}

describe("forgot password with LINE connected", () => {
  it("without SMTP: a linked customer gets the link on LINE, and it sets the password", async () => {
    expect(((await callRoute(forgotLoader, "/forgot-password")) as { channels: unknown }).channels).toEqual({
      mail: false,
      line: true,
    });
    const user = await linkedCustomer();
    expect(locationOf(await ask(user.email))).toBe("/forgot-password?sent=1");
    await whenResetsDelivered();
    const push = mock.pushes.find((recorded) => recorded.to === user.lineUserId);
    expect(push?.text).toContain("ตั้งรหัสผ่านใหม่");
    const token = LINK.exec(push?.text ?? "")?.[1];
    expect(token).toBeDefined();
    // Never through the outbox: the token is in no row.
    expect(await db().outboxMessage.count({ where: { recipientId: user.id } })).toBe(0);
    expect((await auditOf(user.id))[0]?.changes).toEqual({ sentBy: { to: ["LINE"] } });
    const done = await callRoute(resetAction, `/reset-password/${token}`, {
      params: { token: token! },
      form: { password: "line-reset-pass", confirmPassword: "line-reset-pass" },
    });
    expect(statusOf(done)).toBe(302);
    expect(locationOf(done)).toBe(`/login?email=${encodeURIComponent(user.email)}`);
  });

  it("without SMTP: a customer who did not link LINE gets nothing, and the answer is the same", async () => {
    const linked = await linkedCustomer();
    const unlinked = await createTestUser();
    const [a, b] = [await ask(linked.email), await ask(unlinked.email)] as Response[];
    expect([b!.status, b!.headers.get("Location"), b!.headers.getSetCookie()]).toEqual([
      a!.status,
      a!.headers.get("Location"),
      a!.headers.getSetCookie(),
    ]);
    await whenResetsDelivered();
    expect(await db().passwordReset.count({ where: { userId: unlinked.id } })).toBe(0);
    expect((await auditOf(unlinked.id))[0]?.changes).toEqual({ sentBy: { to: [] } });
  });

  it("with SMTP too: a linked customer gets the same link both ways", async () => {
    Object.assign(process.env, { SMTP_URL: mailbox.url, MAIL_FROM: "shop@shop.test" });
    const user = await linkedCustomer();
    await ask(user.email);
    await whenResetsDelivered();
    const mail = await mailbox.waitFor((received) => received.to.includes(user.email));
    const push = mock.pushes.find((recorded) => recorded.to === user.lineUserId);
    const token = LINK.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    expect(LINK.exec(push?.text ?? "")?.[1]).toBe(token);
    expect((await auditOf(user.id))[0]?.changes).toEqual({ sentBy: { to: ["อีเมล", "LINE"] } });
  });

  it("LINE failing changes nothing of the answer; the log says the message did not go", async () => {
    const user = await linkedCustomer();
    mock.state.pushFailure = "error500";
    const answer = await ask(user.email);
    expect(statusOf(answer)).toBe(302);
    expect(isDataWithResponseInit(answer)).toBe(false);
    await whenResetsDelivered();
    expect((await auditOf(user.id))[0]?.changes).toEqual({ sentBy: { to: ["LINE (ส่งไม่สำเร็จ)"] } });
  });
});
