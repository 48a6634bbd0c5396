import { beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { db } from "~/data/db.server";
import { createTestUser, signedIn } from "../../support/users";
import { makeDesign, makeOrder } from "../admin/support";
import {
  alertsOn,
  Browser,
  faultLogged,
  headingOn,
  noticeOn,
  noticeRole,
  openShop,
  textsOf,
  whileColumnIsGone,
  whileDatabaseRefuses,
  whileTableIsGone,
  words,
} from "./support";

/*
 * The failures and texts of the customers' and tailors' pages that no other test reads (spec
 * sections 2 and 8), made to happen for real through the built shop, as a browser without
 * JavaScript sees them.
 */

beforeAll(openShop, 240_000);

const countOn = (html: string, testId: string) => textsOf(html, new RegExp(`<p[^>]*data-testid="${testId}"[^>]*>`))[0];

describe("home page", () => {
  it("the counts stay 0 when the information lookup fails, and the page still serves", async () => {
    await createTestUser({ roles: ["merchant"] });
    await createTestUser({ roles: ["user"] });
    const visitor = new Browser();
    const before = await visitor.open("/");
    const counted = {
      merchants: Number(countOn(before.html, "merchant-count")!.split(" ")[0]),
      users: Number(countOn(before.html, "user-count")!.split(" ")[0]),
    };
    expect(counted.merchants).toBeGreaterThan(0);
    expect(counted.users).toBeGreaterThan(0);

    const page = await whileTableIsGone("AccountCount", () => faultLogged(() => visitor.open("/")));
    expect(page.status).toBe(200);
    expect(countOn(page.html, "merchant-count")).toBe("0 คน");
    expect(countOn(page.html, "user-count")).toBe("0 คน");
    // Silent for the visitor (spec section 8: logged only): no notice, no alert.
    expect(noticeOn(page)).toBeNull();
    expect(alertsOn(page)).toEqual([]);
  });
});

describe("/merchant/info (silk shops)", () => {
  it("shops the database cannot read: 'ไม่สามารถโหลดข้อมูลร้านค้าได้'", async () => {
    const page = await whileTableIsGone("Design", () => faultLogged(() => new Browser().open("/merchant/info")));
    // Its message, answered 503: no browser, proxy or app process keeps the page (visitor-pages.server.ts).
    expect(page.status).toBe(503);
    expect(headingOn(page)).toBe("ร้านผ้าไหม");
    expect(alertsOn(page)).toEqual(["ไม่สามารถโหลดข้อมูลร้านค้าได้"]);
  });
});

describe("/profile and /profile/edit", () => {
  it("a profile the database cannot read shows the shop's error page, not a notice (decision 30)", async () => {
    const { cookie } = await signedIn({ name: "สมศรี" });
    const browser = new Browser(cookie);
    const page = await whileColumnIsGone("User", "createdAt", () => faultLogged(() => browser.open("/profile")));
    expect(page.status).toBe(500);
    expect(headingOn(page)).toBe("เกิดข้อผิดพลาด");
    expect(words(page.html)).toContain("เกิดข้อผิดพลาด ขออภัย ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง กลับหน้าแรก");
    expect(noticeOn(page)).toBeNull();
    expect(headingOn(await browser.open("/profile"))).toBe("ข้อมูลส่วนตัว");
  });

  it("a LINE reset the database refuses: 'ไม่สามารถรีเซ็ตการเชื่อมต่อ LINE ได้' at once, and the link stays", async () => {
    // LINE on the profile only once the shop has connected LINE (read on every request).
    vi.stubEnv("LINE_LOGIN_CHANNEL_ID", "1");
    vi.stubEnv("LINE_LOGIN_CHANNEL_SECRET", "s");
    vi.stubEnv("LINE_MESSAGING_ACCESS_TOKEN", "t");
    vi.stubEnv("PUBLIC_BASE_URL", "https://shop.test");
    onTestFinished(() => {
      vi.unstubAllEnvs();
    });
    const { user, cookie } = await signedIn();
    await db().user.update({ where: { id: user.id }, data: { lineUserId: "U0123456789abcdef" } });
    const browser = new Browser(cookie);
    expect(words((await browser.open("/profile/edit")).html)).toContain("บัญชีนี้เชื่อมต่อกับ LINE แล้ว");

    const page = await whileDatabaseRefuses("User", `"lineUserId" IS NOT NULL`, () =>
      faultLogged(() => browser.submit("/profile/edit", { intent: "reset-line" })),
    );
    // The page after the form shows the notice itself (not only the next page).
    expect(page.url).toBe("/profile/edit");
    expect(noticeOn(page)).toBe("ไม่สามารถรีเซ็ตการเชื่อมต่อ LINE ได้");
    expect(noticeRole(page)).toBe("alertdialog");
    // And beside the LINE form, where it stays after the notice has gone (issue 45).
    expect(alertsOn(page)).toEqual(["ไม่สามารถรีเซ็ตการเชื่อมต่อ LINE ได้"]);
    expect(words(page.html)).toContain("บัญชีนี้เชื่อมต่อกับ LINE แล้ว");
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).lineUserId).toBe("U0123456789abcdef");
    // Shown once.
    expect(noticeOn(await browser.open("/profile/edit"))).toBeNull();

    const reset = await browser.submit("/profile/edit", { intent: "reset-line" });
    expect(noticeOn(reset)).toBe("รีเซ็ตการเชื่อมต่อ LINE เรียบร้อย");
    expect(words(reset.html)).toContain("บัญชีนี้ยังไม่ได้เชื่อมต่อกับ LINE");
    expect(reset.html).not.toContain("รีเซ็ตการเชื่อมต่อ LINE</button>");
  });

  it("while the shop has not connected LINE, the profile says nothing of LINE's connection", async () => {
    const { user, cookie } = await signedIn();
    await db().user.update({ where: { id: user.id }, data: { lineUserId: "U0123456789abcdee", lineId: "my.line" } });
    const browser = new Browser(cookie);
    const profile = words((await browser.open("/profile")).html);
    expect(profile).toContain("LINE ID my.line");
    expect(profile).not.toContain("การเชื่อมต่อ LINE");
    expect(profile).not.toContain("ร้านยังไม่ได้เชื่อมต่อ LINE");
    const edit = words((await browser.open("/profile/edit")).html);
    expect(edit).not.toContain("การเชื่อมต่อ LINE");
    expect(edit).not.toContain("ร้านยังไม่ได้เชื่อมต่อ LINE");
  });
});

