import type { Page } from "@playwright/test";
import { DEMO, logout, signIn } from "./support/auth";
import {
  cartDesign,
  expect,
  newCustomer,
  newTailor,
  orderAwaiting,
  orderIn,
  SHIRT,
  standardPrice,
  test,
} from "./support/fixtures";
import { screenshotBoth } from "./support/screens";

/*
 * The tailor's tools with JavaScript on and off: part prices (and the quote a customer then
 * sees), the statistics, and the silk shops page. Prices and figures are a new tailor's, made by
 * the test (support/fixtures.ts); the silk shops page shows the demo shops.
 */

const notice = (page: Page) => page.getByTestId("notice");

test.describe("part prices", () => {
  test("a tailor sets a price and the customer's quote follows", async ({ page, shop }, testInfo) => {
    const js = testInfo.project.name === "js";
    // A new tailor at the standard prices; with JavaScript a price with satang, without one in whole baht.
    const tailor = await newTailor(shop);
    const collarPrice = js ? "123.45" : "77";
    const expectedUnit = js ? "663.45 บาท" : "617 บาท"; // shirt1 450 + neck1 (the new price) + hem2 90

    await signIn(page, tailor);
    await page.goto("/merchant/pricing");
    await expect(page.getByRole("heading", { name: "ราคาลวดลาย", level: 1 })).toBeVisible();
    for (const category of ["แบบเสื้อ", "คอเสื้อ", "สาบเสื้อ", "ตะเข็บไหล่", "กระเป๋า", "ผ่าข้าง", "ปลายแขน", "ชายเสื้อ"]) {
      await expect(page.getByRole("heading", { name: new RegExp(`^${category}`), level: 2 })).toBeVisible();
    }
    await expect(page.getByRole("img", { name: "ภาพคอจีน" })).toHaveAttribute("width", "64");
    const collar = page.getByLabel("คอจีน", { exact: true });
    await expect(collar).toHaveValue(standardPrice("neck1").toFixed(2));
    await screenshotBoth(page, testInfo, "tailor-pricing");

    await collar.fill(collarPrice);
    await page.getByRole("button", { name: "บันทึกราคา" }).click();
    await expect(notice(page)).toContainText("ราคาถูกบันทึกเรียบร้อยแล้ว");
    await expect(page.getByLabel("คอจีน", { exact: true })).toHaveValue(Number(collarPrice).toFixed(2));

    // A customer's design in the cart (shirt1, neck1, hem2): the tailor's quote has the new price.
    await logout(page);
    const customer = await newCustomer(shop);
    const { cartItemId } = await cartDesign(customer, SHIRT);
    await signIn(page, customer);
    await page.goto(`/merchant/select?productId=${cartItemId}&q=${encodeURIComponent(tailor.name)}`);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: tailor.name }) });
    await expect(card.getByTestId("tailor-quote")).toContainText(`ราคาต่อตัว ${expectedUnit}`);
  });

  test("a bad price is refused in Thai, with nothing saved", async ({ page, shop }) => {
    await signIn(page, await newTailor(shop));
    await page.goto("/merchant/pricing");
    const shirt = page.getByLabel("เสื้อเชิ้ตชายแขนยาว", { exact: true });
    const before = await shirt.inputValue();

    // The form's check (in the browser with JavaScript, on the server without): the message under
    // the field, and at the top the save's refusal with a link to the field.
    await shirt.fill("1");
    await page.getByLabel("สาบลายขิด", { exact: true }).fill("-5");
    await page.getByRole("button", { name: "บันทึกราคา" }).click();
    await expect(page).toHaveURL(/\/merchant\/pricing$/);
    const summary = page.getByTestId("pricing-error");
    await expect(summary).toContainText("เกิดข้อผิดพลาดในการบันทึกราคา");
    await expect(summary.getByRole("link", { name: "สาบลายขิด" })).toBeVisible();
    await expect(page.locator("#price-placket2-error")).toHaveText("ราคาต้องไม่ติดลบ");
    await expect(page.getByLabel("สาบลายขิด", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("สาบลายขิด", { exact: true })).toHaveValue("-5");

    // A form posted by hand: the server refuses, says why, saves nothing.
    const form: Record<string, string> = { shirt1: "1", placket2: "abc" };
    const response = await page.request.post("/merchant/pricing", {
      form,
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("เกิดข้อผิดพลาดในการบันทึกราคา");
    expect(html).toContain("กรุณากรอกราคาเป็นตัวเลข");
    await page.goto("/merchant/pricing");
    await expect(page.getByLabel("เสื้อเชิ้ตชายแขนยาว", { exact: true })).toHaveValue(before);
  });
});

test.describe("PromptPay", () => {
  test("a tailor sets where customers pay; a wrong id is refused beside its field", async ({ page, shop }) => {
    await signIn(page, await newTailor(shop));
    await page.goto("/merchant/pricing");
    const account = page.getByRole("region", { name: "รับชำระเงินผ่านพร้อมเพย์" });
    const id = account.getByLabel("หมายเลขพร้อมเพย์");
    await id.fill("1-1037-02071-56-2");
    await account.getByLabel("ชื่อบัญชีที่ลูกค้าจะเห็น").fill("ร้านทดสอบพร้อมเพย์");
    await account.getByRole("button", { name: "บันทึกบัญชีพร้อมเพย์" }).click();
    await expect(account.getByText("เลขประจำตัว 13 หลักไม่ถูกต้อง กรุณาตรวจสอบอีกครั้ง")).toBeVisible();
    await expect(id).toHaveAttribute("aria-invalid", "true");

    await id.fill("1-1037-02071-56-1");
    await account.getByRole("button", { name: "บันทึกบัญชีพร้อมเพย์" }).click();
    await expect(notice(page)).toHaveText("บันทึกบัญชีพร้อมเพย์เรียบร้อยแล้ว");
    await expect(id).toHaveValue("1-1037-02071-56-1");
    await expect(account.getByLabel("ชื่อบัญชีที่ลูกค้าจะเห็น")).toHaveValue("ร้านทดสอบพร้อมเพย์");
  });
});

test.describe("statistics", () => {
  test("a tailor reads the figures for each period", async ({ page, shop }, testInfo) => {
    test.setTimeout(90_000);
    // A new tailor, whose figures no other test changes, with a named customer's orders: two
    // sewn, one being sewn, one waiting. (The figures of every period are checked against
    // hand-computed ones in tests/integration/tailor; here the page must show what the shop computes.)
    const tailor = await newTailor(shop);
    const customer = await newCustomer(shop);
    const completed = [
      await orderIn(shop, tailor, "completed", customer),
      await orderIn(shop, tailor, "completed", customer),
    ];
    await orderIn(shop, tailor, "accepted", customer);
    await orderIn(shop, tailor, "ordered", customer);
    await signIn(page, tailor);
    const figures = async (period?: string) => {
      const answer = await page.request.get(`/api/merchants/statistics${period ? `?period=${period}` : ""}`);
      expect(answer.status()).toBe(200);
      return (await answer.json()) as {
        orderCounts: { ordered: number; accepted: number; completed: number };
        totalEarnings: number;
      };
    };
    const baht = (amount: number) => `${amount.toLocaleString("th-TH", { maximumFractionDigits: 2 })} บาท`;
    const all = await figures();
    expect(all.orderCounts).toEqual({ ordered: 1, accepted: 1, completed: 2 });
    expect(all.totalEarnings).toBe(completed[0]!.totalPrice + completed[1]!.totalPrice);
    await page.goto("/merchant/statistics");
    await expect(page.getByRole("heading", { name: "สถิติคำสั่งซื้อ", level: 1 })).toBeVisible();
    await expect(page.getByTestId("stat-ordered")).toContainText(String(all.orderCounts.ordered));
    await expect(page.getByTestId("stat-accepted")).toContainText(String(all.orderCounts.accepted));
    await expect(page.getByTestId("stat-completed")).toContainText(String(all.orderCounts.completed));
    await expect(page.getByTestId("stat-earnings")).toContainText(baht(all.totalEarnings));
    await expect(page.getByText("รายได้นับเฉพาะคำสั่งซื้อที่ตัดเย็บเสร็จแล้ว", { exact: false })).toBeVisible();
    const trend = page.getByRole("img", { name: /กราฟเส้นจำนวนคำสั่งซื้อ/ }).filter({ visible: true });
    await expect(trend).toBeVisible();
    // The chart is an image the server draws from its signed address: it arrives and decodes.
    await trend.scrollIntoViewIfNeeded();
    await expect
      .poll(() => trend.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
    await expect(page.getByRole("table")).toContainText(customer.name);
    await screenshotBoth(page, testInfo, "tailor-statistics");
    if (testInfo.project.name === "js") {
      // Pointing at a chart fetches nivo and swaps in the interactive chart, with tooltips.
      const chart = page.getByTestId("chart").first();
      await chart.hover();
      await expect(chart).toHaveAttribute("data-interactive", "true");
      const box = (await chart.boundingBox())!;
      await page.mouse.move(box.x + box.width - 30, box.y + 20);
      await page.mouse.move(box.x + box.width - 32, box.y + box.height / 2, { steps: 5 });
      await expect(page.getByTestId("chart-tooltip")).toContainText("จำนวนคำสั่งซื้อ");
    }

    await page.getByRole("link", { name: "30 วัน", exact: true }).click();
    await expect(page).toHaveURL(/period=month/);
    const month = await figures("month");
    await expect(page.getByTestId("stat-completed")).toContainText(String(month.orderCounts.completed));
    await expect(page.getByTestId("stat-earnings")).toContainText(baht(month.totalEarnings));

    await page.getByRole("link", { name: "7 วัน", exact: true }).click();
    await expect(page).toHaveURL(/period=week/);
    const week = await figures("week");
    await expect(page.getByTestId("stat-ordered")).toContainText(String(week.orderCounts.ordered));
    await expect(page.getByTestId("stat-completed")).toContainText(String(week.orderCounts.completed));
    await expect(page.getByTestId("stat-earnings")).toContainText(baht(week.totalEarnings));
    await expect(page.getByRole("link", { name: "7 วัน", exact: true })).toHaveAttribute("aria-current", "page");
    await screenshotBoth(page, testInfo, "tailor-statistics-week");

    await page.goto("/merchant/statistics?period=decade");
    await expect(page.getByRole("alert")).toContainText("ไม่สามารถโหลดข้อมูลสถิติได้");
  });

  test("the table behind a chart opens without JavaScript", async ({ page, shop }) => {
    // A new tailor with one order this year, so the year's charts have something to show.
    const tailor = await newTailor(shop);
    await orderAwaiting(shop, tailor);
    await signIn(page, tailor);
    await page.goto("/merchant/statistics?period=year");
    await page.getByText("ดูข้อมูลเป็นตาราง").first().click();
    await expect(page.getByRole("columnheader", { name: "ช่วงเวลา" }).first()).toBeVisible();
    // Each chart's table holds what that chart draws: the orders chart's, the number of orders.
    await expect(page.getByRole("table").first().getByRole("columnheader")).toHaveText(["ช่วงเวลา", "จำนวนคำสั่งซื้อ"]);
  });
});

test.describe("silk shops", () => {
  const shopCard = (page: Page, name: string) => page.getByRole("article", { name });

  test("a visitor sees shops, contacts and an enlarged view that closes", async ({ page }, testInfo) => {
    const js = testInfo.project.name === "js";
    await page.goto("/merchant/info");
    await expect(page.getByRole("heading", { name: "ร้านผ้าไหม", level: 1 })).toBeVisible();
    const somsri = shopCard(page, "ร้านสมศรีผ้าทอ");
    await expect(somsri.getByRole("link", { name: "0810000002" })).toHaveAttribute("href", "tel:0810000002");
    await expect(somsri.getByRole("link", { name: "tailor1@example.com" })).toBeVisible();
    await expect(somsri.getByRole("link", { name: "เข้าสู่ระบบเพื่อสั่งซื้อ" }).first()).toHaveAttribute("href", /\/login/);
    await expect(page.getByRole("button", { name: "เพิ่มลงตะกร้า" })).toHaveCount(0);
    await expect(somsri.getByText("1,250 บาท")).toBeVisible();
    // That only approved designs are shown is checked in admin.spec.ts and tests/integration/tailor/shops.test.ts.
    await screenshotBoth(page, testInfo, "shops");

    const open = () => somsri.getByRole("link", { name: /ดูภาพขยาย เสื้อหญิงแขนกระบอก/ }).click();
    const viewer = page.getByRole("dialog", { name: "เสื้อหญิงแขนกระบอก" });
    await open();
    await expect(viewer).toBeVisible();
    await expect(page).toHaveURL(/view=\d+/);
    await screenshotBoth(page, testInfo, "shops-viewer");
    await viewer.getByRole("link", { name: "ปิด" }).click();
    await expect(viewer).toBeHidden();

    await open();
    await expect(viewer).toBeVisible();
    await page.mouse.click(8, 200); // outside the panel
    await expect(viewer).toBeHidden();
    await expect(page).not.toHaveURL(/view=/);

    if (js) {
      await open();
      await expect(viewer).toBeVisible();
      await expect(viewer.getByRole("link", { name: "ปิด" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(viewer).toBeHidden();
    }
  });

  test("ten shops to a page by plain links, each shop's name leading to its own page", async ({ page, shop }) => {
    // More than one page of open shops (other tests may add more meanwhile: no exact counts here).
    const openShops = async () =>
      Number((await page.request.get("/api/public/merchants")).headers()["x-total-count"] ?? 0);
    while ((await openShops()) <= 10) await newTailor(shop);
    await page.goto("/merchant/info");
    const cards = page.locator("article[id^='shop-']");
    await expect(cards).toHaveCount(10);
    await expect(page.getByText(/ร้านช่างตัดทั้งหมด [\d,]+ ร้าน · หน้า 1 จาก \d+/)).toBeVisible();
    const firstOnPageOne = await cards.first().getAttribute("id");
    await page.getByRole("link", { name: "ถัดไป →" }).click();
    await expect(page).toHaveURL(/\/merchant\/info\?page=2$/);
    await expect(page.getByText(/หน้า 2 จาก \d+/).first()).toBeVisible();
    expect(await cards.first().getAttribute("id")).not.toBe(firstOnPageOne);
    await page.getByRole("link", { name: "← ก่อนหน้า" }).click();
    await expect(page).toHaveURL(/\/merchant\/info\?page=1$/);
    await expect(cards.first()).toHaveAttribute("id", firstOnPageOne!);

    await shopCard(page, "ร้านสมศรีผ้าทอ").getByRole("link", { name: "ร้านสมศรีผ้าทอ", exact: true }).click();
    await expect(page).toHaveURL(/\/merchant\/info\/\d+$/);
    await expect(cards).toHaveCount(1);
    await expect(shopCard(page, "ร้านสมศรีผ้าทอ").getByText("1,250 บาท")).toBeVisible();
    await page.getByRole("link", { name: "← ร้านผ้าไหมทั้งหมด" }).click();
    await expect(page).toHaveURL(/\/merchant\/info$/);
    await expect(cards).toHaveCount(10);
  });

  test("a customer adds a shop design to the cart", async ({ page, shop }) => {
    await signIn(page, await newCustomer(shop));
    await page.goto("/merchant/info");
    const boonmee = shopCard(page, "ร้านบุญมีตัดเสื้อ");
    // The customer's own size, asked beside the button.
    await boonmee.getByLabel(/ขนาดของคุณ สำหรับเสื้อคอจีนแขนยาว/).selectOption("size4");
    await boonmee.getByRole("button", { name: /เพิ่มลงตะกร้า เสื้อคอจีนแขนยาว/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(notice(page)).toContainText("เพิ่มลงตะกร้าเรียบร้อยแล้ว");
    await expect(page.getByText("ร้านบุญมีตัดเสื้อ").first()).toBeVisible();
  });

  test("the carousel moves by buttons, swipes past 30 px and scrolls by itself", async ({ page }, testInfo) => {
    const js = testInfo.project.name === "js";
    await page.setViewportSize({ width: 1280, height: 900 });
    if (js) await stopClock(page);
    await page.goto("/merchant/info");
    const track = page.getByTestId("carousel-track");
    const left = () => track.evaluate((element) => Math.round(element.scrollLeft));
    const box = (await track.boundingBox())!;
    const y = box.y + box.height * 0.3;

    if (!js) {
      // Without JavaScript: a strip that scrolls sideways, every slide in it (at most 12), no buttons.
      // The strip features up to 3 designs of each shop on the first page (10 shops), 12 at most.
      const shops = (await (await page.request.get("/api/public/merchants")).json()) as { designModels: unknown[] }[];
      const featured = shops.slice(0, 10).reduce((sum, entry) => sum + Math.min(3, entry.designModels.length), 0);
      await expect(track.getByRole("listitem")).toHaveCount(Math.min(12, featured));
      await expect(page.getByRole("button", { name: "แบบถัดไป" })).toHaveCount(0);
      await page.mouse.move(box.x + box.width / 2, y);
      await page.mouse.wheel(400, 0);
      await expect.poll(left).toBeGreaterThan(0);
      return;
    }

    // Where the track rests when this slide (from 0) is the current one, as the carousel scrolls to it.
    const restingLeft = (index: number) =>
      track.evaluate((element: HTMLElement, index) => {
        const slide = element.children[index] as HTMLElement;
        return Math.round(Math.min(slide.offsetLeft - element.offsetLeft, element.scrollWidth - element.clientWidth));
      }, index);
    // The carousel's announcement of the current slide ("แบบที่ 2 จาก 6"), polite only while paused.
    const current = page.getByText(/^แบบที่ \d+ จาก \d+$/);

    await expect(page.getByRole("button", { name: "หยุดเลื่อนอัตโนมัติ" })).toBeVisible();
    await page.getByRole("button", { name: "หยุดเลื่อนอัตโนมัติ" }).click();
    await expect(page.getByRole("button", { name: "เลื่อนอัตโนมัติ" })).toHaveAttribute("aria-pressed", "false");

    await page.getByRole("button", { name: "แบบถัดไป" }).click();
    await expect(current).toHaveText(/^แบบที่ 2 จาก/);
    await expect.poll(left).toBeGreaterThan(0);
    await page.getByRole("button", { name: "แบบก่อนหน้า" }).click();
    await expect(current).toHaveText(/^แบบที่ 1 จาก/);
    await expect.poll(left).toBe(0);

    const drag = async (dx: number) => {
      await page.mouse.move(box.x + box.width / 2, y);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + dx, y, { steps: 4 });
      await page.mouse.up();
    };
    // 20 px is no swipe: still the first slide (the swipe is judged as the button comes up). The
    // 60 px swipe after it then moves exactly one slide on, to the second.
    await drag(-20);
    await expect(current).toHaveText(/^แบบที่ 1 จาก/);
    expect(await left()).toBe(0);
    await drag(-60);
    await expect(current).toHaveText(/^แบบที่ 2 จาก/);
    await expect.poll(left).toBe(await restingLeft(1));
    // A swipe that ends on a picture does not open it.
    await expect(page).not.toHaveURL(/view=/);

    // Auto-scroll: on again, pointer and focus away; when its 3 s have passed it moves one slide on.
    await page.getByRole("button", { name: "เลื่อนอัตโนมัติ" }).click();
    await page.mouse.move(2, 890);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect(current).toHaveAttribute("aria-live", "off");
    await settled(page);
    await page.clock.runFor(3000);
    await expect(current).toHaveText(/^แบบที่ 3 จาก/);
    const held = await restingLeft(2);
    await expect.poll(left).toBe(held);

    // Hovering pauses it: another 3.6 s pass and it stays where it is.
    await page.mouse.move(box.x + box.width / 2, y);
    await expect(current).toHaveAttribute("aria-live", "polite");
    await settled(page);
    await page.clock.runFor(3600);
    await settled(page);
    await expect(current).toHaveText(/^แบบที่ 3 จาก/);
    expect(await left()).toBe(held);
  });

  test("when every slide fits, the carousel offers no controls and does not move", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "the controls are drawn by JavaScript");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/merchant/info");
    await expect(page.getByRole("button", { name: "หยุดเลื่อนอัตโนมัติ" })).toBeVisible();
    // Slides narrow enough for all of them to show at once; the strip is measured again as the window changes.
    await page.addStyleTag({ content: "[data-testid=carousel-track] > li { width: 40px !important }" });
    await page.setViewportSize({ width: 1279, height: 900 });
    await expect(page.getByRole("button", { name: /เลื่อนอัตโนมัติ/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "แบบถัดไป" })).toHaveCount(0);
  });

  test("no auto-scroll for people who ask for reduced motion", async ({ page }, testInfo) => {
    const js = testInfo.project.name === "js";
    await page.emulateMedia({ reducedMotion: "reduce" });
    if (js) await stopClock(page);
    await page.goto("/merchant/info");
    if (js) await expect(page.getByRole("button", { name: "แบบถัดไป" })).toBeVisible();
    await expect(page.getByRole("button", { name: /เลื่อนอัตโนมัติ/ })).toHaveCount(0);
    const track = page.getByTestId("carousel-track");
    await page.mouse.move(2, 700);
    if (js) {
      // Well past the 3 s of an auto-scroll (which for them would jump at once, without smooth scrolling).
      await settled(page);
      await page.clock.runFor(3600);
      await settled(page);
      await expect(page.getByText(/^แบบที่ \d+ จาก \d+$/)).toHaveText(/^แบบที่ 1 จาก/);
    }
    // Without JavaScript nothing in the page could move it.
    expect(await track.evaluate((element) => element.scrollLeft)).toBe(0);
  });
});

/**
 * Stops the page's clock (Playwright's page.clock) before the page loads: its timers, such as
 * the carousel's auto-scroll, fire only when the test runs the clock on (page.clock.runFor).
 */
async function stopClock(page: Page): Promise<void> {
  const now = Date.now();
  await page.clock.install({ time: now });
  await page.clock.pauseAt(now + 1000);
}

/**
 * Resolves once the page has run the tasks it had queued before (React commits pointer-hover
 * changes and runs effects, such as starting or stopping a timer, in such tasks): a message to
 * itself, which waits its turn behind them. Neither timers nor animation frames, which the stopped
 * clock holds.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

test.describe("admin pricing screen", () => {
  test("an admin picks a tailor and sees that tailor's prices", async ({ page, shop }, testInfo) => {
    // A new tailor at the standard prices: hem2 (ชายเสื้อลายนาค) 90 baht.
    const tailor = await newTailor(shop);
    await signIn(page, DEMO.admin);
    await page.goto("/admin/manage/pricings");
    // Tailors are found by name, not picked from one select of every tailor in the shop.
    await page.getByLabel("ค้นหาร้านค้า (ช่างตัด)").fill(tailor.name);
    await page.getByRole("button", { name: "ค้นหา", exact: true }).click();
    const found = page.getByRole("list", { name: "ร้านค้าที่เลือกได้" }).getByRole("link");
    await expect(found).toHaveCount(1);
    await found.click();
    await expect(page).toHaveURL(new RegExp(`merchantId=${tailor.id}$`));
    await expect(page.getByRole("list", { name: "ร้านค้าที่เลือกได้" })).toHaveCount(0);
    const part = "ชายเสื้อลายนาค";
    await expect(page.getByLabel(part, { exact: true })).toHaveValue(standardPrice("hem2").toFixed(2));
    await page.getByLabel(part, { exact: true }).fill("95.5");
    await page.getByRole("button", { name: "บันทึกราคา" }).click();
    await expect(notice(page)).toContainText("ราคาถูกบันทึกเรียบร้อยแล้ว");
    await expect(page.getByLabel(part, { exact: true })).toHaveValue("95.50");
    await screenshotBoth(page, testInfo, "admin-pricings");
  });
});
