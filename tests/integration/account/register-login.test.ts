import { describe, expect, it } from "vitest";
import { getSessionUser } from "~/auth/session.server";
import { db } from "~/data/db.server";
import { action as loginAction, loader as loginLoader } from "~/routes/account/login";
import { action as registerAction, loader as registerLoader } from "~/routes/account/register";
import { callRoute, locationOf, noticeOf, statusOf } from "../../support/requests";
import { createTestUser, sessionCookieFor, TEST_PASSWORD } from "../../support/users";

const valid = {
  email: "New.Person@Example.com",
  password: "goodpass1",
  confirmPassword: "goodpass1",
  name: "สมหญิง ใจดี",
  phone: "0891234567",
  dob: "1995-05-05",
  address: "",
  lineId: "",
  facebookName: "",
};

function fieldErrors(result: unknown): Record<string, string[]> {
  const reply = (result as { data: { result: { error?: Record<string, string[]> } } }).data.result;
  return reply.error ?? {};
}

async function register(form: Record<string, string>) {
  return callRoute(registerAction, "/register", { form });
}

describe("registration", () => {
  it.each([
    ["email", "", "กรุณากรอกอีเมล"],
    ["email", "not-an-email", "รูปแบบอีเมลไม่ถูกต้อง"],
    ["password", "", "กรุณากรอกรหัสผ่าน"],
    ["password", "short1", "รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร"],
    ["confirmPassword", "", "กรุณายืนยันรหัสผ่าน"],
    ["name", "  ", "กรุณากรอกชื่อ-นามสกุล"],
    ["phone", "", "กรุณากรอกเบอร์โทรศัพท์"],
    ["phone", "08123", "กรุณากรอกเบอร์โทรศัพท์ให้ถูกต้อง 10 หลัก"],
    ["phone", "08123456789", "กรุณากรอกเบอร์โทรศัพท์ให้ถูกต้อง 10 หลัก"],
    ["dob", "", "กรุณาเลือกวันเกิด"],
    ["dob", "2999-01-01", "วันเกิดต้องไม่เป็นวันที่ในอนาคต"],
  ])("refuses %s = %j with '%s' and creates nobody", async (field, value, message) => {
    const result = await register({ ...valid, [field]: value });
    expect(statusOf(result)).toBe(400);
    expect(fieldErrors(result)[field]).toContain(message);
    expect(await db().user.count()).toBe(0);
  });

  it("refuses a confirmation that differs", async () => {
    const result = await register({ ...valid, confirmPassword: "goodpass2" });
    expect(fieldErrors(result).confirmPassword).toContain("รหัสผ่านไม่ตรงกัน");
    expect(await db().user.count()).toBe(0);
  });

  it("creates a customer, then sends them to /login with the notice; the e-mail is kept in lower case", async () => {
    const result = await register(valid);
    // The login form opens with their e-mail filled in.
    expect(locationOf(result)).toBe("/login?email=new.person%40example.com");
    expect(await noticeOf(result)).toEqual({ type: "success", message: "สมัครสมาชิกสำเร็จ กรุณาเข้าสู่ระบบ" });
    const user = await db().user.findUniqueOrThrow({ where: { email: "new.person@example.com" } });
    expect(user.roles).toEqual(["user"]);
    expect(user.status).toBe("active");
    expect(user.passwordHash).not.toContain("goodpass1");
    expect(user.address).toBeNull();
  });

  it("refuses an e-mail already used, in any letter case, with 'อีเมลนี้มีผู้ใช้แล้ว'", async () => {
    await register(valid);
    const result = await register({ ...valid, email: "NEW.PERSON@example.COM" });
    expect(statusOf(result)).toBe(409);
    expect(fieldErrors(result).email).toContain("อีเมลนี้มีผู้ใช้แล้ว");
    expect(await db().user.count()).toBe(1);
  });
});

describe("sign-up keeps where the visitor was going (redirectTo)", () => {
  const from = "/design?category=shirt&shirt=shirt2&size=M";

  it("carries redirectTo from the login page's link through sign-up to the login form, and login returns there", async () => {
    const loginPage = (await callRoute(loginLoader, `/login?redirectTo=${encodeURIComponent(from)}`)) as {
      redirectTo: string | null;
    };
    expect(loginPage.redirectTo).toBe(from);
    const registerPage = (await callRoute(registerLoader, `/register?redirectTo=${encodeURIComponent(from)}`)) as {
      redirectTo: string | null;
    };
    expect(registerPage.redirectTo).toBe(from);

    const registered = await callRoute(registerAction, `/register?redirectTo=${encodeURIComponent(from)}`, {
      form: { ...valid, email: "Designer.Visitor@Example.com" },
    });
    const next = new URL(locationOf(registered)!, "http://shop.test");
    expect(next.pathname).toBe("/login");
    expect(next.searchParams.get("email")).toBe("designer.visitor@example.com");
    expect(next.searchParams.get("redirectTo")).toBe(from);
    expect(await noticeOf(registered)).toEqual({ type: "success", message: "สมัครสมาชิกสำเร็จ กรุณาเข้าสู่ระบบ" });

    // The login form shows the e-mail; logging in returns to the page the visitor started on.
    const shown = (await callRoute(loginLoader, next.pathname + next.search)) as { email: string; redirectTo: string };
    expect(shown).toMatchObject({ email: "designer.visitor@example.com", redirectTo: from });
    const loggedIn = await callRoute(loginAction, next.pathname + next.search, {
      form: { email: shown.email, password: valid.password },
    });
    expect(locationOf(loggedIn)).toBe(from);
  });

  it.each(["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"])(
    "drops a redirectTo that is not a path on this site (%s)",
    async (target) => {
      const query = `?redirectTo=${encodeURIComponent(target)}`;
      expect(((await callRoute(registerLoader, `/register${query}`)) as { redirectTo: unknown }).redirectTo).toBeNull();
      expect(((await callRoute(loginLoader, `/login${query}`)) as { redirectTo: unknown }).redirectTo).toBeNull();
      const registered = await callRoute(registerAction, `/register${query}`, {
        form: {
          ...valid,
          email: `drop-${encodeURIComponent(target).length}-${Math.random()}@example.com`.toLowerCase(),
        },
      });
      const next = new URL(locationOf(registered)!, "http://shop.test");
      expect(next.pathname).toBe("/login");
      expect(next.searchParams.has("redirectTo")).toBe(false);
    },
  );

  it("fills in only an e-mail of a sensible length", async () => {
    const long = `${"a".repeat(300)}@example.com`;
    expect(((await callRoute(loginLoader, `/login?email=${long}`)) as { email: string }).email).toBe("");
    expect(((await callRoute(loginLoader, "/login")) as { email: string }).email).toBe("");
  });
});

