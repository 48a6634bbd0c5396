import { expect, test, type Page } from "@playwright/test";
import { DEMO, loginAs, logout } from "./support/auth";
import { screenshotBoth } from "./support/screens";

/*
 * The tailor's tools with JavaScript on and off, on the demo data: part prices (and the
 * quote a customer then sees), the statistics, and the silk shops page.
 */

const notice = (page: Page) => page.getByTestId("notice");

test.describe("part prices", () => {
  test("a tailor sets a price and the customer's quote follows", async ({ page }, testInfo) => {
    const js = testInfo.project.name === "js";
    // Each project sets its own price, so the two runs do not depend on each other.
    const collarPrice = js ? "123.45" : "77";
    const expectedUnit = js ? "663.45 บาท" : "617 บาท"; // shirt1 450 + neck1 + hem2 90 (demo prices of tailor1)

    await loginAs(page, DEMO.tailor1);
    await page.goto("/merchant/pricing");
    await expect(page.getByRole("heading", { name: "ราคาลวดลาย", level: 1 })).toBeVisible();
    for (const category of ["แบบเสื้อ", "คอเสื้อ", "สาบเสื้อ", "ตะเข็บไหล่", "กระเป๋า", "ผ่าข้าง", "ปลายแขน", "ชายเสื้อ"]) {
      await expect(page.getByRole("heading", { name: new RegExp(`^${category}`), level: 2 })).toBeVisible();
    }
    await expect(page.getByRole("img", { name: "ภาพคอจีน" })).toHaveAttribute("width", "64");
    const collar = page.getByLabel("คอจีน", { exact: true });
    await expect(collar).toHaveValue(/^\d+\.\d{2}$/);
    await screenshotBoth(page, testInfo, "tailor-pricing");

    await collar.fill(collarPrice);
    await page.getByRole("button", { name: "บันทึกราคา" }).click();
    await expect(notice(page)).toContainText("ราคาถูกบันทึกเรียบร้อยแล้ว");
    await expect(page.getByLabel("คอจีน", { exact: true })).toHaveValue(Number(collarPrice).toFixed(2));

    await logout(page);
    await loginAs(page, DEMO.user);
    // A design of its own in the cart (shirt1, neck1, hem2), whatever other specs did to the demo cart.
    const added = await page.request.post("/api/design", {
      headers: { Origin: new URL(page.url()).origin },
      data: { baseId: "shirt1", collarId: "neck1", hemId: "hem2", quantity: 1 },
    });
    expect(added.status()).toBe(201);
    const { cartItemId } = (await added.json()) as { cartItemId: number };
    await page.goto(`/merchant/select?productId=${cartItemId}`);
    const somsri = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "ร้านสมศรีผ้าทอ" }) });
    await expect(somsri.getByTestId("tailor-quote")).toContainText(`ราคาต่อตัว ${expectedUnit}`);
  });

  test("a price the browser lets through is refused by the server, with nothing saved", async ({ page }, testInfo) => {
    await loginAs(page, DEMO.tailor2);
    await page.goto("/merchant/pricing");
    const shirt = page.getByLabel("เสื้อเชิ้ตชายแขนยาว", { exact: true });
    const before = await shirt.inputValue();

    // The browser's own check stops a negative price (in Thai when JavaScript runs).
    await page.getByLabel("สาบลายขิด", { exact: true }).fill("-5");
    await page.getByRole("button", { name: "บันทึกราคา" }).click();
    await expect(page).toHaveURL(/\/merchant\/pricing$/);
    const message = await page.getByLabel("สาบลายขิด", { exact: true }).evaluate((input: HTMLInputElement) => input.validationMessage);
    if (testInfo.project.name === "js") expect(message).toBe("ราคาต้องไม่ติดลบ");
    else expect(message).not.toBe("");

    // Past the browser (a form posted by hand): the server refuses, says why, saves nothing.
    const form: Record<string, string> = { shirt1: "1", placket2: "abc" };
    const response = await page.request.post("/merchant/pricing", { form, headers: { Origin: new URL(page.url()).origin }, maxRedirects: 0 });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("เกิดข้อผิดพลาดในการบันทึกราคา");
    expect(html).toContain("กรุณากรอกราคาเป็นตัวเลข");
    await page.reload();
    await expect(page.getByLabel("เสื้อเชิ้ตชายแขนยาว", { exact: true })).toHaveValue(before);
  });
});

