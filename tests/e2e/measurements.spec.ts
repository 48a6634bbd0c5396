import type { Page } from "@playwright/test";
import { signIn } from "./support/auth";
import { expect, newCustomer, test } from "./support/fixtures";
import { fillProfileInInches, INCHES_BY_LABEL } from "./support/measurements";
import { screenshotBoth } from "./support/screens";

/* A customer's measurements (issue 22), with JavaScript on and off: typed in inches, shown both ways. */

const notice = (page: Page) => page.getByTestId("notice");

test("a customer keeps a profile in inches, reads it in both units, corrects it and deletes it", async ({
  page,
  shop,
}, testInfo) => {
  await signIn(page, await newCustomer(shop));
  await page.goto("/profile");
  await page.getByRole("link", { name: "สัดส่วนของฉัน" }).click();
  await expect(page.getByRole("heading", { name: "สัดส่วนของฉัน", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "เพิ่มสัดส่วน" }).click();
  const form = page.getByRole("region", { name: "เพิ่มสัดส่วน" });
  await fillProfileInInches(form, "ตัวฉัน", { ...INCHES_BY_LABEL, รอบคอ: "70" });
  await form.getByRole("button", { name: "บันทึกสัดส่วน" }).click();
  // 70 inches is no one's neck: said beside it, nothing saved.
  await expect(page.getByText("รอบคอต้องอยู่ระหว่าง 9.8–21.7 นิ้ว")).toBeVisible();
  await page.getByLabel("รอบคอ", { exact: true }).fill("15.5");
  await page.getByRole("button", { name: "บันทึกสัดส่วน" }).click();
  await expect(notice(page)).toHaveText("บันทึกสัดส่วนเรียบร้อยแล้ว");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "ตัวฉัน" }) });
  await expect(card).toContainText("38 นิ้ว (96.5 ซม.)");
  await expect(card).toContainText("15.5 นิ้ว (39.4 ซม.)");
  await screenshotBoth(page, testInfo, "measurements");

  await card.getByRole("link", { name: "แก้ไข ตัวฉัน" }).click();
  await expect(page.getByLabel("รอบอก", { exact: true })).toHaveValue("38");
  await page.getByLabel("รอบอก", { exact: true }).fill("40");
  await page.getByRole("button", { name: "บันทึกสัดส่วน" }).click();
  await expect(notice(page)).toHaveText("บันทึกสัดส่วนเรียบร้อยแล้ว");
  await expect(card).toContainText("40 นิ้ว (101.6 ซม.)");

  await card.getByRole("link", { name: "ลบ ตัวฉัน" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "ลบสัดส่วน" }).click();
  await expect(notice(page)).toHaveText("ลบสัดส่วนแล้ว");
  await expect(page.getByText("ยังไม่มีสัดส่วนที่บันทึกไว้")).toBeVisible();
});

test("the measuring guide explains each measurement with a drawing, to anyone", async ({ page }) => {
  await page.goto("/measurements/guide");
  await expect(page.getByRole("heading", { name: "วิธีวัดตัวสำหรับสั่งตัดเสื้อ", level: 1 })).toBeVisible();
  await expect(page.getByRole("img", { name: /ตำแหน่งวัดทั้งเจ็ดจุด/ })).toBeVisible();
  for (const name of ["รอบอก", "รอบเอว", "รอบสะโพก", "ความกว้างไหล่", "ความยาวแขนเสื้อ", "ความยาวเสื้อ", "รอบคอ"]) {
    await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
  }
});
