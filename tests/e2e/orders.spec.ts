import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { DEMO, loginAs } from "./support/auth";
import { screenshotBoth } from "./support/screens";

const notice = (page: Page) => page.getByTestId("notice");

// Each run (JavaScript on, then off) works with its own seeded customer, whose own design
// waits in the cart for a tailor, and a different tailor (not tailor1, whose figures the
// statistics spec reads).
function cast(testInfo: TestInfo) {
  return testInfo.project.name === "no-js"
    ? { customer: DEMO.somchai, tailor: DEMO.tailor2, shop: "ร้านบุญมีตัดเสื้อ" }
    : { customer: DEMO.user, tailor: DEMO.tailor3, shop: "ร้านคำปุนแพรวา" };
}

/** A second person in their own browser window, with the same JavaScript setting as this run. */
async function otherWindow(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    locale: "th-TH",
    timezoneId: "Asia/Bangkok",
  });
  return context.newPage();
}

test("a customer chooses a tailor and orders; the tailor accepts and completes; the customer sees each status", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const { customer, tailor, shop } = cast(testInfo);
  await loginAs(page, customer);

  // The cart: the own design has no tailor yet, so ordering is not possible. (Other runs, like
  // the designer's, may have added more designs of this customer: each gets a tailor too.)
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "ตะกร้าสินค้า", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "กรุณาเลือกผู้ตัดให้ครบ" })).toBeDisabled();
  const cartItems = page.getByRole("list", { name: "สินค้าในตะกร้า" }).getByRole("listitem");
  const waiting = cartItems.filter({ hasText: "ยังไม่ได้เลือกช่าง" });
  await expect(waiting.first()).toBeVisible();
  await screenshotBoth(page, testInfo, "cart-needs-tailor");

  // Choose a tailor from the quoted list, for every item that needs one.
  const chosen: string[] = [];
  while ((await waiting.count()) > 0) {
    await waiting.first().getByRole("link", { name: "เลือกช่างตัด" }).click();
    await expect(page).toHaveURL(/\/merchant\/select\?productId=\d+/);
    chosen.push(new URL(page.url()).searchParams.get("productId")!);
    await expect(page.getByRole("heading", { name: "เลือกช่างตัด", level: 1 })).toBeVisible();
    const tailorCard = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: shop }) });
    await expect(tailorCard.getByTestId("tailor-quote")).toContainText("ราคารวม");
    if (chosen.length === 1) await screenshotBoth(page, testInfo, "choose-tailor");
    await tailorCard.getByRole("button", { name: /เลือกช่างรายนี้/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(notice(page)).toHaveText("เลือกช่างตัดเรียบร้อยแล้ว");
  }
  const orderId = chosen[0]!;

  // Items of other tailors (user@example.com has a shop design of tailor1) leave the cart.
  const others = cartItems.filter({ hasNotText: shop });
  while ((await others.count()) > 0) {
    const count = await others.count();
    await others.first().getByRole("button", { name: "ลบ" }).click();
    await expect(others).toHaveCount(count - 1);
  }

  // Two shirts instead of one; the price follows.
  const item = cartItems.filter({ has: page.locator(`a[href="/user/product/${orderId}"]`) });
  await expect(item).toContainText(shop);
  const before = Number(await item.getByTestId("item-quantity").textContent());
  await item.getByRole("button", { name: "เพิ่มจำนวน" }).click();
  await expect(item.getByTestId("item-quantity")).toHaveText(String(before + 1));
  await expect(item).toContainText(`× ${before + 1} =`);
  // The order button waits until the change is saved.
  await expect(page.getByRole("button", { name: "สั่งตัดเสื้อ" })).toBeEnabled();
  await screenshotBoth(page, testInfo, "cart-ready");

  await page.getByRole("button", { name: "สั่งตัดเสื้อ" }).click();
  await expect(page).toHaveURL(/\/user\/orders$/);
  await expect(notice(page)).toHaveText("สั่งตัดเสื้อเรียบร้อยแล้ว");
  const placed = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: new RegExp(`#${orderId}$`) }) });
  await expect(placed.getByTestId("order-status")).toHaveText("รอช่างรับงาน");
  await expect(placed).toContainText(shop);
  await screenshotBoth(page, testInfo, "my-orders");

  // The tailor, in another window, finds the order and accepts it.
  const tailorPage = await otherWindow(browser, testInfo);
  await loginAs(tailorPage, tailor);
  await tailorPage.goto("/merchant");
  await tailorPage.getByRole("link", { name: `ดูรายละเอียด คำสั่งซื้อ #${orderId}`, exact: true }).click();
  await expect(tailorPage).toHaveURL(new RegExp(`/merchant/order/${orderId}$`));
  await expect(tailorPage.getByTestId("order-status")).toHaveText("รอช่างรับงาน");
  await tailorPage.getByRole("button", { name: "รับงาน", exact: true }).click();
  await expect(notice(tailorPage)).toHaveText("รับงานสำเร็จ");
  await expect(tailorPage.getByTestId("order-status")).toHaveText("กำลังตัดเย็บ");
  await screenshotBoth(tailorPage, testInfo, "tailor-order-accepted");

  await page.goto(`/user/product/${orderId}`);
  await expect(page.getByTestId("order-status")).toHaveText("กำลังตัดเย็บ");
  // The customer is never offered the tailor's buttons.
  await expect(page.getByRole("button", { name: "รับงาน" })).toHaveCount(0);

  await tailorPage.getByRole("button", { name: "ตัดเย็บเสร็จแล้ว" }).click();
  await expect(notice(tailorPage)).toHaveText("อัปเดตสถานะเป็นตัดเย็บเสร็จแล้ว");
  await expect(tailorPage.getByTestId("order-status")).toHaveText("ตัดเย็บเสร็จแล้ว");
  await expect(tailorPage.getByRole("button", { name: "ยกเลิกคำสั่งซื้อ" })).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId("order-status")).toHaveText("ตัดเย็บเสร็จแล้ว");
  const timeline = page.getByRole("list", { name: "ลำดับสถานะ" });
  for (const step of ["เพิ่มลงตะกร้า", "รอช่างรับงาน", "กำลังตัดเย็บ", "ตัดเย็บเสร็จแล้ว"]) {
    await expect(timeline.getByText(step, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "ชิ้นส่วนลวดลาย" })).toBeVisible();
  await screenshotBoth(page, testInfo, "order-detail");
  await tailorPage.context().close();
});