test.describe("statistics", () => {
  test("a tailor reads the figures for each period", async ({ page }, testInfo) => {
    await loginAs(page, DEMO.tailor1);
    // The figures themselves are checked against hand-computed ones in tests/integration/tailor; other
    // specs in this run place and work tailor1's orders, so here the page must show what the shop computes.
    const figures = async (period?: string) => {
      const answer = await page.request.get(`/api/merchants/statistics${period ? `?period=${period}` : ""}`);
      expect(answer.status()).toBe(200);
      return (await answer.json()) as { orderCounts: { ordered: number; accepted: number; completed: number }; totalEarnings: number };
    };
    const baht = (amount: number) => `${amount.toLocaleString("th-TH", { maximumFractionDigits: 2 })} บาท`;
    const all = await figures();
    await page.goto("/merchant/statistics");
    await expect(page.getByRole("heading", { name: "สถิติคำสั่งซื้อ", level: 1 })).toBeVisible();
    await expect(page.getByTestId("stat-ordered")).toContainText(String(all.orderCounts.ordered));
    await expect(page.getByTestId("stat-accepted")).toContainText(String(all.orderCounts.accepted));
    await expect(page.getByTestId("stat-completed")).toContainText(String(all.orderCounts.completed));
    await expect(page.getByTestId("stat-earnings")).toContainText(baht(all.totalEarnings));
    expect(all.orderCounts.completed).toBeGreaterThanOrEqual(2);
    await expect(page.getByText("รายได้นับเฉพาะคำสั่งซื้อที่ตัดเย็บเสร็จแล้ว", { exact: false })).toBeVisible();
    await expect(page.getByRole("img", { name: /กราฟเส้นจำนวนคำสั่งซื้อ/ }).filter({ visible: true })).toBeVisible();
    await expect(page.getByRole("table")).toContainText("สมชาย รักผ้าไทย");
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

  test("the table behind a chart opens without JavaScript", async ({ page }) => {
    await loginAs(page, DEMO.tailor1);
    await page.goto("/merchant/statistics?period=year");
    await page.getByText("ดูข้อมูลเป็นตาราง").first().click();
    await expect(page.getByRole("columnheader", { name: "ช่วงเวลา" }).first()).toBeVisible();
  });
});

test.describe("silk shops", () => {
  const shop = (page: Page, name: string) => page.getByRole("article", { name });

  test("a visitor sees shops, contacts and an enlarged view that closes", async ({ page }, testInfo) => {
    const js = testInfo.project.name === "js";
    await page.goto("/merchant/info");
    await expect(page.getByRole("heading", { name: "ร้านผ้าไหม", level: 1 })).toBeVisible();
    const somsri = shop(page, "ร้านสมศรีผ้าทอ");
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

  test("a customer adds a shop design to the cart", async ({ page }) => {
    await loginAs(page, DEMO.user);
    await page.goto("/merchant/info");
    const boonmee = shop(page, "ร้านบุญมีตัดเสื้อ");
    await boonmee.getByRole("button", { name: /เพิ่มลงตะกร้า เสื้อคอจีนแขนยาว/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(notice(page)).toContainText("เพิ่มลงตะกร้าเรียบร้อยแล้ว");
    await expect(page.getByText("ร้านบุญมีตัดเสื้อ").first()).toBeVisible();
  });

  test("the carousel moves by buttons, swipes past 30 px and scrolls by itself", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/merchant/info");
    const track = page.getByTestId("carousel-track");
    const left = () => track.evaluate((element) => Math.round(element.scrollLeft));
    const box = (await track.boundingBox())!;
    const y = box.y + box.height * 0.3;

    if (testInfo.project.name === "no-js") {
      // Without JavaScript: a strip that scrolls sideways, every slide in it (at most 12), no buttons.
      const shops = (await (await page.request.get("/api/public/merchants")).json()) as { designModels: unknown[] }[];
      const approved = shops.reduce((sum, entry) => sum + entry.designModels.length, 0);
      await expect(track.getByRole("listitem")).toHaveCount(Math.min(12, approved));
      await expect(page.getByRole("button", { name: "แบบถัดไป" })).toHaveCount(0);
      await page.mouse.move(box.x + box.width / 2, y);
      await page.mouse.wheel(400, 0);
      await expect.poll(left).toBeGreaterThan(0);
      return;
    }

    await expect(page.getByRole("button", { name: "หยุดเลื่อนอัตโนมัติ" })).toBeVisible();
    await page.getByRole("button", { name: "หยุดเลื่อนอัตโนมัติ" }).click();
    await expect(page.getByRole("button", { name: "เลื่อนอัตโนมัติ" })).toHaveAttribute("aria-pressed", "false");

    await page.getByRole("button", { name: "แบบถัดไป" }).click();
    await expect.poll(left).toBeGreaterThan(0);
    await page.getByRole("button", { name: "แบบก่อนหน้า" }).click();
    await expect.poll(left).toBe(0);

    const drag = async (dx: number) => {
      await page.mouse.move(box.x + box.width / 2, y);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + dx, y, { steps: 4 });
      await page.mouse.up();
    };
    await drag(-20);
    await page.waitForTimeout(400);
    expect(await left()).toBe(0);
    await drag(-60);
    await expect.poll(left).toBeGreaterThan(0);
    // A swipe that ends on a picture does not open it.
    await expect(page).not.toHaveURL(/view=/);

    // Auto-scroll: on again, pointer and focus away, it moves within about 3 s.
    await page.getByRole("button", { name: "เลื่อนอัตโนมัติ" }).click();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(2, 890);
    const start = await left();
    await expect.poll(left, { timeout: 4500 }).not.toBe(start);

    // Hovering pauses it.
    await page.mouse.move(box.x + box.width / 2, y);
    await page.waitForTimeout(300);
    const held = await left();
    await page.waitForTimeout(3600);
    expect(await left()).toBe(held);
  });

  test("no auto-scroll for people who ask for reduced motion", async ({ page }, testInfo) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/merchant/info");
    if (testInfo.project.name === "js") await expect(page.getByRole("button", { name: "แบบถัดไป" })).toBeVisible();
    await expect(page.getByRole("button", { name: /เลื่อนอัตโนมัติ/ })).toHaveCount(0);
    const track = page.getByTestId("carousel-track");
    await page.mouse.move(2, 700);
    await page.waitForTimeout(3600);
    expect(await track.evaluate((element) => element.scrollLeft)).toBe(0);
  });
});

test.describe("admin pricing screen", () => {
  test("an admin picks a tailor and sees that tailor's prices", async ({ page }, testInfo) => {
    await loginAs(page, DEMO.admin);
    await page.goto("/admin/manage/pricings");
    await page.getByLabel("เลือกร้านค้า (ช่างตัด)").selectOption({ label: "ร้านคำปุนแพรวา (คำปุน แพรวา)" });
    if (testInfo.project.name === "no-js") await page.getByRole("button", { name: "แสดงราคา" }).click();
    await expect(page).toHaveURL(/merchantId=\d+/);
    // Each project changes its own part. tailor3's demo prices: hem1 80 + 2 × 5, hem2 90 + 2 × 5.
    const [part, before] = testInfo.project.name === "js" ? ["ชายเสื้อลายขิดดอกแก้ว", "90.00"] : ["ชายเสื้อลายนาค", "100.00"];
    await expect(page.getByLabel(part, { exact: true })).toHaveValue(before);
    await page.getByLabel(part, { exact: true }).fill("95.5");
    await page.getByRole("button", { name: "บันทึกราคา" }).click();
    await expect(notice(page)).toContainText("ราคาถูกบันทึกเรียบร้อยแล้ว");
    await expect(page.getByLabel(part, { exact: true })).toHaveValue("95.50");
    await screenshotBoth(page, testInfo, "admin-pricings");
  });
});