async function login(email: string, password = TEST_PASSWORD, query = "", headers: Record<string, string> = {}) {
  return callRoute(loginAction, `/login${query}`, { form: { email, password }, headers });
}

describe("login", () => {
  it.each([
    [["user"], "/design?category=shirt"],
    [["merchant"], "/merchant"],
    [["admin"], "/admin"],
    [["user", "merchant"], "/merchant"],
    [["merchant", "admin"], "/admin"],
    [["user", "merchant", "admin"], "/admin"],
  ] as const)("lands roles %j on %s with 'เข้าสู่ระบบสำเร็จ' and a working session", async (roles, landing) => {
    const user = await createTestUser({ roles: [...roles] });
    const result = await login(user.email.toUpperCase());
    expect(locationOf(result)).toBe(landing);
    expect(await noticeOf(result)).toEqual({ type: "success", message: "เข้าสู่ระบบสำเร็จ" });
    const cookie = (result as Response).headers.getSetCookie().find((c) => c.startsWith("shop_session="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const sessionUser = await getSessionUser(
      new Request("http://shop.test/", { headers: { Cookie: cookie.split(";")[0]! } }),
    );
    expect(sessionUser?.id).toBe(user.id);
  });

  it("returns to the page that asked for a login, but never to another site", async () => {
    const user = await createTestUser();
    expect(locationOf(await login(user.email, TEST_PASSWORD, "?redirectTo=%2Fcart"))).toBe("/cart");
    expect(locationOf(await login(user.email, TEST_PASSWORD, "?redirectTo=%2F%2Fevil.example"))).toBe(
      "/design?category=shirt",
    );
    expect(locationOf(await login(user.email, TEST_PASSWORD, "?redirectTo=https%3A%2F%2Fevil.example"))).toBe(
      "/design?category=shirt",
    );
  });

  it("refuses a wrong password or unknown e-mail with 'อีเมลหรือรหัสผ่านไม่ถูกต้อง'", async () => {
    const user = await createTestUser();
    for (const [email, password] of [
      [user.email, "wrong-password"],
      ["nobody@example.com", TEST_PASSWORD],
    ] as const) {
      const result = await login(email, password);
      expect(statusOf(result)).toBe(401);
      const reply = (result as { data: { result: { error: Record<string, string[]> } } }).data.result;
      expect(reply.error[""]).toContain("อีเมลหรือรหัสผ่านไม่ถูกต้อง");
    }
    expect(await db().session.count({ where: { userId: user.id } })).toBe(0);
  });

  it("validates the form with the shared rules", async () => {
    const result = await login("bad", "short");
    expect(statusOf(result)).toBe(400);
    expect(fieldErrors(result).email).toContain("รูปแบบอีเมลไม่ถูกต้อง");
    expect(fieldErrors(result).password).toContain("รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร");
  });

  it.each([
    ["inactive", "บัญชีนี้ถูกระงับการใช้งาน กรุณาติดต่อผู้ดูแลระบบ"],
    ["pending", "บัญชีนี้กำลังรอการอนุมัติจากผู้ดูแลระบบ"],
  ] as const)("refuses a %s account with a clear message", async (status, message) => {
    const user = await createTestUser({ status });
    const result = await login(user.email);
    expect(statusOf(result)).toBe(403);
    expect(JSON.stringify(result)).toContain(message);
    expect(await db().session.count({ where: { userId: user.id } })).toBe(0);
  });

  it("slows down guessing: after 5 failures for one e-mail from one address even the right password waits there", async () => {
    const user = await createTestUser();
    const guesser = { "x-shop-client-address": "10.0.0.1" };
    for (let i = 0; i < 5; i++) expect(statusOf(await login(user.email, "wrong-password", "", guesser))).toBe(401);
    const blocked = await login(user.email, TEST_PASSWORD, "", guesser);
    expect(statusOf(blocked)).toBe(429);
    expect(JSON.stringify(blocked)).toContain("เข้าสู่ระบบไม่สำเร็จหลายครั้งเกินไป");
    // Another account is not affected.
    const other = await createTestUser();
    expect(locationOf(await login(other.email))).toBe("/design?category=shirt");
  });

  // The other limits (the e-mail's ceiling, the address's) are in login-throttle.test.ts.

  it("sends someone already signed in on to their page", async () => {
    const user = await createTestUser({ roles: ["merchant"] });
    const cookie = await sessionCookieFor(user.id);
    expect(locationOf(await callRoute(loginLoader, "/login", { cookie }))).toBe("/merchant");
  });
});
