import { expect, test } from "@playwright/test";
import { PHONE, screenshotBoth } from "./support/screens";

test("home shows the hero, live counts, the tiles, the four peoples and the buyer notice", async ({
  page,
  request,
}, testInfo) => {
  const counts = (await (await request.get("/api/public/info")).json()) as { userCount: number; merchantCount: number };
  expect(counts.merchantCount).toBeGreaterThanOrEqual(3);
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/ผ้าทอ/);
  await expect(page.locator("html")).toHaveAttribute("lang", "th");

  await expect(page.getByRole("heading", { level: 1 }).first()).toContainText("ออกแบบเสื้อลายผ้าทอ");
  await expect(page.getByTestId("merchant-count")).toHaveText(`${counts.merchantCount.toLocaleString("th-TH")} คน`);
  await expect(page.getByTestId("user-count")).toHaveText(`${counts.userCount.toLocaleString("th-TH")} คน`);
  await expect(page.getByRole("link", { name: /ดูแบบเสื้อยอดนิยม/ })).toHaveAttribute("href", "/merchant/info");
  await expect(page.getByRole("link", { name: /ออกแบบเสื้อ →/ })).toHaveAttribute("href", "/design");
  await expect(page.getByRole("heading", { name: "สี่ชาติพันธุ์ หนึ่งผืนผ้า" })).toBeVisible();
  for (const people of ["ผู้ไท", "ไทญ้อ", "ไทกะเลิง", "ไทลาว"]) {
    await expect(page.getByRole("heading", { name: people, exact: true })).toBeVisible();
  }
  await expect(page.getByText("ราคาที่แสดงเป็นเพียงราคาเริ่มต้นเท่านั้น")).toBeVisible();

  // The hero's call to action leads to the designer, on a wide screen and on a phone.
  const wideCta = page.getByRole("link", { name: "ออกแบบเสื้อปักลาย" });
  await expect(wideCta).toBeVisible();
  await expect(wideCta).toHaveAttribute("href", "/design");
  await page.setViewportSize(PHONE);
  await expect(page.getByRole("link", { name: "ออกแบบเสื้อปักลาย" })).toBeVisible();

  await screenshotBoth(page, testInfo, "home");
});

test("the visitor's menu opens on a phone and leads to the contact page", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/");
  // One menu: hidden on a phone until its button opens it.
  const menu = page.getByRole("navigation", { name: "เมนูหลัก", exact: true });
  await expect(menu).toBeHidden();
  await page.getByText("เมนู", { exact: true }).click();
  await expect(menu).toBeVisible();
  for (const label of ["ออกแบบเสื้อ", "ร้านผ้าไหม", "ติดต่อเรา", "สมัครสมาชิก", "เข้าสู่ระบบ"]) {
    await expect(menu.getByRole("link", { name: label })).toBeVisible();
  }
  await menu.getByRole("link", { name: "ติดต่อเรา" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { name: "ติดต่อเรา", level: 1 })).toBeVisible();
  // The menu is closed after choosing an item, and the current page is marked.
  await expect(menu).toBeHidden();
  await page.getByText("เมนู", { exact: true }).click();
  await expect(menu.getByRole("link", { name: "ติดต่อเรา" })).toHaveAttribute("aria-current", "page");
  // Marked once in the page, whatever the width (the menu is not drawn twice).
  await expect(page.locator("[aria-current=page]")).toHaveCount(1);
});

test("contact shows the address, the switchboard and the lecturer's e-mail as three cards", async ({
  page,
}, testInfo) => {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { name: "ติดต่อเรา", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "ที่อยู่" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "โทรศัพท์" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "อีเมล" })).toBeVisible();
  await expect(page.getByRole("link", { name: /0-0000-0000/ })).toHaveAttribute("href", /^tel:/);
  await expect(page.getByRole("link", { name: "lecturer@example.ac.th" })).toHaveAttribute(
    "href",
    "mailto:lecturer@example.ac.th",
  );
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(3);
  await expect(
    page.getByRole("navigation", { name: "เมนูหลัก", exact: true }).getByRole("link", { name: "ติดต่อเรา" }),
  ).toHaveAttribute("aria-current", "page");
  await screenshotBoth(page, testInfo, "contact");
});

test("an unknown address gets a Thai 404 page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "ไม่พบหน้าที่ต้องการ" })).toBeVisible();
});

test("home: HTML, CSS and fonts stay under 60 KB compressed, and the page is whole without scripts", async ({
  page,
}) => {
  const sizes: { type: string; url: string; bytes: number }[] = [];
  page.on("requestfinished", async (request) => {
    const type = request.resourceType();
    if (type === "document" || type === "stylesheet" || type === "font") {
      const { responseBodySize } = await request.sizes();
      sizes.push({ type, url: request.url(), bytes: responseBodySize });
    }
  });
  await page.goto("/", { waitUntil: "networkidle" });
  await page.evaluate(() => document.fonts.ready).catch(() => undefined);
  const total = sizes.reduce((sum, entry) => sum + entry.bytes, 0);
  expect(
    sizes.some((entry) => entry.type === "font"),
    "the Thai web font is used",
  ).toBe(true);
  expect(total, JSON.stringify(sizes)).toBeLessThan(60 * 1024);
  // One file per weight, Thai and Latin together: on a slow connection every request waits its turn.
  expect(sizes.filter((entry) => entry.type === "font").length, JSON.stringify(sizes)).toBeLessThanOrEqual(2);
});

test("the fonts are declared once, in the page's own stylesheet: the whole stylesheet added after hydration declares none", async ({
  request,
}) => {
  // Declared again in the whole stylesheet, the fonts made a phone lay the whole page out a second
  // time when that file arrived (entry.server.tsx).
  const html = await (await request.get("/")).text();
  const own = html.match(/<style id="shop-css" data-whole="([^"]+)">(.*?)<\/style>/s);
  expect(own, "the page carries its own stylesheet").not.toBeNull();
  const [, wholeHref, ownCss] = own!;
  expect(ownCss!.match(/@font-face\{font-family:Sarabun;/g)).toHaveLength(2);
  const whole = await request.get(wholeHref!);
  expect(whole.ok()).toBe(true);
  const wholeCss = await whole.text();
  expect(wholeCss).toContain(".text-indigo-ink");
  expect(wholeCss).not.toContain("@font-face");
});

test("a page reached in the browser is drawn as when it is loaded itself: the whole stylesheet follows the first page's own", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "the browser draws the next page only with JavaScript");
  // Every element's computed look on the page (custom properties aside).
  const look = () =>
    page.locator("main").evaluate((main) =>
      [main, ...main.querySelectorAll("*")].map((element) => {
        const style = getComputedStyle(element);
        return [...style]
          .filter((name) => !name.startsWith("--"))
          .map((name) => `${name}:${style.getPropertyValue(name)}`);
      }),
    );
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/contact");
  await expect(page.locator(`link[rel=stylesheet][href$=".css"]`)).toHaveCount(1);
  // The contact page's HTML carries only its own rules; the login page uses others (its form).
  await page.evaluate(() => Object.assign(window, { stayed: true }));
  await page.getByRole("banner").getByRole("link", { name: "เข้าสู่ระบบ" }).click();
  await expect(page.getByRole("heading", { name: "เข้าสู่ระบบ" })).toBeVisible();
  expect(await page.evaluate(() => "stayed" in window), "the login page was drawn by the browser").toBe(true);
  const drawnInBrowser = await look();
  await page.reload();
  expect(await look()).toEqual(drawnInBrowser);
});
