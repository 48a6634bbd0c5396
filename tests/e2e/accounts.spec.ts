import type { Locator, Page, Request } from "@playwright/test";
import { DEMO, loginAs, signIn } from "./support/auth";
import { expect, newCustomer, test } from "./support/fixtures";
import { PHONE, screenshotBoth, shotOfWindow } from "./support/screens";

const notice = (page: Page) => page.getByTestId("notice");
const mainMenu = (page: Page) => page.getByRole("navigation", { name: "เมนูหลัก", exact: true });

test("a visitor registers, logs in, edits the profile and logs out", async ({ page, shop }, testInfo) => {
  test.setTimeout(120_000);
  const email = `e2e-${shop.unique()}@example.com`;
  await page.goto("/register");
  await screenshotBoth(page, testInfo, "register");

  // Mistakes are explained in Thai, field by field.
  await page.getByLabel("อีเมล").fill("not-an-email");
  await page.getByLabel("รหัสผ่าน", { exact: true }).fill("short");
  await page.getByLabel("ยืนยันรหัสผ่าน").fill("different");
  await page.getByLabel("เบอร์โทรศัพท์").fill("123");
  await page.getByRole("button", { name: "สมัครสมาชิก" }).click();
  await expect(page.getByText("รูปแบบอีเมลไม่ถูกต้อง")).toBeVisible();
  await expect(page.getByText("รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร")).toBeVisible();
  await expect(page.getByText("กรุณากรอกชื่อ-นามสกุล")).toBeVisible();
  await expect(page.getByText("กรุณากรอกเบอร์โทรศัพท์ให้ถูกต้อง 10 หลัก")).toBeVisible();
  await expect(page.getByText("กรุณาเลือกวันเกิด")).toBeVisible();

  await page.getByLabel("ชื่อ-นามสกุล").fill("ทดสอบ สมัครใหม่");
  await page.getByLabel("อีเมล").fill(email);
  await page.getByLabel("รหัสผ่าน", { exact: true }).fill("newpass123");
  await page.getByLabel("ยืนยันรหัสผ่าน").fill("newpass123");
  await page.getByLabel("เบอร์โทรศัพท์").fill("0812345678");
  await page.getByLabel("วันเกิด").fill("1990-04-13");
  await page.getByRole("button", { name: "สมัครสมาชิก" }).click();
  // The login page has the new e-mail already (the spec sends a new account to /login).
  await expect(page).toHaveURL(/\/login\?email=/);
  await expect(page.getByLabel("อีเมล")).toHaveValue(email);
  await expect(notice(page)).toHaveText("สมัครสมาชิกสำเร็จ กรุณาเข้าสู่ระบบ");

  await loginAs(page, email, "newpass123");
  await expect(page).toHaveURL(/\/design\?category=shirt/);
  await expect(notice(page)).toHaveText("เข้าสู่ระบบสำเร็จ");

  await page.goto("/profile");
  await expect(page.locator("main").getByText("ทดสอบ สมัครใหม่")).toBeVisible();
  // This run's shop has not connected LINE: nothing about a LINE connection (tests/e2e/line*.spec.ts).
  await expect(page.locator("dt").getByText("การเชื่อมต่อ LINE", { exact: true })).toHaveCount(0);
  await screenshotBoth(page, testInfo, "profile");
  await page.getByRole("link", { name: "แก้ไขข้อมูล" }).click();
  await expect(page).toHaveURL(/\/profile\/edit$/);
  await page.getByLabel("ชื่อ-นามสกุล").fill("ทดสอบ แก้ชื่อแล้ว");
  await page.getByLabel("ที่อยู่สำหรับจัดส่ง").fill("99 หมู่ 9 ตำบลทดสอบ");
  await screenshotBoth(page, testInfo, "profile-edit");
  await page.getByRole("button", { name: "บันทึก", exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(notice(page)).toHaveText("บันทึกข้อมูลเรียบร้อย");
  await expect(page.locator("main").getByText("ทดสอบ แก้ชื่อแล้ว")).toBeVisible();
  await expect(page.getByText("99 หมู่ 9 ตำบลทดสอบ")).toBeVisible();

  // Log out from the account menu.
  await page.locator("summary").filter({ hasText: "เมนูบัญชี" }).click();
  await page.getByRole("button", { name: "ออกจากระบบ" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(notice(page)).toHaveText("ออกจากระบบเรียบร้อยแล้ว");
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile/);
  await expect(notice(page)).toHaveText("กรุณาเข้าสู่ระบบ");
});

test("a browser that signed in before signs in past strangers' guesses; its device cookie goes to the login form only", async ({
  page,
  shop,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const customer = await newCustomer(shop);
  await loginAs(page, customer.email, customer.password);
  await page.locator("summary").filter({ hasText: "เมนูบัญชี" }).click();
  await page.getByRole("button", { name: "ออกจากระบบ" }).click();
  await expect(notice(page)).toHaveText("ออกจากระบบเรียบร้อยแล้ว");

  // Signed out, the browser keeps its device cookie (one per login door) and sends no cookie with
  // the shop's other pages, so they stay the visitors' shared pages.
  const paths = (await page.context().cookies()).filter((cookie) => cookie.name === "shop_device");
  expect(paths.map((cookie) => cookie.path).sort()).toEqual(["/api/auth/login", "/login", "/login.data"]);
  const visit = page.waitForRequest((request) => new URL(request.url()).pathname === "/contact");
  await page.goto("/contact");
  expect(await (await visit).headerValue("cookie")).toBeNull();

  // A stranger spends the e-mail's tries from the same address.
  const stranger = await shop.client();
  for (let i = 0; i < 5; i++) {
    const guess = await stranger.post("/api/auth/login", { data: { email: customer.email, password: "wrong-1234" } });
    expect(guess.status()).toBe(401);
  }

  // The owner's browser signs in all the same: the form's submission (/login without JavaScript,
  // /login.data with it) carries the device cookie.
  const submission = testInfo.project.use.javaScriptEnabled ? "/login.data" : "/login";
  const submitted = page.waitForRequest(
    (request: Request) => request.method() === "POST" && new URL(request.url()).pathname === submission,
  );
  await loginAs(page, customer.email, customer.password);
  await expect(notice(page)).toHaveText("เข้าสู่ระบบสำเร็จ");
  expect(await (await submitted).headerValue("cookie")).toMatch(/(^|; )shop_device=/);

  // A new browser waits, and is told how long.
  const fresh = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    locale: "th-TH",
    timezoneId: "Asia/Bangkok",
  });
  const other = await fresh.newPage();
  await other.goto("/login");
  await other.getByLabel("อีเมล").fill(customer.email);
  await other.getByLabel("รหัสผ่าน", { exact: true }).fill(customer.password);
  await other.getByRole("button", { name: "เข้าสู่ระบบ" }).click();
  await expect(notice(other)).toHaveText(/^เข้าสู่ระบบไม่สำเร็จหลายครั้งเกินไป กรุณารอ 1?\d นาทีแล้วลองใหม่$/);
  await expect(other).toHaveURL(/\/login$/);
  await fresh.close();
});

test("each role sees its own menu", async ({ page }) => {
  const menus = {
    // The cart's item also counts its lines (the demo customer has some).
    [DEMO.user]: ["ออกแบบเสื้อ", "ร้านผ้าไหม", /^ตะกร้าสินค้า\d+ รายการ$/, "สถานะคำสั่งซื้อ", "ติดต่อเรา"],
    [DEMO.tailor1]: ["คำสั่งตัดเสื้อ", "สถิติคำสั่งซื้อ", "แบบเสื้อยอดนิยม", "ราคาลวดลาย", "ร้านของฉัน", "ติดต่อเรา"],
    [DEMO.admin]: ["แดชบอร์ด", "จัดการผู้ใช้", "จัดการแบบเสื้อ", "จัดการคำสั่งซื้อ", "ปัญหาคำสั่งซื้อ", "ติดต่อเรา"],
  };
  for (const [email, labels] of Object.entries(menus)) {
    await page.context().clearCookies();
    await signIn(page, email);
    await page.goto("/contact");
    await expect(mainMenu(page).getByRole("link")).toHaveText(labels);
    await expect(mainMenu(page).getByRole("link", { name: "ติดต่อเรา" })).toHaveAttribute("aria-current", "page");
  }
  // Below a section's home (the tailor's /merchant), only the page's own item is current.
  await page.context().clearCookies();
  await signIn(page, DEMO.tailor1);
  await page.goto("/merchant/statistics");
  await expect(mainMenu(page).locator("[aria-current=page]")).toHaveText(["สถิติคำสั่งซื้อ"]);
});

test("a wrong password and a suspended account are refused in Thai", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("อีเมล").fill(DEMO.user);
  await page.getByLabel("รหัสผ่าน", { exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "เข้าสู่ระบบ" }).click();
  // The spec's notice (section 8), and the message kept in the form.
  await expect(notice(page)).toHaveText("อีเมลหรือรหัสผ่านไม่ถูกต้อง");
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "อีเมลหรือรหัสผ่านไม่ถูกต้อง" })).toBeVisible();
  await expect(notice(page)).toBeHidden({ timeout: 4000 });
  await page.getByLabel("อีเมล").fill("inactive@example.com");
  await page.getByLabel("รหัสผ่าน", { exact: true }).fill("demo1234");
  await page.getByRole("button", { name: "เข้าสู่ระบบ" }).click();
  await expect(notice(page)).toContainText("บัญชีนี้ถูกระงับการใช้งาน");
  await expect(page.getByRole("alert").filter({ hasText: "บัญชีนี้ถูกระงับการใช้งาน" })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

/** The element's box lies below the sticky header and inside the window. */
async function expectInViewBelowHeader(page: Page, target: Locator) {
  const header = (await page.locator("body > header").boundingBox())!;
  const box = (await target.boundingBox())!;
  const height = page.viewportSize()!.height;
  expect(box.y, "below the sticky header").toBeGreaterThanOrEqual(header.y + header.height);
  expect(box.y + box.height, "inside the window").toBeLessThanOrEqual(height);
}

test("a taken e-mail at sign-up on a phone: the notice, the message beside the field, both in view", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto("/register");
  await page.getByLabel("ชื่อ-นามสกุล").fill("ผู้ใช้ซ้ำ");
  await page.getByLabel("อีเมล").fill(DEMO.user);
  await page.getByLabel("รหัสผ่าน", { exact: true }).fill("newpass123");
  await page.getByLabel("ยืนยันรหัสผ่าน").fill("newpass123");
  await page.getByLabel("เบอร์โทรศัพท์").fill("0812345678");
  await page.getByLabel("วันเกิด").fill("1990-04-13");
  await page.getByLabel("ชื่อ Facebook (ไม่บังคับ)").scrollIntoViewIfNeeded();
  await page.getByRole("button", { name: "สมัครสมาชิก" }).click();

  await expect(notice(page)).toHaveText("อีเมลนี้มีผู้ใช้แล้ว");
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await shotOfWindow(page, `register-taken-${testInfo.project.name}-360-notice`);
  await expect(notice(page)).toBeHidden({ timeout: 4000 });
  // The field is focused (read out with its message) and it and its message are below the header.
  const email = page.getByLabel("อีเมล");
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  const message = page.locator(`#${await email.getAttribute("id")}-error`);
  await expect(message).toHaveText("อีเมลนี้มีผู้ใช้แล้ว");
  await expectInViewBelowHeader(page, email);
  await expectInViewBelowHeader(page, message);
  await shotOfWindow(page, `register-taken-${testInfo.project.name}-360`);
  await expect(page).toHaveURL(/\/register$/);
});

