import type { Page } from "@playwright/test";
import { signIn } from "./support/auth";
import { expect, newCustomer, test } from "./support/fixtures";
import { screenshotBoth } from "./support/screens";

/*
 * PDPA with JavaScript on and off: the privacy notice is linked from every page's footer and from
 * the sign-up form; a customer reads their data, downloads it, and closes their account with
 * their password, after which it no longer signs in.
 */

const notice = (page: Page) => page.getByTestId("notice");

test("the privacy notice is a link away, from the footer and from sign-up", async ({ page }) => {
  await page.goto("/register");
  await expect(page.locator("#privacy-consent").getByRole("link", { name: "นโยบายความเป็นส่วนตัว" })).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "นโยบายความเป็นส่วนตัว" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { name: "นโยบายความเป็นส่วนตัว", level: 1 })).toBeVisible();
  for (const heading of ["ข้อมูลที่เราเก็บ", "เราใช้ข้อมูลเพื่ออะไร", "ใครเห็นข้อมูลของคุณ", "เก็บนานเท่าไร", "สิทธิ์ของคุณ"]) {
    await expect(page.getByRole("heading", { name: heading, level: 2 })).toBeVisible();
  }
  // What it keeps names the body measurements, the transfer slips (and what they show) and reviews.
  const kept = page.getByRole("heading", { name: "ข้อมูลที่เราเก็บ", level: 2 }).locator("xpath=..");
  for (const item of ["สัดส่วนร่างกาย:", "สลิปโอนเงิน:", "เลขอ้างอิงการโอน", "รีวิว:"]) await expect(kept).toContainText(item);
});

test("a customer reads their data, downloads it and closes their account", async ({ page, shop }, testInfo) => {
  const customer = await newCustomer(shop);
  // A measurement set: "ข้อมูลของฉัน" lists it with its values (decision 107).
  const measured = await customer.api.put("/api/user/measurements", {
    data: {
      name: "ตัวฉันวันงาน",
      unit: "in",
      chest: 38,
      waist: 32,
      hips: 39,
      shoulder: 17.5,
      sleeve: 24,
      shirtLength: 28.5,
      neck: 15.5,
    },
  });
  expect(measured.status()).toBe(200);
  await signIn(page, customer);
  await page.goto("/profile");
  await page.getByRole("link", { name: "ข้อมูลของฉัน" }).click();
  await expect(page).toHaveURL(/\/profile\/data$/);
  await expect(page.getByRole("heading", { name: "ข้อมูลของฉัน", level: 1 })).toBeVisible();
  await expect(page.getByText(customer.email)).toBeVisible();
  const measurements = page.getByTestId("my-data-measurements");
  await expect(page.getByRole("heading", { name: "สัดส่วนร่างกาย (1)", level: 2 })).toBeVisible();
  await expect(measurements).toContainText("ตัวฉันวันงาน (นิ้ว)");
  await expect(measurements).toContainText("38 นิ้ว (96.5 ซม.)");
  const download = await page.request.get("/profile/data/export");
  expect(download.headers()["content-disposition"]).toMatch(/^attachment;/);
  const data = (await download.json()) as { account: { email: string }; measurements: { name: string }[] };
  expect(data.account.email).toBe(customer.email);
  expect(data.measurements.map((profile) => profile.name)).toEqual(["ตัวฉันวันงาน"]);
  await screenshotBoth(page, testInfo, "my-data");

  await page.getByRole("link", { name: "ขอลบบัญชี" }).click();
  await expect(page.getByRole("heading", { name: "ขอลบบัญชี", level: 1 })).toBeVisible();
  await page.getByLabel("ยืนยันด้วยรหัสผ่านของคุณ").fill("not-the-password");
  await page.getByRole("button", { name: "ลบบัญชีของฉัน" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "รหัสผ่านไม่ถูกต้อง" })).toBeVisible();
  await page.getByLabel("ยืนยันด้วยรหัสผ่านของคุณ").fill(customer.password);
  await page.getByRole("button", { name: "ลบบัญชีของฉัน" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(notice(page)).toHaveText("ลบบัญชีและข้อมูลส่วนตัวของคุณแล้ว");
  // Signed out, and the account is gone: its login is refused.
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login/);
  const login = await page.request.post("/api/auth/login", {
    data: { email: customer.email, password: customer.password },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(login.status()).toBe(401);
});