describe("/login and /register without JavaScript", () => {
  it("a refused login shows the spec's notice on the page that answers, and the message in the form", async () => {
    await createTestUser({ email: "known@example.com" });
    const browser = new Browser();
    const page = await browser.submit("/login", { email: "known@example.com", password: "wrong-password-1" });
    expect(page.status).toBe(401);
    expect(noticeOn(page)).toBe("อีเมลหรือรหัสผ่านไม่ถูกต้อง");
    expect(noticeRole(page)).toBe("alertdialog");
    expect(alertsOn(page)).toEqual(["อีเมลหรือรหัสผ่านไม่ถูกต้อง"]);
    // The form's message is focused as the page opens (in view, read out).
    expect(page.html).toMatch(/<div role="alert" tabindex="-1" autofocus=""/);
    // Shown once: not again on the next page.
    expect(noticeOn(await browser.open("/login"))).toBeNull();
  });

  it("a taken e-mail at sign-up: the notice, the message beside the field, and that field focused", async () => {
    await createTestUser({ email: "taken@example.com" });
    const browser = new Browser();
    const page = await browser.submit("/register", {
      name: "ผู้ใช้ใหม่",
      email: "taken@example.com",
      password: "password-123",
      confirmPassword: "password-123",
      phone: "0812345678",
      dob: "1990-01-01",
    });
    expect(noticeOn(page)).toBe("อีเมลนี้มีผู้ใช้แล้ว");
    expect(noticeRole(page)).toBe("alertdialog");
    expect(textsOf(page.html, /<ul[^>]*id="[^"]*email-error"[^>]*>/)).toEqual(["อีเมลนี้มีผู้ใช้แล้ว"]);
    expect(page.html).toMatch(/<input[^>]*autofocus=""[^>]*name="email"|<input[^>]*name="email"[^>]*autofocus=""/);
    expect((page.html.match(/autofocus=""/g) ?? []).length).toBe(1);
    expect(noticeOn(await browser.open("/register"))).toBeNull();
  });

  it("a form the rules refuse: no notice, every message at once (the password mismatch too)", async () => {
    const page = await new Browser().submit("/register", {
      name: "",
      email: "new@example.com",
      password: "password-123",
      confirmPassword: "password-124",
      phone: "",
      dob: "",
    });
    expect(page.status).toBe(400);
    expect(noticeOn(page)).toBeNull();
    const messages = textsOf(page.html, /<ul[^>]*id="[^"]*-error"[^>]*>/);
    expect(messages).toEqual(["กรุณากรอกชื่อ-นามสกุล", "รหัสผ่านไม่ตรงกัน", "กรุณากรอกเบอร์โทรศัพท์", "กรุณาเลือกวันเกิด"]);
    // The first of them, the name, is focused as the page opens.
    expect(page.html).toMatch(/<input[^>]*name="name"[^>]*autofocus=""|<input[^>]*autofocus=""[^>]*name="name"/);
  });
});

/** A customer's order with a signed-in tailor, and that tailor's browser without JavaScript. */
async function tailorsOrder(status: "ordered" | "accepted") {
  const { user: tailor, cookie } = await signedIn({ roles: ["merchant"] });
  const buyer = await createTestUser();
  const order = await makeOrder({
    buyerId: buyer.id,
    sellerId: tailor.id,
    designId: (await makeDesign({ ownerId: buyer.id })).id,
    status,
  });
  return { order, browser: new Browser(cookie) };
}

describe("/merchant/order/{id}", () => {
  it("an order the database cannot read: 'เกิดข้อผิดพลาดในการโหลดข้อมูลคำสั่งซื้อ'", async () => {
    const { order, browser } = await tailorsOrder("ordered");
    const page = await whileTableIsGone("Order", () => faultLogged(() => browser.open(`/merchant/order/${order.id}`)));
    expect(page.status).toBe(500);
    expect(headingOn(page)).toBe("เกิดข้อผิดพลาดในการโหลดข้อมูลคำสั่งซื้อ");
    expect(words(page.html)).toContain("ข้อผิดพลาด 500 เกิดข้อผิดพลาดในการโหลดข้อมูลคำสั่งซื้อ กลับไปคำสั่งตัดเสื้อ");
    expect(headingOn(await browser.open(`/merchant/order/${order.id}`))).not.toBe("เกิดข้อผิดพลาดในการโหลดข้อมูลคำสั่งซื้อ");
  });
});

describe("the tailor's delivery form without JavaScript", () => {
  /** The options of the page's carrier list that are drawn selected. */
  const selectedCarriers = (html: string) =>
    [...(/<select[^>]*name="carrier"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? "").matchAll(/<option[^>]*>/g)]
      .filter((option) => /\sselected=""/.test(option[0]))
      .map((option) => /value="([^"]*)"/.exec(option[0])?.[1]);
  const checkedMethods = (html: string) =>
    [...html.matchAll(/<input[^>]*name="method"[^>]*>/g)]
      .filter((input) => /\schecked=""/.test(input[0]))
      .map((input) => /value="([^"]*)"/.exec(input[0])?.[1]);

  it("a refused delivery comes back with the carrier and method the tailor chose, not the defaults", async () => {
    const { order, browser } = await tailorsOrder("accepted");
    const path = `/merchant/order/${order.id}`;
    const drawn = await browser.open(path);
    expect(selectedCarriers(drawn.html)).toEqual(["thailand_post"]);
    expect(checkedMethods(drawn.html)).toEqual(["carrier"]);

    const refused = await browser.submit(path, {
      intent: "delivery",
      method: "carrier",
      carrier: "kerry",
      trackingNumber: "x",
    });
    expect(refused.status).toBe(400);
    expect(/<input[^>]*name="trackingNumber"[^>]*>/.exec(refused.html)?.[0]).toContain('aria-invalid="true"');
    expect(selectedCarriers(refused.html)).toEqual(["kerry"]);
    expect(checkedMethods(refused.html)).toEqual(["carrier"]);
    expect(await db().orderDelivery.count({ where: { orderId: order.id } })).toBe(0);
  });
});

