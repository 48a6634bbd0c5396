import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { type Mailbox, startMailbox } from "../../support/mailbox";
import { createTestUser, sessionCookieFor, TEST_PASSWORD } from "../../support/users";
import { answerToRequest, Browser, headingOn, noticeOn, openShop, textsOf, words } from "../notices/support";

/**
 * "Forgot password" and sign-up's redirectTo as a browser without JavaScript meets them: the built
 * shop's pages (tests/integration/notices/support.ts) and a real SMTP server. The refusals stand
 * beside their fields and stay on the page; the answers to e-mails with and without an account are
 * the same bytes.
 */

const BASE = "https://shop.example.org";
let mailbox: Mailbox;
const saved = new Map<string, string | undefined>();
const ENV = ["SMTP_URL", "MAIL_FROM", "PUBLIC_BASE_URL", "LINE_LOGIN_CHANNEL_ID"] as const;

beforeAll(async () => {
  await openShop();
  mailbox = await startMailbox();
  for (const name of ENV) saved.set(name, process.env[name]);
}, 240_000);

beforeEach(() => {
  delete process.env.LINE_LOGIN_CHANNEL_ID;
  Object.assign(process.env, { SMTP_URL: mailbox.url, MAIL_FROM: "shop@shop.example.org", PUBLIC_BASE_URL: BASE });
});

afterAll(async () => {
  for (const [name, value] of saved) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await mailbox?.close();
});

const LINK = /https:\/\/shop\.example\.org(\/reset-password\/[A-Za-z0-9_-]{43})/;

/** The value an input of this name shows ("" when none). */
function inputValue(html: string, name: string): string {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";
  return /value="([^"]*)"/.exec(input)?.[1] ?? "";
}

/** The messages beside a field (its `…-error` list). */
function fieldErrors(html: string, name: string): string[] {
  return textsOf(html, new RegExp(`<ul[^>]*id="[^"]*-${name}-error"[^>]*>`));
}

/** The form's own refusals (FormErrors: role="alert", focusable), not the notice's. */
function formAlerts(page: { html: string }): string[] {
  return textsOf(page.html, /<div role="alert" tabindex="-1"[^>]*>/);
}

/** The addresses the page links to. */
function links(html: string): string[] {
  return [...html.matchAll(/<a[^>]*href="([^"]*)"/g)].map(([, href]) => href!.replace(/&amp;/g, "&"));
}

