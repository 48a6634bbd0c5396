import type { Page } from "@playwright/test";
import { DEMO, loginAs, signIn } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { PHONE, screenshotBoth } from "./support/screens";

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
  await expect(page).toHaveURL(/\/login$/);
  await expect(notice(page)).toHaveText("สมัครสมาชิกสำเร็จ กรุณาเข้าสู่ระบบ");

  await loginAs(page, email, "newpass123");
  await expect(page).toHaveURL(/\/design\?category=shirt/);
  await expect(notice(page)).toHaveText("เข้าสู่ระบบสำเร็จ");

  await page.goto("/profile");
  await expect(page.locator("main").getByText("ทดสอบ สมัครใหม่")).toBeVisible();
  await expect(page.locator("dd").getByText("ยังไม่ได้เชื่อมต่อ", { exact: true })).toBeVisible();
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

test("each role sees its own menu", async ({ page }) => {
  const menus = {
    [DEMO.user]: ["ออกแบบเสื้อ", "ร้านผ้าไหม", "ตะกร้าสินค้า", "สถานะคำสั่งซื้อ", "ติดต่อเรา"],
    [DEMO.tailor1]: ["คำสั่งตัดเสื้อ", "สถิติคำสั่งซื้อ", "แบบเสื้อยอดนิยม", "ราคาลวดลาย", "ติดต่อเรา"],
    [DEMO.admin]: ["แดชบอร์ด", "จัดการผู้ใช้", "จัดการแบบเสื้อ", "จัดการคำสั่งซื้อ", "ติดต่อเรา"],
  };
  for (const [email, labels] of Object.entries(menus)) {
    await page.context().clearCookies();
    await signIn(page, email);
    await page.goto("/contact");
    await expect(mainMenu(page).getByRole("link")).toHaveText(labels);
    await expect(mainMenu(page).getByRole("link", { name: "ติดต่อเรา" })).toHaveAttribute("aria-current", "page");
  }
});

test("a wrong password and a suspended account are refused in Thai", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("อีเมล").fill(DEMO.user);
  await page.getByLabel("รหัสผ่าน", { exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "เข้าสู่ระบบ" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "อีเมลหรือรหัสผ่านไม่ถูกต้อง" })).toBeVisible();
  await page.getByLabel("อีเมล").fill("inactive@example.com");
  await page.getByLabel("รหัสผ่าน", { exact: true }).fill("demo1234");
  await page.getByRole("button", { name: "เข้าสู่ระบบ" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "บัญชีนี้ถูกระงับการใช้งาน" })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
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