test("sign-up shows every mistake at once, the password mismatch included", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto("/register");
  await page.getByLabel("อีเมล").fill("someone@example.com");
  await page.getByLabel("รหัสผ่าน", { exact: true }).fill("newpass123");
  await page.getByLabel("ยืนยันรหัสผ่าน").fill("newpass124");
  await page.getByRole("button", { name: "สมัครสมาชิก" }).click();
  await expect(page.getByText("รหัสผ่านไม่ตรงกัน")).toBeVisible();
  await expect(page.getByText("กรุณากรอกชื่อ-นามสกุล")).toBeVisible();
  await expect(page.getByText("กรุณากรอกเบอร์โทรศัพท์", { exact: true })).toBeVisible();
  await expect(page.getByText("กรุณาเลือกวันเกิด")).toBeVisible();
  // A mistake in the form is not the shop's refusal: no notice.
  await expect(notice(page)).toHaveCount(0);
  // The first mistake, the name, is focused and in view below the header.
  const name = page.getByLabel("ชื่อ-นามสกุล");
  await expect(name).toBeFocused();
  await expectInViewBelowHeader(page, name);
  await expectInViewBelowHeader(page, page.locator(`#${await name.getAttribute("id")}-error`));
});

test("login shows the enterprise and its village; a page that needs a login brings you back after", async ({
  page,
}, testInfo) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "วิสาหกิจชุมชนผ้าทอมือบ้านนาดี" })).toBeVisible();
  await expect(page.getByText("หมู่ 4 บ้านนาดี")).toBeVisible();
  await expect(page.getByRole("link", { name: "สมัครสมาชิก" }).last()).toHaveAttribute("href", "/register");
  await screenshotBoth(page, testInfo, "login");
  await page.goto("/profile/edit");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile%2Fedit/);
  await page.getByLabel("อีเมล").fill(DEMO.user);
  await page.getByLabel("รหัสผ่าน", { exact: true }).fill("demo1234");
  await page.getByRole("button", { name: "เข้าสู่ระบบ" }).click();
  await expect(page).toHaveURL(/\/profile\/edit$/);
});

test("the notice has a Thai OK button and goes away by itself", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await loginAs(page, DEMO.user);
  await expect(notice(page)).toBeVisible();
  await expect(page.getByRole("button", { name: "ตกลง" })).toBeVisible();
  await expect(notice(page)).toBeHidden({ timeout: 4000 });
});