test("an empty cart leads to the designer; another tailor's order is refused; a missing id is explained", async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  // wanpen has placed orders but nothing in the cart.
  await loginAs(page, "wanpen@example.com");
  await page.goto("/cart");
  await expect(page.getByText("ยังไม่มีสินค้าในตะกร้า")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "ออกแบบเสื้อ" })).toHaveAttribute("href", "/design?category=shirt");
  await screenshotBoth(page, testInfo, "cart-empty");

  // One of tailor1's orders, opened by tailor3.
  const owner = await otherWindow(browser, testInfo);
  await loginAs(owner, DEMO.tailor1);
  await owner.goto("/merchant");
  const href = await owner.getByRole("link", { name: /ดูรายละเอียด/ }).first().getAttribute("href");
  expect(href).toMatch(/^\/merchant\/order\/\d+$/);
  await screenshotBoth(owner, testInfo, "tailor-orders");
  await owner.context().close();

  const intruder = await otherWindow(browser, testInfo);
  await loginAs(intruder, DEMO.tailor3);
  const response = await intruder.goto(href!);
  expect(response?.status()).toBe(403);
  await expect(intruder.getByRole("heading", { level: 1 })).toHaveText("คุณไม่มีสิทธิ์ดูคำสั่งซื้อนี้");
  await expect(intruder.getByRole("button", { name: "รับงาน" })).toHaveCount(0);
  const missing = await intruder.goto("/merchant/order");
  expect(missing?.status()).toBe(404);
  await expect(intruder.getByRole("heading", { name: "ไม่พบรหัสคำสั่งซื้อ" })).toBeVisible();
  await intruder.context().close();
});