describe("/user/orders", () => {
  it("shows each order's date as a Thai long date and its tailor's phone", async () => {
    const { user: buyer, cookie } = await signedIn();
    const withPhone = await createTestUser({ roles: ["merchant"], shopName: "ร้านผ้าไหมแม่บัว", phone: "0891234567" });
    const withoutPhone = await createTestUser({ roles: ["merchant"], shopName: "ร้านไม่มีเบอร์" });
    await db().user.update({ where: { id: withoutPhone.id }, data: { phone: null } });
    const design = await makeDesign({ ownerId: buyer.id });
    // Placed just after midnight in Bangkok (still the 21st in UTC), created two days before.
    const first = await makeOrder({
      buyerId: buyer.id,
      sellerId: withPhone.id,
      designId: design.id,
      status: "accepted",
      createdAt: new Date("2026-11-20T03:00:00Z"),
      orderedAt: new Date("2026-11-21T17:30:00Z"),
    });
    const second = await makeOrder({
      buyerId: buyer.id,
      sellerId: withoutPhone.id,
      designId: design.id,
      status: "ordered",
      orderedAt: new Date("2027-01-02T03:00:00Z"),
    });

    const page = await new Browser(cookie).open("/user/orders");
    const rows = (id: number) => {
      const item = new RegExp(`<li[^>]*aria-labelledby="order-${id}"[^>]*>([\\s\\S]*?)</li>`).exec(page.html)![1]!;
      return new Map(
        [...item.matchAll(/<dt[^>]*>([\s\S]*?)<\/dt>\s*<dd[^>]*>([\s\S]*?)<\/dd>/g)].map(([, label, value]) => [
          words(label!).replace(/:$/, ""),
          words(value!),
        ]),
      );
    };
    expect(rows(first.id).get("วันที่สั่ง")).toBe("22 พฤศจิกายน 2569");
    expect(rows(first.id).get("ช่างตัด")).toBe("ร้านผ้าไหมแม่บัว โทร 0891234567");
    expect(rows(second.id).get("วันที่สั่ง")).toBe("2 มกราคม 2570");
    expect(rows(second.id).get("ช่างตัด")).toBe("ร้านไม่มีเบอร์");
  });
});
