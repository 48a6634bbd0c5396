import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { phoneFitProblems } from "./support/phone-fit";
import { screenshotBoth } from "./support/screens";

/*
 * "Forgot password" and sign-up's redirectTo in a real browser, JavaScript on and off. The
 * ordinary end-to-end shop has neither SMTP nor LINE, so its /forgot-password says how to reach
 * the shop; the round trip through a mail server is tests/integration/account/password-reset*.test.ts
 * (a real SMTP server, the built shop's pages without JavaScript) and, in a browser following the
 * mailed link, tests/e2e/line.spec.ts (the LINE run has a real SMTP server beside its LINE mock).
 */

/** At 320, 360 and 390 px (measured by a script in the page: JavaScript on; a11y.spec.ts measures the server's HTML). */
async function fitsAPhone(page: Page, url: string) {
  if (test.info().project.name === "no-js") return;
  expect(await phoneFitProblems(page, url)).toEqual([]);
}

async function seriousViolations(page: Page) {
  if (test.info().project.name === "no-js") return [];
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
  return violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
}

test("the login page's 'ลืมรหัสผ่าน?' leads to a page that says how to reach the shop", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/login");
  await page.getByRole("link", { name: "ลืมรหัสผ่าน?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole("heading", { name: "ลืมรหัสผ่าน", level: 1 })).toBeVisible();
  await expect(page.getByText("ร้านยังส่งลิงก์ตั้งรหัสผ่านใหม่ทางอีเมลหรือ LINE ไม่ได้")).toBeVisible();
  await expect(page.getByRole("link", { name: "0-0000-0000 ต่อ 0000" })).toHaveAttribute("href", "tel:+6600000000");
  await expect(page.getByRole("link", { name: "lecturer@example.ac.th" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "อีเมล" })).toHaveCount(0);
  await fitsAPhone(page, "/forgot-password");
  expect(await seriousViolations(page)).toEqual([]);
  await screenshotBoth(page, testInfo, "forgot-password-no-mail");
  await page.getByRole("link", { name: "ช่องทางติดต่ออื่น ๆ" }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test("a link that is no link says so in place of the form, and leads to a new one", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const token = randomBytes(32).toString("base64url");
  const response = await page.goto(`/reset-password/${token}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "ตั้งรหัสผ่านใหม่", level: 1 })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText("ลิงก์ตั้งรหัสผ่านใหม่นี้ไม่ถูกต้อง กรุณาขอลิงก์ใหม่");
  await expect(page.getByLabel("รหัสผ่านใหม่")).toHaveCount(0);
  await fitsAPhone(page, "/reset-password/…");
  expect(await seriousViolations(page)).toEqual([]);
  await screenshotBoth(page, testInfo, "reset-password-bad-link");
  await page.getByRole("link", { name: "ขอลิงก์ใหม่" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("sign-up from a page that asked for a login: the login opens with the e-mail in, and returns to that page", async ({
  page,
  shop,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // A page that needs a login sends the visitor to /login?redirectTo=…
  await page.goto("/profile/measurements");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile%2Fmeasurements$/);
  await page.getByRole("link", { name: "สมัครสมาชิก" }).last().click();
  await expect(page).toHaveURL(/\/register\?redirectTo=%2Fprofile%2Fmeasurements$/);

  const email = `signup-${shop.unique()}@example.com`;
  await page.getByLabel("ชื่อ-นามสกุล").fill("ทดสอบ สมัครแล้วกลับ");
  await page.getByLabel("อีเมล").fill(email);
  await page.getByLabel("รหัสผ่าน", { exact: true }).fill("newpass123");
  await page.getByLabel("ยืนยันรหัสผ่าน").fill("newpass123");
  await page.getByLabel("เบอร์โทรศัพท์").fill("0812345678");
  await page.getByLabel("วันเกิด").fill("1990-04-13");
  await page.getByRole("button", { name: "สมัครสมาชิก" }).click();

  await page.waitForURL((url) => url.pathname === "/login", { timeout: 30_000 });
  const at = new URL(page.url());
  expect(at.searchParams.get("email")).toBe(email);
  expect(at.searchParams.get("redirectTo")).toBe("/profile/measurements");
  await expect(page.getByLabel("อีเมล")).toHaveValue(email);
  await page.getByLabel("รหัสผ่าน", { exact: true }).fill("newpass123");
  await page.getByRole("button", { name: "เข้าสู่ระบบ" }).click();
  await page.waitForURL((url) => url.pathname !== "/login", { timeout: 30_000 });
  expect(new URL(page.url()).pathname).toBe("/profile/measurements");
});