describe("forgot password without JavaScript", () => {
  it("from the login page's link to a new password, through the mail, and back to the login with the e-mail in", async () => {
    const user = await createTestUser();
    const browser = new Browser(await sessionCookieFor(user.id));
    const visitor = new Browser();
    const login = await visitor.open("/login");
    expect(links(login.html)).toContain("/forgot-password");
    expect(textsOf(login.html, /<a[^>]*href="\/forgot-password"[^>]*>/)).toEqual(["ลืมรหัสผ่าน?"]);

    const page = await visitor.open("/forgot-password");
    expect(page.status).toBe(200);
    expect(headingOn(page)).toBe("ลืมรหัสผ่าน");
    expect(words(page.html)).toContain("เราจะส่งลิงก์สำหรับตั้งรหัสผ่านใหม่ไปให้ทางอีเมล");
    // A refused e-mail stays beside its field.
    const bad = await visitor.submit("/forgot-password", { email: "not-an-email" });
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad.html, "email")).toEqual(["รูปแบบอีเมลไม่ถูกต้อง"]);
    expect(inputValue(bad.html, "email")).toBe("not-an-email");

    const before = mailbox.mails.length;
    const sent = await visitor.submit("/forgot-password", { email: user.email });
    expect(sent.url).toBe("/forgot-password?sent=1");
    expect(noticeOn(sent)).toBe("ส่งคำขอตั้งรหัสผ่านใหม่แล้ว");
    expect(words(sent.html)).toContain("ถ้าอีเมลนี้มีบัญชีกับร้าน เราได้ส่งลิงก์สำหรับตั้งรหัสผ่านใหม่ไปให้แล้ว");

    const mail = await mailbox.waitFor(
      (received) => received.to.includes(user.email) && mailbox.mails.indexOf(received) >= before,
    );
    const path = LINK.exec(mail.text)![1]!;
    const form = await visitor.open(path);
    expect(form.status).toBe(200);
    expect(headingOn(form)).toBe("ตั้งรหัสผ่านใหม่");
    // The token is told to no other site.
    expect(form.html).toMatch(/<meta name="referrer" content="same-origin"/);

    const mismatch = await visitor.submit(path, { password: "new-pass-123", confirmPassword: "new-pass-124" });
    expect(mismatch.status).toBe(400);
    expect(fieldErrors(mismatch.html, "confirmPassword")).toEqual(["รหัสผ่านไม่ตรงกัน"]);
    expect(inputValue(mismatch.html, "password")).toBe("");
    const short = await visitor.submit(path, { password: "short", confirmPassword: "short" });
    expect(fieldErrors(short.html, "password")).toEqual(["รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร"]);

    const done = await visitor.submit(path, { password: "new-pass-123", confirmPassword: "new-pass-123" });
    expect(done.url).toBe(`/login?email=${encodeURIComponent(user.email)}`);
    expect(noticeOn(done)).toBe("ตั้งรหัสผ่านใหม่เรียบร้อยแล้ว กรุณาเข้าสู่ระบบด้วยรหัสผ่านใหม่");
    expect(inputValue(done.html, "email")).toBe(user.email);
    // The browser signed in before is signed out.
    const profile = await browser.open("/profile");
    expect(profile.url).toMatch(/^\/login/);

    // The link again: the refusal in place of the form, with the way to a new one, and it stays there.
    const used = await visitor.open(path);
    expect(used.status).toBe(409);
    expect(formAlerts(used)).toEqual(["ลิงก์ตั้งรหัสผ่านใหม่นี้ถูกใช้ไปแล้ว กรุณาขอลิงก์ใหม่"]);
    expect(used.html).not.toContain('name="password"');
    expect(links(used.html)).toContain("/forgot-password");
    const reused = await visitor.submit(path, { password: "other-pass-123", confirmPassword: "other-pass-123" });
    expect(reused.status).toBe(409);
    expect(formAlerts(reused)).toEqual(["ลิงก์ตั้งรหัสผ่านใหม่นี้ถูกใช้ไปแล้ว กรุณาขอลิงก์ใหม่"]);
    expect(noticeOn(reused)).toBe("ลิงก์ตั้งรหัสผ่านใหม่นี้ถูกใช้ไปแล้ว กรุณาขอลิงก์ใหม่");

    const signedIn = await new Browser().submit(
      `/login?email=${encodeURIComponent(user.email)}`,
      { email: user.email, password: "new-pass-123" },
      "/login",
    );
    expect(signedIn.url).toBe("/design?category=shirt");
  });

  it("answers an e-mail without an account with the same bytes", async () => {
    const user = await createTestUser();
    const answers = [];
    for (const email of [user.email, "nobody-at-all@example.com"]) {
      const body = new FormData();
      body.append("email", email);
      const response = await answerToPost("/forgot-password", body);
      answers.push({
        status: response.status,
        headers: [...response.headers].filter(([name]) => name !== "date"),
        body: await response.text(),
      });
    }
    expect(answers[1]).toEqual(answers[0]);
    // Its mail still comes, and the other is never sent.
    await mailbox.waitFor((received) => received.to.includes(user.email));
    expect(mailbox.mails.some((received) => received.to.includes("nobody-at-all@example.com"))).toBe(false);
  });

  it("with neither SMTP nor LINE, the page says how to reach the shop and offers no form", async () => {
    delete process.env.SMTP_URL;
    const page = await new Browser().open("/forgot-password");
    expect(page.status).toBe(200);
    const text = words(page.html);
    expect(text).toContain("ร้านยังส่งลิงก์ตั้งรหัสผ่านใหม่ทางอีเมลหรือ LINE ไม่ได้ กรุณาติดต่อร้านเพื่อขอตั้งรหัสผ่านใหม่");
    expect(page.html).not.toContain('name="email"');
    expect(links(page.html)).toEqual(
      expect.arrayContaining(["tel:+6600000000", "mailto:lecturer@example.ac.th", "/contact"]),
    );
  });

  it("a link that is no link, or ran out, says so in place of the form; never a 500", async () => {
    const visitor = new Browser();
    for (const token of ["x", "A".repeat(43), "%E0%B8%81".repeat(50), "A".repeat(4000)]) {
      const page = await visitor.open(`/reset-password/${token}`);
      expect(page.status).toBe(404);
      expect(formAlerts(page)).toEqual(["ลิงก์ตั้งรหัสผ่านใหม่นี้ไม่ถูกต้อง กรุณาขอลิงก์ใหม่"]);
    }
    const user = await createTestUser();
    const before = mailbox.mails.length;
    await visitor.submit("/forgot-password", { email: user.email });
    const mail = await mailbox.waitFor(
      (received) => received.to.includes(user.email) && mailbox.mails.indexOf(received) >= before,
    );
    const path = LINK.exec(mail.text)![1]!;
    await db().passwordReset.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await visitor.submit(path, { password: "late-pass-123", confirmPassword: "late-pass-123" });
    expect(expired.status).toBe(409);
    expect(formAlerts(expired)).toEqual(["ลิงก์ตั้งรหัสผ่านใหม่นี้หมดอายุแล้ว (ใช้ได้ 60 นาที) กรุณาขอลิงก์ใหม่"]);
    const stillIn = await new Browser().submit("/login", { email: user.email, password: TEST_PASSWORD });
    expect(stillIn.url).toBe("/design?category=shirt");
  });
});

