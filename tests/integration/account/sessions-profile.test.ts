import { describe, expect, it } from "vitest";
import { getSessionUser } from "~/auth/session.server";
import { db } from "~/data/db.server";
import { endAllSessionsOf } from "~/domain/users/sessions.server";
import { action as lineResetApi } from "~/routes/account/api.line-reset";
import { action as loginApi } from "~/routes/account/api.login";
import { action as logoutApi } from "~/routes/account/api.logout";
import { loader as profileApi, action as profileApiAction } from "~/routes/account/api.profile";
import { action as registerApi } from "~/routes/account/api.register";
import { action as logoutAction } from "~/routes/account/logout";
import { loader as profileLoader } from "~/routes/account/profile";
import { action as profileEditAction } from "~/routes/account/profile-edit";
import { callRoute, locationOf, noticeOf, statusOf } from "../../support/requests";
import { createTestUser, signedIn, TEST_PASSWORD } from "../../support/users";

const whoIs = (cookie: string) => getSessionUser(new Request("http://shop.test/", { headers: { Cookie: cookie } }));

describe("sessions", () => {
  it("logging out deletes the session: the old cookie no longer works", async () => {
    const { user, cookie } = await signedIn();
    expect((await whoIs(cookie))?.id).toBe(user.id);
    const result = await callRoute(logoutAction, "/logout", { method: "POST", cookie });
    expect(locationOf(result)).toBe("/login");
    expect(await noticeOf(result)).toEqual({ type: "success", message: "ออกจากระบบเรียบร้อยแล้ว" });
    expect(await db().session.count({ where: { userId: user.id } })).toBe(0);
    expect(await whoIs(cookie)).toBeNull();
  });

  it("deactivating an account ends its sessions at once, on every browser", async () => {
    const { user, cookie } = await signedIn();
    const { cookie: second } = { cookie: (await signedIn()).cookie };
    await db().user.update({ where: { id: user.id }, data: { status: "inactive" } });
    // Even before the rows are deleted, an inactive account's cookie is worth nothing.
    expect(await whoIs(cookie)).toBeNull();
    await endAllSessionsOf(user.id);
    expect(await db().session.count({ where: { userId: user.id } })).toBe(0);
    expect(await whoIs(second)).not.toBeNull();
  });

  it("a forged or tampered cookie signs nobody in", async () => {
    const { cookie } = await signedIn();
    const [name, value] = cookie.split("=") as [string, string];
    expect(await whoIs(`${name}=${value.slice(0, -3)}abc`)).toBeNull();
    expect(await whoIs(`${name}=made-up-session-id`)).toBeNull();
  });
});

describe("profile", () => {
  it("needs a signed-in person: visitors go to /login with 'กรุณาเข้าสู่ระบบ' and come back after", async () => {
    const result = await callRoute(profileLoader, "/profile");
    expect(locationOf(result)).toBe("/login?redirectTo=%2Fprofile");
    expect(await noticeOf(result)).toEqual({ type: "info", message: "กรุณาเข้าสู่ระบบ" });
  });

  it("saves the edit form with 'บันทึกข้อมูลเรียบร้อย' and goes to /profile", async () => {
    const { user, cookie } = await signedIn();
    const form = {
      intent: "save",
      email: "Changed@Example.com",
      name: "ชื่อใหม่",
      phone: "0899999999",
      dob: "1991-02-03",
      gender: "FEMALE",
      address: "ที่อยู่ใหม่",
      lineId: "line-new",
      facebookName: "",
    };
    const result = await callRoute(profileEditAction, "/profile/edit", { cookie, form });
    expect(locationOf(result)).toBe("/profile");
    expect(await noticeOf(result)).toEqual({ type: "success", message: "บันทึกข้อมูลเรียบร้อย" });
    const saved = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(saved).toMatchObject({
      email: "changed@example.com",
      name: "ชื่อใหม่",
      phone: "0899999999",
      gender: "FEMALE",
      address: "ที่อยู่ใหม่",
      lineId: "line-new",
      facebookName: null,
    });
    expect(saved.dob?.toISOString().slice(0, 10)).toBe("1991-02-03");
  });

  it.each(["email", "name", "phone", "dob"])("requires %s and changes nothing without it", async (field) => {
    const { user, cookie } = await signedIn();
    const form: Record<string, string> = {
      intent: "save",
      email: user.email,
      name: "ชื่อ",
      phone: "0811111111",
      dob: "1990-01-01",
    };
    form[field] = "";
    const result = await callRoute(profileEditAction, "/profile/edit", { cookie, form });
    expect(statusOf(result)).toBe(400);
    expect(await db().user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      name: user.name,
      email: user.email,
    });
  });

  it("refuses an e-mail another account uses, with a notice and nothing saved", async () => {
    const other = await createTestUser();
    const { user, cookie } = await signedIn();
    // As the page sends it with JavaScript (React Router's .data request): the notice rides the flash
    // cookie. Without JavaScript it shows on the answering page (tests/integration/notices).
    const result = await callRoute(profileEditAction, "/profile/edit.data", {
      cookie,
      form: { intent: "save", email: other.email, name: "x", phone: "0811111111", dob: "1990-01-01" },
    });
    expect(statusOf(result)).toBe(409);
    expect(await noticeOf(result)).toEqual({ type: "error", message: "อีเมลนี้มีผู้ใช้แล้ว" });
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
  });

  it("resets the LINE link with its notice", async () => {
    const { user, cookie } = await signedIn();
    await db().user.update({ where: { id: user.id }, data: { lineUserId: "U1234567890" } });
    const result = await callRoute(profileEditAction, "/profile/edit", { cookie, form: { intent: "reset-line" } });
    expect(await noticeOf(result)).toEqual({ type: "success", message: "รีเซ็ตการเชื่อมต่อ LINE เรียบร้อย" });
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).lineUserId).toBeNull();
  });
});

