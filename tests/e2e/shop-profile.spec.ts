import sharp from "sharp";
import { DEMO, logout, signIn } from "./support/auth";
import { expect, newTailor, test } from "./support/fixtures";
import { phoneFitProblems } from "./support/phone-fit";
import { screenshotBoth } from "./support/screens";

/*
 * A shop of one's own (issue 46), on a 360 px phone with JavaScript on and off: a new tailor (priced
 * by the fixture, no shop name yet) is not listed until they name the shop; they set it up on
 * /merchant/shop (name, description, photo, address left private) and their shop's own page shows
 * it to a visitor without the address.
 */

test.use({ viewport: { width: 360, height: 740 } });

test("a tailor sets up the shop and appears on its own page with the address hidden", async ({
  page,
  shop,
}, testInfo) => {
  const tailor = await newTailor(shop, { shopName: null });
  const shopName = `ร้านผ้าทอ ${testInfo.project.name} ${tailor.id}`;
  const ownPage = `/merchant/info/${tailor.id}`;
  const js = testInfo.project.name === "js";

  // Not ready yet (no shop name): no page of its own.
  const before = await page.goto(ownPage);
  expect(before?.status()).toBe(404);

  await signIn(page, tailor);
  await page.goto("/merchant");
  // The tailor's menu leads to the shop page (opened on a phone).
  await page.getByText("เมนู", { exact: true }).click();
  await page.getByRole("navigation", { name: "เมนูหลัก", exact: true }).getByRole("link", { name: "ร้านของฉัน" }).click();
  await expect(page).toHaveURL(/\/merchant\/shop$/);
  await expect(page.getByRole("heading", { name: "ร้านของฉัน", level: 1 })).toBeVisible();
  const checklist = page.getByTestId("shop-checklist");
  await expect(checklist).toContainText("ยังไม่ได้ทำ:ตั้งชื่อร้าน");
  await expect(checklist).toContainText("ทำแล้ว:ตั้งราคาลวดลาย");
  // The form says the address is private unless ticked, and shows which address it is.
  await expect(page.getByText("หมู่ 4 บ้านนาดี")).toBeVisible();
  await expect(page.getByLabel("แสดงที่อยู่นี้ต่อสาธารณะในหน้าร้าน")).not.toBeChecked();

  // A name left empty is refused where the tailor typed, and nothing is saved.
  await page.getByLabel("คำอธิบายร้าน").fill("ทอมือทุกผืน ตัดตามสัดส่วน");
  await page.getByRole("button", { name: "บันทึกข้อมูลร้าน" }).click();
  await expect(page.getByText("กรุณากรอกชื่อร้าน")).toBeVisible();

  await page.getByLabel("ชื่อร้าน").fill(shopName);
  await page.getByRole("button", { name: "บันทึกข้อมูลร้าน" }).click();
  await expect(page.getByTestId("notice")).toContainText("บันทึกข้อมูลร้านเรียบร้อยแล้ว");
  await expect(page.getByTestId("shop-checklist")).toContainText("ทำแล้ว:ตั้งชื่อร้าน");

  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#5b2a86" } })
    .jpeg()
    .toBuffer();
  await page.getByLabel("เลือกรูปใหม่").setInputFiles({ name: "shop.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByRole("button", { name: "บันทึกรูปร้าน" }).click();
  await expect(page.getByTestId("notice")).toContainText("บันทึกรูปร้านเรียบร้อยแล้ว");
  await expect(page.getByRole("img", { name: `รูปร้าน ${shopName}` })).toBeVisible();
  // The page as it stays (the notice has its own checks): it fits a phone.
  await page.goto("/merchant/shop");
  // Measured in the page, which needs the browser's scripting (the layout is the same without the shop's).
  if (js) expect(await phoneFitProblems(page, "/merchant/shop")).toEqual([]);
  await screenshotBoth(page, testInfo, "shop-settings");

  // A visitor finds the shop in the list and opens its page: name, description, photo, no address.
  await logout(page);
  const visitor = page;
  // Oldest shop first: a shop just opened is on the last page (a page past the end shows the last),
  // unless shops opened meanwhile by other tests pushed it a page or two back: then step back.
  await visitor.goto("/merchant/info?page=9999");
  const shopLink = visitor.getByRole("link", { name: shopName, exact: true }).first();
  for (let stepsBack = 0; stepsBack < 2; stepsBack++) {
    // The page's list is there (server-rendered) before asking whether the shop is on it.
    await expect(visitor.getByText(/ร้านช่างตัดทั้งหมด [\d,]+ ร้าน/)).toBeVisible();
    if ((await shopLink.count()) > 0) break;
    const previous = visitor
      .getByRole("navigation", { name: "เลือกหน้า", exact: true })
      .getByRole("link", { name: "← ก่อนหน้า", exact: true });
    const href = await previous.getAttribute("href");
    expect(href, "a previous page of shops to look on").toBeTruthy();
    await visitor.goto(new URL(href!, visitor.url()).href);
  }
  await shopLink.click();
  await expect(visitor).toHaveURL(new RegExp(`${ownPage}$`));
  await expect(visitor.getByRole("heading", { name: shopName, level: 1 })).toBeVisible();
  await expect(visitor.getByText("ทอมือทุกผืน ตัดตามสัดส่วน")).toBeVisible();
  await expect(visitor.getByRole("img", { name: `รูปร้าน ${shopName}` })).toBeVisible();
  await expect(visitor.getByText("ค่าจัดส่ง")).toBeVisible();
  await expect(visitor.getByText("ระยะเวลาตัดเย็บ")).toBeVisible();
  await expect(visitor.getByRole("list", { name: "ราคาตัวเสื้อ" })).toContainText("บาท");
  await expect(visitor.getByText("หมู่ 4 บ้านนาดี")).toHaveCount(0);
  if (js) expect(await phoneFitProblems(visitor, ownPage)).toEqual([]);
  await screenshotBoth(visitor, testInfo, "shop-page");
});

test("an admin sets a tailor's shop for them and shows its address", async ({ page, shop }, testInfo) => {
  const tailor = await newTailor(shop);
  const shopName = `ร้านแอดมินตั้ง ${testInfo.project.name} ${tailor.id}`;
  await signIn(page, DEMO.admin);
  await page.goto(`/admin/manage/pricings?merchantId=${tailor.id}`);
  await page.getByRole("link", { name: /แก้ข้อมูลร้าน/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/manage/shops\\?merchantId=${tailor.id}$`));
  await expect(page.getByRole("heading", { name: "ข้อมูลร้านของช่าง", level: 1 })).toBeVisible();
  await expect(page.getByText("ที่อยู่ในบัญชีของช่าง")).toBeVisible();

  await page.getByLabel("ชื่อร้าน").fill(shopName);
  await page.getByLabel("คำอธิบายร้าน").fill("แอดมินช่วยกรอกให้ช่าง");
  await page.getByLabel("แสดงที่อยู่นี้ต่อสาธารณะในหน้าร้าน").check();
  await page.getByRole("button", { name: "บันทึกข้อมูลร้าน" }).click();
  await expect(page.getByTestId("notice")).toContainText("บันทึกข้อมูลร้านเรียบร้อยแล้ว");
  await expect(page.getByLabel("ชื่อร้าน")).toHaveValue(shopName);
  await expect(page.getByLabel("แสดงที่อยู่นี้ต่อสาธารณะในหน้าร้าน")).toBeChecked();
  await page.goto(`/admin/manage/shops?merchantId=${tailor.id}`);
  await screenshotBoth(page, testInfo, "admin-shop");

  // The audit log names what changed, never the values.
  await page.goto(`/admin/manage/audit?targetType=user&targetId=${tailor.id}`);
  await expect(page.getByText("ชื่อร้าน; คำอธิบายร้าน; แสดงที่อยู่ต่อสาธารณะ").first()).toBeVisible();
  await expect(page.getByText(shopName)).toHaveCount(0);

  await logout(page);
  await page.goto(`/merchant/info/${tailor.id}`);
  await expect(page.getByRole("heading", { name: shopName, level: 1 })).toBeVisible();
  await expect(page.getByText("หมู่ 4 บ้านนาดี")).toBeVisible();
});