describe("sign-up keeps redirectTo, without JavaScript", () => {
  it("login's link to sign-up carries it; sign-up leads to the login with the e-mail in; login returns there", async () => {
    const from = "/design?category=shirt&shirt=shirt3";
    const visitor = new Browser();
    const login = await visitor.open(`/login?redirectTo=${encodeURIComponent(from)}`);
    // The form's own link (the header's "สมัครสมาชิก" comes first).
    const signUp = links(login.html).findLast((href) => href.startsWith("/register"));
    expect(signUp).toBe(`/register?redirectTo=${encodeURIComponent(from)}`);
    const register = await visitor.open(signUp!);
    expect(register.html).toContain(`action="/register?redirectTo=${encodeURIComponent(from).replace(/&/g, "&amp;")}"`);
    const email = `sign-up-${Date.now()}@example.com`;
    const registered = await visitor.submit(signUp!, {
      name: "ผู้ใช้ใหม่ ทดสอบ",
      email,
      password: "password-123",
      confirmPassword: "password-123",
      phone: "0812345678",
      dob: "1990-01-01",
    });
    const at = new URL(registered.url, "http://shop.test");
    expect(at.pathname).toBe("/login");
    expect(at.searchParams.get("redirectTo")).toBe(from);
    expect(noticeOn(registered)).toBe("สมัครสมาชิกสำเร็จ กรุณาเข้าสู่ระบบ");
    expect(inputValue(registered.html, "email")).toBe(email);
    const signedIn = await visitor.submit(registered.url, { email, password: "password-123" }, registered.url);
    expect(signedIn.url).toBe(from);
  });
});

function answerToPost(pathname: string, body: FormData): Promise<Response> {
  const headers = { Origin: "http://shop.test", "x-shop-client-address": "198.18.0.1" };
  return answerToRequest(new Request(new URL(pathname, "http://shop.test"), { method: "POST", headers, body }));
}