describe("account JSON calls", () => {
  const json = async (result: unknown) => (result as Response).json();

  it("register, log in, read and change the profile, reset LINE, log out", async () => {
    const registered = await callRoute(registerApi, "/api/auth/register", {
      json: {
        email: "api@example.com",
        password: "apipass12",
        confirmPassword: "apipass12",
        name: "เอพีไอ",
        phone: "0800000000",
        dob: "2000-01-01",
      },
    });
    expect(statusOf(registered)).toBe(201);
    const again = await callRoute(registerApi, "/api/auth/register", {
      json: {
        email: "API@example.com",
        password: "apipass12",
        confirmPassword: "apipass12",
        name: "เอพีไอ",
        phone: "0800000000",
        dob: "2000-01-01",
      },
    });
    expect(statusOf(again)).toBe(409);
    expect(await json(again)).toEqual({ error: "อีเมลนี้มีผู้ใช้แล้ว" });

    const loggedIn = (await callRoute(loginApi, "/api/auth/login", {
      json: { email: "api@example.com", password: "apipass12" },
    })) as Response;
    expect(loggedIn.status).toBe(200);
    const body = await loggedIn.json();
    expect(body.user).toMatchObject({ email: "api@example.com", roles: ["user"] });
    const cookie = loggedIn.headers.getSetCookie()[0]!.split(";")[0]!;

    const profile = await json(await callRoute(profileApi, "/api/user/profile", { cookie }));
    expect(profile).toMatchObject({ email: "api@example.com", name: "เอพีไอ", dob: "2000-01-01", lineLinked: false });
    expect(profile.passwordHash).toBeUndefined();

    const saved = await callRoute(profileApiAction, "/api/user/profile", {
      method: "PUT",
      cookie,
      json: { email: "api@example.com", name: "ใหม่", phone: "0800000001", dob: "2000-01-02" },
    });
    expect(statusOf(saved)).toBe(200);
    expect(await json(saved)).toMatchObject({ name: "ใหม่", phone: "0800000001" });

    const bad = await callRoute(profileApiAction, "/api/user/profile", {
      method: "PUT",
      cookie,
      json: { email: "api@example.com", name: "", phone: "1", dob: "x" },
    });
    expect(statusOf(bad)).toBe(400);
    expect((await json(bad)).error).toBeTruthy();

    expect(statusOf(await callRoute(lineResetApi, "/api/user/line/reset", { method: "POST", cookie }))).toBe(200);
    expect(statusOf(await callRoute(logoutApi, "/api/auth/logout", { method: "POST", cookie }))).toBe(200);
    const afterLogout = await callRoute(profileApi, "/api/user/profile", { cookie });
    expect(statusOf(afterLogout)).toBe(401);
    expect(await json(afterLogout)).toEqual({ error: "กรุณาเข้าสู่ระบบ" });
  });

  it("answers bad JSON and wrong logins with a Thai error, never a 500", async () => {
    const malformed = await callRoute(loginApi, "/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      json: undefined,
    });
    expect(statusOf(malformed)).toBe(400);
    const user = await createTestUser({ status: "inactive" });
    const inactive = await callRoute(loginApi, "/api/auth/login", {
      json: { email: user.email, password: TEST_PASSWORD },
    });
    expect(statusOf(inactive)).toBe(403);
    const wrong = await callRoute(loginApi, "/api/auth/login", {
      json: { email: user.email, password: "not-the-password" },
    });
    expect(statusOf(wrong)).toBe(401);
    expect(await json(wrong)).toEqual({ error: "อีเมลหรือรหัสผ่านไม่ถูกต้อง" });
    expect(statusOf(await callRoute(profileApi, "/api/user/profile"))).toBe(401);
  });
});
