import type { Page } from "@playwright/test";
import { loginAs, signIn } from "./support/auth";
import { cartDesign, expect, newCustomer, newTailor, orderIn, setPromptPay, test } from "./support/fixtures";
import { screenshotBoth } from "./support/screens";

/*
 * A bad connection (issue 51), in Chromium's offline mode: the pages a customer has opened stay
 * readable offline with a bar saying when their data is from, and their forms are not sent; any
 * other page is the shop's Thai offline page; nothing of theirs is shown after they log out; a new
 * build's worker replaces the old one. JavaScript only (the no-js project ignores *.js-only.spec.ts):
 * without it there is no worker at all (offline.spec.ts).
 */

// The other flows run with service workers blocked (playwright.config.ts); these test the worker.
test.use({ viewport: { width: 360, height: 800 }, serviceWorkers: "allow" });

/** Until this page is controlled by the shop's worker (it claims the pages open when it starts). */
async function workerInCharge(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test("offline, the orders a customer opened are still there, with when their data is from", async ({
  page,
  context,
  shop,
}, testInfo) => {
  const tailor = await newTailor(shop);
  await setPromptPay(tailor);
  const order = await orderIn(shop, tailor, "accepted");
  await signIn(page, order.customer);
  await page.goto("/user/orders");
  await workerInCharge(page);
  await page.goto(`/user/product/${order.id}`);
  await expect(page.getByRole("img", { name: /คิวอาร์/ }).first()).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  const bar = page.locator("#offline-bar");
  await expect(bar).toContainText("ออฟไลน์: ข้อมูลเมื่อ");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`#${order.id}`);
  // Its PromptPay QR too: kept with the page.
  await expect
    .poll(() =>
      page
        .getByRole("img", { name: /คิวอาร์/ })
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  await screenshotBoth(page, testInfo, "offline-order");
  await page.goto("/user/orders");
  await expect(bar).toContainText("ออฟไลน์: ข้อมูลเมื่อ");
  await expect(page.locator(`a[href="/user/product/${order.id}"]`).first()).toBeVisible();

  // A page never opened here: the shop's offline page, which asks again for the page wanted.
  await page.goto("/profile/edit");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("ไม่มีการเชื่อมต่ออินเทอร์เน็ต");
  await screenshotBoth(page, testInfo, "offline-page");
  await context.setOffline(false);
  await page.getByRole("link", { name: "ลองอีกครั้ง" }).click();
  await expect(page).toHaveURL(/\/profile\/edit$/);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("ไม่มีการเชื่อมต่ออินเทอร์เน็ต");
  await expect(page.locator("#offline-bar")).toHaveCount(0);
});

test("offline, a form is not sent and what was typed stays", async ({ page, context, shop }) => {
  const tailor = await newTailor(shop);
  const order = await orderIn(shop, tailor, "ordered");
  await signIn(page, order.customer);
  await page.goto(`/user/product/${order.id}`);
  await workerInCharge(page);
  await page.reload();
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator("#offline-bar")).toBeVisible();
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") sent.push(request.url());
  });
  const text = page.getByRole("textbox", { name: "เขียนข้อความ" });
  await text.fill("ขอเพิ่มรอบอกอีกหนึ่งนิ้วครับ");
  await page.getByRole("button", { name: "ส่งข้อความ" }).click();
  await expect(page.locator("#offline-bar")).toBeVisible();
  await expect(text).toHaveValue("ขอเพิ่มรอบอกอีกหนึ่งนิ้วครับ");
  expect(sent).toEqual([]);
});

test("after logging out, nothing of the person is shown offline", async ({ page, context, shop }) => {
  const tailor = await newTailor(shop);
  const order = await orderIn(shop, tailor, "accepted");
  await signIn(page, order.customer);
  await page.goto("/user/orders");
  await workerInCharge(page);
  await page.goto(`/user/product/${order.id}`);
  // The header's account menu, as a person logs out (through the page, so the worker sees it).
  await page.locator("summary", { hasText: "เมนูบัญชี" }).click();
  await page.getByRole("button", { name: "ออกจากระบบ" }).click();
  await expect(page.getByText("ออกจากระบบเรียบร้อยแล้ว")).toBeVisible();

  await context.setOffline(true);
  for (const path of ["/user/orders", `/user/product/${order.id}`]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ไม่มีการเชื่อมต่ออินเทอร์เน็ต");
    await expect(page.getByText(`#${order.id}`)).toHaveCount(0);
  }
});

test("a new build's worker takes over and deletes the older build's files", async ({ page }) => {
  await page.goto("/");
  await workerInCharge(page);
  const filesOf = () =>
    page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("shop-files-")));
  await expect.poll(filesOf).toHaveLength(1);
  const [first] = await filesOf();
  // What the next build's pages do: register the worker under their own version.
  await page.evaluate(() => navigator.serviceWorker.register("/sw.js?v=next-build", { scope: "/" }));
  await expect.poll(filesOf).toEqual(["shop-files-next-build"]);
  expect(first).not.toBe("shop-files-next-build");
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ""))
    .toContain("v=next-build");
});

