import { expect, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { screenshotBoth, shotOfWindow } from "./support/screens";

// The ordinary end-to-end server has no LINE settings: customers see nothing of LINE's connection
// (no set-up wording, no link, no reset), only the LINE ID they typed themselves.
test("without LINE settings the profile shows nothing of a LINE connection", async ({ page }, testInfo) => {
  await signIn(page, DEMO.tailor3);
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "ข้อมูลส่วนตัว" })).toBeVisible();
  await expect(page.getByText("LINE ID", { exact: true })).toBeVisible();
  await expect(page.getByText(/ร้านยังไม่ได้เชื่อมต่อ LINE/)).toHaveCount(0);
  await expect(page.getByText("การเชื่อมต่อ LINE", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "การแจ้งเตือนทาง LINE" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "เชื่อมต่อ LINE" })).toHaveCount(0);
  await shotOfWindow(page, `profile-unconfigured-${testInfo.project.name}`);
  await page.goto("/profile/edit");
  await expect(page.getByRole("heading", { name: "แก้ไขข้อมูลส่วนตัว" })).toBeVisible();
  await expect(page.getByText(/ร้านยังไม่ได้เชื่อมต่อ LINE/)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "การเชื่อมต่อ LINE" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "รีเซ็ตการเชื่อมต่อ LINE" })).toHaveCount(0);
  await screenshotBoth(page, testInfo, "line-edit-unconfigured");
  await expect(page.getByRole("link", { name: "เชื่อมต่อ LINE" })).toHaveCount(0);
});
