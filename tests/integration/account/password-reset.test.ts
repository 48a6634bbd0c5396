import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getSessionUser } from "~/auth/session.server";
import { mailSettings } from "~/config.server";
import { db } from "~/data/db.server";
import { RESET_MESSAGES } from "~/domain/users/password-reset";
import { whenResetsDelivered } from "~/domain/users/password-reset.server";
import { action as forgotAction, loader as forgotLoader } from "~/routes/account/forgot-password";
import { action as loginAction } from "~/routes/account/login";
import { action as resetAction, loader as resetLoader } from "~/routes/account/reset-password";
import { type Mailbox, type ReceivedMail, startMailbox } from "../../support/mailbox";
import {
  callRoute,
  isDataWithResponseInit,
  locationOf,
  noticeOf,
  setCookiesOf,
  statusOf,
} from "../../support/requests";
import { createTestUser, sessionCookieFor, TEST_PASSWORD } from "../../support/users";

/**
 * "Forgot password" (issue 45) through a real SMTP server that this file starts (smtp-server, with
 * a user and password the shop signs in with): the request, the mail and its link, the form that
 * sets a new password, the sessions it ends, and what it refuses. Time passes by writing a link's
 * expiry back in the database; the limits' counters are the login limits' table.
 */

const BASE = "https://shop.example.org";
const FROM = "ร้านผ้าทอบ้านนาดี <no-reply@shop.example.org>";
const MAIL_ENV = ["SMTP_URL", "MAIL_FROM", "PUBLIC_BASE_URL"] as const;
const LINE_ENV = ["LINE_LOGIN_CHANNEL_ID", "LINE_LOGIN_CHANNEL_SECRET", "LINE_MESSAGING_ACCESS_TOKEN"] as const;

let mailbox: Mailbox;
const saved = new Map<string, string | undefined>();

beforeAll(async () => {
  mailbox = await startMailbox();
  for (const name of [...MAIL_ENV, ...LINE_ENV]) saved.set(name, process.env[name]);
});

beforeEach(() => {
  for (const name of LINE_ENV) delete process.env[name];
  Object.assign(process.env, { SMTP_URL: mailbox.url, MAIL_FROM: FROM, PUBLIC_BASE_URL: `${BASE}/` });
});

afterEach(async () => {
  // The links asked for are sent after the answer: nothing of this test may reach the next.
  await whenResetsDelivered();
});

afterAll(async () => {
  for (const [name, value] of saved) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await mailbox.close();
});

let addresses = 0;
/** An address of its own for each use, so one test's requests never count against another's. */
function newAddress(): string {
  addresses += 1;
  return `203.0.${Math.floor(addresses / 250)}.${addresses % 250}`;
}

function ask(email: string, address = newAddress()) {
  return callRoute(forgotAction, "/forgot-password", {
    form: { email },
    headers: { "x-shop-client-address": address },
  });
}

function resetPage(token: string) {
  return callRoute(resetLoader, `/reset-password/${encodeURIComponent(token)}`, { params: { token } });
}

function setPassword(token: string, password: string, confirmPassword = password, cookie?: string) {
  return callRoute(resetAction, `/reset-password/${encodeURIComponent(token)}`, {
    params: { token },
    form: { password, confirmPassword },
    ...(cookie ? { cookie } : {}),
  });
}

function login(email: string, password: string) {
  return callRoute(loginAction, "/login", {
    form: { email, password },
    headers: { "x-shop-client-address": newAddress() },
  });
}

/** The data of a loader's or action's answer (data() or a plain object). */
function dataOf(result: unknown): Record<string, unknown> {
  return (isDataWithResponseInit(result) ? result.data : result) as Record<string, unknown>;
}

function replyErrors(result: unknown): Record<string, string[]> {
  return (dataOf(result).result as { error?: Record<string, string[]> }).error ?? {};
}

const LINK = new RegExp(`${BASE.replace(/[.]/g, "\\.")}/reset-password/([A-Za-z0-9_-]{43})`);

/** The mail to this address, once it has come, and the token of its link. */
async function mailTo(email: string, after = 0): Promise<{ mail: ReceivedMail; token: string }> {
  const mail = await mailbox.waitFor(
    (received) => received.to.includes(email) && mailbox.mails.indexOf(received) >= after,
  );
  const token = LINK.exec(mail.text)?.[1];
  if (!token) throw new Error(`no link in the mail: ${mail.text}`);
  return { mail, token };
}