test("a message sent as the connection drops waits, keeps what was typed, and is sent once when back online", async ({
  page,
  context,
  shop,
}, testInfo) => {
  const tailor = await newTailor(shop);
  const order = await orderIn(shop, tailor, "ordered");
  await signIn(page, order.customer);
  await page.goto(`/user/product/${order.id}`);
  // The customer writes; the connection drops before they send.
  const words = "ขอเลื่อนวันรับเสื้อเป็นวันเสาร์ได้ไหมคะ";
  const text = page.getByRole("textbox", { name: "เขียนข้อความ" });
  await text.fill(words);
  await page.waitForLoadState("networkidle");
  await context.setOffline(true);
  await page.getByRole("button", { name: "ส่งข้อความ" }).click();
  const bar = page.locator("#resend-bar");
  await expect(bar).toContainText("ส่งข้อมูลไม่สำเร็จ");
  await expect(bar.getByRole("button", { name: "ส่งอีกครั้ง" })).toBeVisible();
  await expect(text).toHaveValue(words);
  await screenshotBoth(page, testInfo, "resend-waiting");

  // Back online: sent by itself, once.
  await context.setOffline(false);
  await expect(bar).toHaveCount(0);
  const thread = page.locator("#messages");
  await expect(thread.getByText(words)).toHaveCount(1);
  await page.reload();
  await expect(thread.getByText(words)).toHaveCount(1);
});

test("a kept page opened again online paints from its copy at once, then shows what is true now", async ({
  page,
  shop,
}) => {
  const tailor = await newTailor(shop);
  const order = await orderIn(shop, tailor, "ordered");
  const address = `/user/product/${order.id}`;
  await signIn(page, order.customer);
  await page.goto(address);
  await workerInCharge(page);
  await page.reload();
  await expect
    .poll(() =>
      page.evaluate(
        async (path) => (await (await caches.open("shop-pages")).keys()).some((r) => new URL(r.url).pathname === path),
        address,
      ),
    )
    .toBe(true);
  // Meanwhile the tailor takes the order.
  const accepted = await tailor.api.patch("/api/orders/accept", { data: { orderId: order.id } });
  expect(accepted.status()).toBe(200);

  await page.goto(address);
  // Painted from the worker's copy (drawn before the tailor's step) ...
  await expect(page.locator('meta[name="shop-refresh-at"]')).toHaveCount(1);
  // ... and read anew at once: the order as it is now, the page live (no bar, its forms go).
  await expect(page.getByText("กำลังตัดเย็บ").first()).toBeVisible();
  await expect(page.locator("#offline-bar")).toHaveCount(0);
  await expect(page.locator("html")).not.toHaveAttribute("data-offline", "1");
});

test("someone else logging in on this browser never sees the first person's kept pages", async ({
  page,
  context,
  shop,
}) => {
  const tailor = await newTailor(shop);
  const order = await orderIn(shop, tailor, "accepted");
  await signIn(page, order.customer);
  await page.goto("/user/orders");
  await workerInCharge(page);
  await page.reload();
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await caches.open("shop-pages")).keys()).some((r) => new URL(r.url).pathname === "/user/orders"),
      ),
    )
    .toBe(true);

  // The first person's session ends without a log-out (it ran out); the next person logs in here.
  await context.clearCookies();
  const next = await newCustomer(shop);
  await loginAs(page, next.email, next.password);
  // Their own order list, drawn for them (never the first person's copy, not even for a moment).
  await page.goto("/user/orders");
  await expect(page.locator('meta[name="shop-refresh-at"]')).toHaveCount(0);
  await expect(page.locator(`a[href="/user/product/${order.id}"]`)).toHaveCount(0);
  await context.setOffline(true);
  await page.goto(`/user/product/${order.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("ไม่มีการเชื่อมต่ออินเทอร์เน็ต");
});

test("a part whose file cannot come while offline leaves the page as it is, and comes once the connection is back", async ({
  page,
  context,
  shop,
}) => {
  const customer = await newCustomer(shop);
  await cartDesign(customer);
  await signIn(page, customer);
  await page.goto("/cart");
  await page.waitForLoadState("networkidle");
  const box = page.getByTestId("delivery-address");
  const field = box.getByLabel("ที่อยู่จัดส่ง");

  // The folded address form's file has never been fetched: offline, opening the fold cannot load it.
  await context.setOffline(true);
  const failed = page.waitForEvent("requestfailed", (request) =>
    /\/assets\/delivery-address-form-/.test(request.url()),
  );
  await box.getByText("แก้ไขที่อยู่").click();
  await failed;
  await expect(page.getByRole("heading", { name: "ตะกร้าสินค้า", level: 1 })).toBeVisible();
  await expect(field).toBeHidden();

  // Back online, the form comes by itself, on the same page (not the error page in its place).
  await context.setOffline(false);
  // Asked for again on the browser's "online", or 2 s after the failure if that came first.
  await expect(field).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole("heading", { name: "ตะกร้าสินค้า", level: 1 })).toBeVisible();
  await field.fill("5 หมู่ 3 ตำบลนาดี");
  await box.getByRole("button", { name: "บันทึกที่อยู่" }).click();
  await expect(page.getByTestId("notice")).toHaveText("บันทึกที่อยู่จัดส่งแล้ว");
});
