import type { Page } from "@playwright/test";
import sharp from "sharp";
import { DEMO, signIn } from "./support/auth";
import { expect, newTailor, popularDesign, test } from "./support/fixtures";
import { screenshotBoth } from "./support/screens";

/*
 * A tailor's popular designs with JavaScript on and off: save a design from the designer,
 * open it again and change it, set its price, upload a sample photo.
 */

const notice = (page: Page) => page.getByTestId("notice");
const card = (page: Page, name: string) => page.getByRole("list").getByRole("link", { name, exact: true });
const tab = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "หมวดหมู่ชิ้นส่วน" }).getByRole("link", { name, exact: true });
const designCards = (page: Page) => page.getByTestId("design-card");

test("a tailor saves a design, edits it, prices it and uploads a sample", async ({ page, shop }, testInfo) => {
  test.setTimeout(120_000);
  const js = testInfo.project.name === "js";
  // A new tailor with one design already, so the new one has to come first.
  const tailor = await newTailor(shop);
  await popularDesign(tailor);
  await signIn(page, tailor);
  await page.goto("/merchant/popular_design");
  await expect(page).toHaveURL(/\/merchant\/popular_design\?category=shirt$/);
  await expect(page.getByRole("heading", { name: "แบบเสื้อยอดนิยมของคุณ", level: 1 })).toBeVisible();
  await expect(designCards(page)).toHaveCount(1);
  await expect(page.getByRole("button", { name: "เพิ่มลงตะกร้า" })).toHaveCount(0);

  // A new design from the designer.
  await card(page, "เสื้อหญิงแขนสามส่วน").click();
  await tab(page, "คอเสื้อ").click();
  await card(page, js ? "คอวีขลิบลาย" : "คอจีน").click();
  await tab(page, "ชายเสื้อ").click();
  await card(page, "ชายเสื้อลายขอ").click();
  if (js) await page.getByTestId("design-preview").hover();
  if (js) await expect(page.getByTestId("design-preview")).toHaveAttribute("data-canvas", "ready", { timeout: 20_000 });
  // The save form asks for the price, typed as text on a decimal keypad like every price (decision
  // 42); without one the design is saved but not for sale.
  const price = page.getByLabel("ราคาต่อตัว (บาท)");
  await expect(price).toHaveAttribute("type", "text");
  await expect(price).toHaveAttribute("inputmode", "decimal");
  if (js) await price.fill("1190");
  await page.getByRole("button", { name: "บันทึกการออกแบบ" }).click();
  await expect(notice(page)).toContainText("บันทึกการออกแบบเรียบร้อย");
  await expect(page).toHaveURL(/\/merchant\/popular_design\?category=shirt$/);
  await expect(designCards(page)).toHaveCount(2);
  const newest = designCards(page).first();
  await expect(newest).toContainText("เสื้อหญิงแขนสามส่วน");
  if (js) {
    await expect(newest).toContainText("1,190 บาท");
    await expect(newest.getByText("แสดงในหน้าร้าน", { exact: true })).toBeVisible();
  } else {
    await expect(page.getByText("แบบนี้ยังไม่กำหนดราคา จึงยังไม่แสดงในหน้าร้านและสั่งซื้อไม่ได้")).toBeVisible();
    await expect(newest.getByText("ยังไม่กำหนดราคา", { exact: true })).toBeVisible();
    await expect(newest.getByText("ยังไม่แสดงในหน้าร้าน", { exact: true })).toBeVisible();
  }
  const id = (await newest.getByRole("heading").textContent())!.match(/#(\d+)/)![1]!;

  // Open it in the designer, change the colour, save.
  await newest.getByRole("link", { name: "แก้ไขในหน้าออกแบบ" }).click();
  await expect(page).toHaveURL(new RegExp(`/merchant/popular_design/${id}\\?category=shirt&shirt=shirt6`));
  await expect(page.getByRole("heading", { name: `แก้ไขแบบเสื้อ #${id}` })).toBeVisible();
  await expect(card(page, "เสื้อหญิงแขนสามส่วน")).toHaveAttribute("aria-current", "true");
  await tab(page, "สี").click();
  await card(page, "สีเขียวใบตอง").click();
  await screenshotBoth(page, testInfo, "popular-design-edit");
  await page.getByRole("button", { name: "บันทึกการออกแบบ" }).click();
  await expect(notice(page)).toContainText("บันทึกการออกแบบเรียบร้อย");
  await expect(page).toHaveURL(/\/merchant\/popular_design\?category=shirt$/);
  await expect(designCards(page)).toHaveCount(2);

  // Price: its own form on the card.
  const edited = page.locator(`#design-${id}`);
  await edited.getByLabel(`ราคาแบบเสื้อ #${id}`).fill(js ? "1290" : "1350.5");
  await edited.getByRole("button", { name: "บันทึกราคา" }).click();
  await expect(notice(page)).toContainText("อัพเดทการออกแบบเรียบร้อย");
  await expect(page.locator(`#design-${id}`)).toContainText(js ? "1,290 บาท" : "1,350.5 บาท");
  await expect(page.locator(`#design-${id}`).getByText("แสดงในหน้าร้าน", { exact: true })).toBeVisible();
  // Before the upload the card says what a new photo does to a design on sale.
  await expect(page.locator(`#design-${id}`)).toContainText("รูปใหม่ต้องให้ผู้ดูแลระบบอนุมัติก่อน ระหว่างรอ แบบนี้จะไม่แสดงในหน้าร้าน");

  // A file that is not a photo is refused; a real photo makes it an upload awaiting approval.
  await page
    .locator(`#design-${id}`)
    .getByLabel(`รูปตัวอย่างของแบบเสื้อ #${id}`)
    .setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("plain text, not a photo") });
  await page.locator(`#design-${id}`).getByRole("button", { name: "อัปโหลดรูปตัวอย่าง" }).click();
  await expect(notice(page)).toContainText("เกิดข้อผิดพลาดในการอัพโหลดรูปภาพ");
  await expect(page.locator(`#design-${id}`).getByText("แสดงในหน้าร้าน", { exact: true })).toBeVisible();

  const photo = await sharp({ create: { width: 800, height: 800, channels: 3, background: "#4f7a3a" } })
    .jpeg()
    .toBuffer();
  await page
    .locator(`#design-${id}`)
    .getByLabel(`รูปตัวอย่างของแบบเสื้อ #${id}`)
    .setInputFiles({ name: "sample.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.locator(`#design-${id}`).getByRole("button", { name: "อัปโหลดรูปตัวอย่าง" }).click();
  await expect(notice(page)).toContainText("อัพเดทการออกแบบเรียบร้อย");
  await expect(page.getByText("รูปตัวอย่างรอผู้ดูแลระบบอนุมัติ ระหว่างนี้แบบนี้ไม่แสดงในหน้าร้าน")).toBeVisible();
  const uploaded = page.locator(`#design-${id}`);
  await expect(uploaded).toContainText("รอผู้ดูแลอนุมัติ");
  await expect(uploaded).toContainText("จะแสดงในหน้าร้านเมื่อผู้ดูแลระบบอนุมัติ");
  await expect(uploaded).toContainText("รูปตัวอย่างที่อัปโหลด");
  await expect(uploaded.getByRole("img")).toHaveAttribute("src", /^\/api\/images\/\d+$/);
  await screenshotBoth(page, testInfo, "popular-designs");
});

test("another tailor cannot open a tailor's design", async ({ page, shop }) => {
  // A new tailor's design: on the tailor's own page, it opens in the editor.
  const owner = await newTailor(shop);
  const id = await popularDesign(owner);
  await signIn(page, owner);
  await page.goto("/merchant/popular_design");
  await expect(page.locator(`#design-${id}`)).toBeVisible();
  await page.context().clearCookies();
  await signIn(page, DEMO.tailor2);
  const response = await page.goto(`/merchant/popular_design/${id}?category=shirt`);
  expect(response?.status()).toBe(403);
});