async function auditOf(userId: number | null, action: string) {
  return db().auditEntry.findMany({ where: { targetId: userId, action }, orderBy: { id: "asc" } });
}

describe("forgot password, through a real SMTP server", () => {
  it("mails a link that sets a new password once, ends every session, and leads to the login with the e-mail in", async () => {
    const user = await createTestUser();
    const phone = await sessionCookieFor(user.id);
    const laptop = await sessionCookieFor(user.id);
    const before = mailbox.mails.length;

    const asked = await ask(`  ${user.email.toUpperCase()} `);
    expect(statusOf(asked)).toBe(302);
    expect(locationOf(asked)).toBe("/forgot-password?sent=1");
    expect(await noticeOf(asked)).toEqual({ type: "success", message: RESET_MESSAGES.sentNotice });
    const sentPage = dataOf(await callRoute(forgotLoader, "/forgot-password?sent=1"));
    expect(sentPage).toMatchObject({ sent: true, channels: { mail: true, line: false } });

    await whenResetsDelivered();
    const { mail, token } = await mailTo(user.email, before);
    // A real message: the shop signed in to the server, from MAIL_FROM, in Thai, the link whole in both parts.
    expect(mail.to).toEqual([user.email]);
    expect(mail.from).toBe("no-reply@shop.example.org");
    expect(mail.headers.get("from")).toContain("no-reply@shop.example.org");
    expect(mail.subject).toBe("ตั้งรหัสผ่านใหม่ | วิสาหกิจชุมชนผ้าทอมือบ้านนาดี");
    expect(mail.text).toContain(`${BASE}/reset-password/${token}`);
    expect(mail.text).toContain("ใช้ได้ครั้งเดียว ภายใน 60 นาที");
    expect(mail.html).toContain(`href="${BASE}/reset-password/${token}"`);
    expect(mailbox.refusedLogins).toBe(0);

    // Only the token's hash is kept; the link holds for 60 minutes.
    const [row] = await db().passwordReset.findMany({ where: { userId: user.id } });
    expect(row!.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(59.9 * 60_000);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(60 * 60_000 + 1000);

    expect(statusOf(await resetPage(token))).toBe(200);
    expect(dataOf(await resetPage(token)).problem).toBeNull();

    // The sign-up rules, beside their fields; the link still holds after a refusal.
    const mismatch = await setPassword(token, "new-password-1", "new-password-2");
    expect(statusOf(mismatch)).toBe(400);
    expect(replyErrors(mismatch).confirmPassword).toContain("รหัสผ่านไม่ตรงกัน");
    const short = await setPassword(token, "short", "short");
    expect(statusOf(short)).toBe(400);
    expect(replyErrors(short).password).toContain("รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร");
    const empty = await setPassword(token, "", "");
    expect(replyErrors(empty).password).toContain("กรุณากรอกรหัสผ่าน");
    expect(replyErrors(empty).confirmPassword).toContain("กรุณายืนยันรหัสผ่าน");
    // The typed passwords are never sent back.
    expect(JSON.stringify(dataOf(short))).not.toContain("short");

    const done = await setPassword(token, "new-password-1", "new-password-1", phone);
    expect(statusOf(done)).toBe(302);
    expect(locationOf(done)).toBe(`/login?email=${encodeURIComponent(user.email)}`);
    expect(await noticeOf(done)).toEqual({ type: "success", message: RESET_MESSAGES.done });
    // This browser's cookie is cleared too.
    expect(setCookiesOf(done).some((cookie) => /^shop_session=;/.test(cookie))).toBe(true);

    // Every session of the account has ended.
    expect(await db().session.count({ where: { userId: user.id } })).toBe(0);
    for (const cookie of [phone, laptop])
      expect(await getSessionUser(new Request("http://shop.test/", { headers: { Cookie: cookie } }))).toBeNull();

    // The new password logs in; the old one no longer does.
    expect(statusOf(await login(user.email, TEST_PASSWORD))).toBe(401);
    const signedIn = await login(user.email, "new-password-1");
    expect(statusOf(signedIn)).toBe(302);
    expect(locationOf(signedIn)).toBe("/design?category=shirt");

    // Used once: the page and the form both say so, and the password stays as it was set.
    const again = await resetPage(token);
    expect(statusOf(again)).toBe(409);
    expect(dataOf(again)).toMatchObject({ problem: "used", message: RESET_MESSAGES.used });
    const reuse = await setPassword(token, "third-password-1");
    expect(statusOf(reuse)).toBe(409);
    expect(replyErrors(reuse)[""]).toEqual([RESET_MESSAGES.used]);
    expect(dataOf(reuse).problem).toBe("used");
    expect(statusOf(await login(user.email, "third-password-1"))).toBe(401);
    expect(statusOf(await login(user.email, "new-password-1"))).toBe(302);

    // The log: the request (by e-mail) and the password set, by the account itself, with no personal value.
    const [request] = await auditOf(user.id, "account.password_reset_request");
    expect(request).toMatchObject({ actorId: null, targetType: "user", changes: { sentBy: { to: ["อีเมล"] } } });
    const [reset] = await auditOf(user.id, "account.password_reset");
    expect(reset).toMatchObject({ actorId: user.id, changes: { password: {}, sessionsEnded: { to: 2 } } });
    const logged = JSON.stringify(await db().auditEntry.findMany());
    for (const secret of [user.email, token, "new-password-1"]) expect(logged).not.toContain(secret);
  });

  it("a new password spends every other link of the account", async () => {
    const user = await createTestUser();
    const before = mailbox.mails.length;
    await ask(user.email);
    await whenResetsDelivered();
    const first = await mailTo(user.email, before);
    const middle = mailbox.mails.length;
    await ask(user.email);
    await whenResetsDelivered();
    const second = await mailTo(user.email, middle);
    expect(second.token).not.toBe(first.token);
    expect(statusOf(await setPassword(second.token, "second-link-pass"))).toBe(302);
    expect(dataOf(await resetPage(first.token)).problem).toBe("used");
    expect(statusOf(await setPassword(first.token, "first-link-pass"))).toBe(409);
    expect(statusOf(await login(user.email, "second-link-pass"))).toBe(302);
  });

  it("two submissions of one link at once: one sets the password, the other is told the link was used", async () => {
    const user = await createTestUser();
    const before = mailbox.mails.length;
    await ask(user.email);
    await whenResetsDelivered();
    const { token } = await mailTo(user.email, before);
    const results = await Promise.all([setPassword(token, "racing-pass-one"), setPassword(token, "racing-pass-two")]);
    expect(results.map(statusOf).sort()).toEqual([302, 409]);
    const winner = statusOf(results[0]) === 302 ? "racing-pass-one" : "racing-pass-two";
    const loser = winner === "racing-pass-one" ? "racing-pass-two" : "racing-pass-one";
    expect(statusOf(await login(user.email, winner))).toBe(302);
    expect(statusOf(await login(user.email, loser))).toBe(401);
    expect(await auditOf(user.id, "account.password_reset")).toHaveLength(1);
  });

  it("a link runs out 60 minutes after it was made (the clock moved by its expiry)", async () => {
    const user = await createTestUser();
    const before = mailbox.mails.length;
    await ask(user.email);
    await whenResetsDelivered();
    const { token } = await mailTo(user.email, before);
    // A minute before the end it still holds.
    await db().passwordReset.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() + 60_000) },
    });
    expect(dataOf(await resetPage(token)).problem).toBeNull();
    // The 60 minutes are over.
    await db().passwordReset.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    const page = await resetPage(token);
    expect(statusOf(page)).toBe(409);
    expect(dataOf(page)).toMatchObject({ problem: "expired", message: RESET_MESSAGES.expired });
    const refused = await setPassword(token, "too-late-pass-1");
    expect(statusOf(refused)).toBe(409);
    expect(replyErrors(refused)[""]).toEqual([RESET_MESSAGES.expired]);
    expect(await noticeOf(refused)).toBeNull(); // without JavaScript the notice is this request's own (not a cookie)
    expect(statusOf(await login(user.email, "too-late-pass-1"))).toBe(401);
    expect(statusOf(await login(user.email, TEST_PASSWORD))).toBe(302);
  });

  it("answers an e-mail without an account with the same bytes and status, and sends nothing", async () => {
    const user = await createTestUser();
    const suspended = await createTestUser({ status: "inactive" });
    const answers: Response[] = [];
    for (const email of [user.email, "nobody-here@example.com", suspended.email])
      answers.push((await ask(email)) as Response);
    const [known, ...others] = answers.map((answer) => ({
      status: answer.status,
      location: answer.headers.get("Location"),
      cookies: answer.headers.getSetCookie(),
      headers: [...answer.headers.keys()].sort(),
    }));
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    for (const other of others) expect(other).toEqual(known);
    expect(new Set(bodies).size).toBe(1);

    await whenResetsDelivered();
    await mailTo(user.email);
    expect(mailbox.mails.some((mail) => mail.to.includes("nobody-here@example.com"))).toBe(false);
    expect(mailbox.mails.some((mail) => mail.to.includes(suspended.email))).toBe(false);
    expect(await db().passwordReset.count({ where: { userId: suspended.id } })).toBe(0);
    // The log says a request came for no account, without the e-mail.
    const noAccount = await auditOf(null, "account.password_reset_request");
    expect(noAccount.length).toBeGreaterThan(0);
    expect(JSON.stringify(noAccount)).not.toContain("nobody-here");
    expect((await auditOf(suspended.id, "account.password_reset_request"))[0]?.changes).toEqual({
      sentBy: { to: [] },
      status: { to: "inactive" },
    });
  });

  it("limits requests: 3 an hour for one e-mail from anywhere, 20 an hour from one address", async () => {
    const user = await createTestUser();
    const before = mailbox.mails.length;
    for (let i = 0; i < 3; i++) expect(statusOf(await ask(user.email))).toBe(302);
    const refused = await ask(user.email);
    expect(statusOf(refused)).toBe(429);
    const wait = Number(new Headers(isDataWithResponseInit(refused) ? refused.init?.headers : {}).get("Retry-After"));
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(replyErrors(refused)[""]).toEqual(["ขอลิงก์ตั้งรหัสผ่านใหม่บ่อยเกินไป กรุณารอ 60 นาทีแล้วลองใหม่"]);
    await whenResetsDelivered();
    expect(mailbox.mails.slice(before).filter((mail) => mail.to.includes(user.email))).toHaveLength(3);

    // An e-mail without an account is limited the same way: the limit says nothing either.
    for (let i = 0; i < 3; i++) expect(statusOf(await ask("nobody-limited@example.com"))).toBe(302);
    expect(statusOf(await ask("nobody-limited@example.com"))).toBe(429);

    // One address: 20 requests, whatever the e-mails; other addresses go on.
    const crowded = newAddress();
    for (let i = 0; i < 20; i++) expect(statusOf(await ask(`someone-${i}@example.com`, crowded))).toBe(302);
    expect(statusOf(await ask("someone-else@example.com", crowded))).toBe(429);
    expect(statusOf(await ask("someone-else@example.com"))).toBe(302);

    // The counters hold no e-mail and no address.
    const keys = JSON.stringify(await db().rateLimiterFlexible.findMany());
    expect(keys).not.toContain(user.email);
    expect(keys).not.toContain(crowded);
  });

  it("never answers 500: bad links, long strings, odd e-mails", async () => {
    const user = await createTestUser();
    const tokens = [
      "x",
      "A".repeat(43),
      "%00",
      "../../etc/passwd",
      "ก".repeat(43),
      "A".repeat(20_000),
      "<script>alert(1)</script>",
      " ",
    ];
    for (const token of tokens) {
      const page = await resetPage(token);
      expect(statusOf(page)).toBe(404);
      expect(dataOf(page)).toMatchObject({ problem: "unknown", message: RESET_MESSAGES.unknown });
      const posted = await setPassword(token, "valid-password-1");
      expect(statusOf(posted)).toBe(404);
      expect(replyErrors(posted)[""]).toEqual([RESET_MESSAGES.unknown]);
    }
    const long = await setPassword("A".repeat(43), "p".repeat(20_000));
    expect(statusOf(long)).toBe(400);
    expect(replyErrors(long).password).toContain("รหัสผ่านยาวเกินไป");
    // Fields that are not strings at all.
    const noFields = await callRoute(resetAction, "/reset-password/x", { params: { token: "x" }, form: {} });
    expect(statusOf(noFields)).toBe(400);

    for (const email of ["", "not-an-email", `${"a".repeat(20_000)}@example.com`, "a@b@c", "ก@ข.ค\u0000"]) {
      const answer = await ask(email);
      expect(statusOf(answer)).toBe(400);
      expect(replyErrors(answer).email?.length).toBeGreaterThan(0);
    }
    const none = await callRoute(forgotAction, "/forgot-password", { form: {} });
    expect(statusOf(none)).toBe(400);
    expect(replyErrors(none).email).toContain("กรุณากรอกอีเมล");
    expect(await db().passwordReset.count({ where: { userId: user.id } })).toBe(0);
  });

  it("a mail server that cannot be reached changes nothing of the answer; the log says the mail did not go", async () => {
    const user = await createTestUser();
    process.env.SMTP_URL = "smtp://shop:mail-secret-1@127.0.0.1:9"; // nothing listens on the discard port
    const answer = await ask(user.email);
    expect(statusOf(answer)).toBe(302);
    expect(locationOf(answer)).toBe("/forgot-password?sent=1");
    await whenResetsDelivered();
    const [entry] = await auditOf(user.id, "account.password_reset_request");
    expect(entry?.changes).toEqual({ sentBy: { to: ["อีเมล (ส่งไม่สำเร็จ)"] } });
  });

  it("with neither SMTP nor LINE the page offers no form, says how to reach the shop, and a post changes nothing", async () => {
    for (const name of MAIL_ENV) delete process.env[name];
    const user = await createTestUser();
    const page = dataOf(await callRoute(forgotLoader, "/forgot-password"));
    expect(page.channels).toEqual({ mail: false, line: false });
    const posted = await ask(user.email);
    expect(statusOf(posted)).toBe(409);
    expect(replyErrors(posted)[""]?.[0]).toContain("กรุณาติดต่อร้าน");
    await whenResetsDelivered();
    expect(await db().passwordReset.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("mail settings (SMTP_URL, MAIL_FROM, PUBLIC_BASE_URL)", () => {
  const good = { SMTP_URL: "smtp://u:p@mail.example.org:587", MAIL_FROM: "shop@example.org", PUBLIC_BASE_URL: BASE };

  it("are off without SMTP_URL, and whole with the three", () => {
    expect(mailSettings({})).toBeNull();
    expect(mailSettings({ SMTP_URL: "  " })).toBeNull();
    expect(mailSettings({ ...good, PUBLIC_BASE_URL: `${BASE}//` })).toEqual({
      smtpUrl: good.SMTP_URL,
      from: "shop@example.org",
      publicBaseUrl: BASE,
    });
    expect(
      mailSettings({ ...good, SMTP_URL: "smtps://mail.example.org", MAIL_FROM: "ร้าน <shop@example.org>" })?.from,
    ).toBe("ร้าน <shop@example.org>");
  });

  it.each([
    [{ SMTP_URL: "mail.example.org:25" }, /SMTP_URL must name/],
    [{ SMTP_URL: "http://mail.example.org" }, /SMTP_URL must name/],
    [{ MAIL_FROM: "" }, /MAIL_FROM is required/],
    [{ MAIL_FROM: "shop" }, /MAIL_FROM is required/],
    [{ MAIL_FROM: "a@b\r\nBcc: x@y" }, /MAIL_FROM is required/],
    [{ PUBLIC_BASE_URL: "" }, /PUBLIC_BASE_URL is required/],
    [{ PUBLIC_BASE_URL: "shop.example.org" }, /PUBLIC_BASE_URL is required/],
  ] as [Record<string, string>, RegExp][])(
    "refuse %j with a clear message that never repeats the SMTP password",
    (change, message) => {
      expect(() => mailSettings({ ...good, ...change })).toThrow(message);
      try {
        mailSettings({ ...good, ...change, SMTP_URL: change.SMTP_URL ?? "smtp://u:very-secret@mail.example.org" });
      } catch (error) {
        expect(String(error)).not.toContain("very-secret");
      }
    },
  );
});
