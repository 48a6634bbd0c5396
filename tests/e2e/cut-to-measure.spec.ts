import type { Page } from "@playwright/test";
import { otherWindow, signIn } from "./support/auth";
import { expect, newCustomer, newTailor, test } from "./support/fixtures";
import { fillProfileInInches } from "./support/measurements";
import { screenshotBoth } from "./support/screens";

/*
 * A shirt cut to the customer's own measurements (issue 22), with JavaScript on and off: a profile
 * typed in inches from the designer, the design added with it, a tailor who cuts to measure, the
 * order, and the tailor's page and work sheet still showing what was ordered after the profile changed.
 */

const notice = (page: Page) => page.getByTestId("notice");

test("profile in inches → designer → order → the tailor sees the measurements frozen after the profile changes", async ({
  page,
  browser,
  shop,
}, testInfo) => {
  test.setTimeout(120_000);
  const tailor = await newTailor(shop);
  const customer = await newCustomer(shop);

  // The tailor starts cutting to measure: 150 baht on top of the parts.
  const tailorPage = await otherWindow(browser, testInfo, tailor);
  await tailorPage.goto("/merchant/pricing");
  await expect(tailorPage.getByRole("heading", { name: /ตัดตามสัดส่วนของลูกค้า/ })).toBeVisible();
  await tailorPage.getByLabel("ตามสัดส่วนของฉัน", { exact: true }).fill("150");
  await tailorPage.getByRole("button", { name: "บันทึกราคา" }).click();
  await expect(notice(tailorPage)).toHaveText("ราคาถูกบันทึกเรียบร้อยแล้ว");

  // The customer picks the size cut to measure; with no profile yet, the designer sends them to make one.
  await signIn(page, customer);
  await page.goto("/design?category=size");
  await page.getByRole("link", { name: "ตามสัดส่วนของฉัน" }).click();
  await expect(page.getByText("ยังไม่มีสัดส่วนที่บันทึกไว้ เพิ่มสัดส่วนของคุณก่อน")).toBeVisible();
  await page.getByRole("link", { name: "เพิ่มสัดส่วนของคุณ" }).click();
  const form = page.getByRole("region", { name: "เพิ่มสัดส่วน" });
  await fillProfileInInches(form, "ตัวฉัน");
  await form.getByRole("button", { name: "บันทึกสัดส่วน" }).click();

  // Saved, and back at the same design, with the new profile chosen.
  await expect(notice(page)).toHaveText("บันทึกสัดส่วนเรียบร้อยแล้ว");
  await expect(page).toHaveURL(/\/design\?category=size&shirt=shirt1&size=size_custom/);
  await expect(page.getByLabel("ตัดตามสัดส่วนของ")).toHaveValue(/\d+/);
  await expect(page.getByLabel("ตัดตามสัดส่วนของ").locator("option:checked")).toHaveText("ตัวฉัน");
  await screenshotBoth(page, testInfo, "designer-cut-to-measure");
  await page.getByRole("button", { name: "เพิ่มลงตะกร้า" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const item = page.getByRole("list", { name: "สินค้าในตะกร้า" }).getByRole("listitem").first();
  await expect(item).toContainText('ขนาด: ตามสัดส่วน "ตัวฉัน"');

  // Only tailors who cut to measure can make it: this one, at the parts' price plus 150.
  await item.getByRole("link", { name: "เลือกช่างตัด" }).click();
  await page.getByRole("searchbox", { name: "ค้นหาช่างตัด" }).fill(tailor.name);
  await page.getByRole("button", { name: "ค้นหา", exact: true }).click();
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: tailor.name }) });
  // The designer's shirt (shirt1, 450 at this tailor's prices) + 150 for cutting to measure.
  await expect(card.getByTestId("tailor-quote")).toContainText("ราคาต่อตัว 600 บาท");
  await card.getByRole("button", { name: /เลือกช่างรายนี้/ }).click();
  await expect(notice(page)).toHaveText("เลือกช่างตัดเรียบร้อยแล้ว");
  await screenshotBoth(page, testInfo, "cart-cut-to-measure");
  await page.getByRole("link", { name: "สั่งตัดเสื้อ", exact: true }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "ตัดตามสัดส่วน" })).toBeVisible();
  await page.getByRole("button", { name: /^ยืนยันสั่งตัดทั้งหมด/ }).click();
  await expect(page).toHaveURL(/\/user\/orders$/);
  await expect(notice(page)).toHaveText("สั่งตัดเสื้อเรียบร้อยแล้ว");

  // The customer's order page shows what was sent to the tailor.
  await page
    .getByRole("link", { name: /ดูรายละเอียด/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/user\/product\/\d+$/);
  const orderId = /\/user\/product\/(\d+)/.exec(page.url())![1]!;
  const mine = page.getByRole("region", { name: "สัดส่วนสำหรับตัดเสื้อ: ตัวฉัน" });
  await expect(mine).toContainText("38 นิ้ว (96.5 ซม.)");

  // Later the customer changes the profile: 40 inches round the chest.
  await page.goto("/profile/measurements");
  await page.getByRole("link", { name: "แก้ไข ตัวฉัน" }).click();
  await page.getByLabel("รอบอก", { exact: true }).fill("40");
  await page.getByRole("button", { name: "บันทึกสัดส่วน" }).click();
  await expect(notice(page)).toHaveText("บันทึกสัดส่วนเรียบร้อยแล้ว");
  await expect(page.getByRole("listitem").filter({ hasText: "ตัวฉัน" })).toContainText("40 นิ้ว (101.6 ซม.)");

  // The tailor's order page and work sheet still say 38 inches: what was ordered.
  await tailorPage.goto(`/merchant/order/${orderId}`);
  const theirs = tailorPage.getByRole("region", { name: "สัดส่วนสำหรับตัดเสื้อ: ตัวฉัน" });
  await expect(theirs).toContainText("38 นิ้ว (96.5 ซม.)");
  await expect(theirs).toContainText("15.5 นิ้ว (39.4 ซม.)");
  await expect(theirs).not.toContainText("40 นิ้ว");
  await tailorPage.getByRole("link", { name: "ใบงาน (พิมพ์ได้)" }).click();
  await expect(tailorPage.getByRole("heading", { name: `ใบงานตัดเสื้อ คำสั่งซื้อ #${orderId}`, level: 1 })).toBeVisible();
  const sheet = tailorPage.getByRole("region", { name: "สัดส่วน", exact: true });
  await expect(sheet).toContainText("38 นิ้ว (96.5 ซม.)");
  await expect(sheet).toContainText("ลูกค้าวัดเป็นนิ้ว");
  await expect(tailorPage.getByRole("region", { name: "ชิ้นส่วน" })).toContainText("ตัดตามสัดส่วนของลูกค้า");
  if (testInfo.project.use.javaScriptEnabled) {
    await expect(tailorPage.getByRole("button", { name: "พิมพ์ใบงาน" })).toBeVisible();
  } else {
    await expect(tailorPage.getByText("พิมพ์ด้วยคำสั่งพิมพ์ของเบราว์เซอร์")).toBeVisible();
  }
  await screenshotBoth(tailorPage, testInfo, "work-sheet");
  // Printed, the page is the sheet alone: no header, no footer, no buttons.
  await tailorPage.emulateMedia({ media: "print" });
  await expect(tailorPage.locator("header").first()).toBeHidden();
  await expect(tailorPage.getByRole("link", { name: "กลับไปที่คำสั่งซื้อ" })).toBeHidden();
  await tailorPage.context().close();
});
