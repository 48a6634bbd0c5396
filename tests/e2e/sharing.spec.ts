import { expect, newTailor, popularDesign, test } from "./support/fixtures";
import { screenshotBoth } from "./support/screens";

/*
 * Sharing and installing the shop (issue 50), JavaScript on and off: a shop's design has its own
 * page (from the shop's page), which a chat previews (og:image, a picture the shop draws), shares to
 * LINE with a plain link and gives its address to copy; the shop installs (manifest and icons).
 */

test.use({ viewport: { width: 360, height: 740 } });

test("a shop's design is shared from its own page: the LINE link, the copied address and its picture", async ({
  page,
  context,
  shop,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  const tailor = await newTailor(shop);
  const designId = await popularDesign(tailor, 1250);

  // From the shop's page to the design's own page.
  await page.goto(`/merchant/info/${tailor.id}`);
  await screenshotBoth(page, testInfo, "shop-page-share");
  await page.getByRole("link", { name: new RegExp(`แบบ #${designId}$`) }).click();
  await expect(page).toHaveURL(new RegExp(`/designs/${designId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("1,250 บาท").first()).toBeVisible();
  const address = new URL(page.url()).href;

  // What a chat reads: the picture is at an absolute address and is a 1200×630 JPEG.
  const image = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/share\/designs\/\d+\/[0-9a-f]{16}\.jpg$/);
  expect(await page.locator('meta[property="og:url"]').getAttribute("content")).toBe(address);
  const picture = await page.request.get(image!);
  expect(picture.status()).toBe(200);
  expect(picture.headers()["content-type"]).toBe("image/jpeg");

  // "สั่งตัดแบบนี้": a visitor logs in first, or takes the design into the designer.
  await expect(page.getByRole("link", { name: "เข้าสู่ระบบเพื่อสั่งซื้อ" })).toBeVisible();
  await expect(page.getByRole("link", { name: "ปรับแบบนี้ในหน้าออกแบบ" })).toHaveAttribute(
    "href",
    /^\/design\?category=shirt&shirt=shirt4&neck=neck4/,
  );

  // Share to LINE: a plain link with the title and the address typed in.
  const line = page.getByRole("link", { name: "แชร์ไปที่ LINE" });
  const lineHref = new URL((await line.getAttribute("href"))!);
  expect(`${lineHref.origin}${lineHref.pathname}`).toBe("https://line.me/R/share");
  expect(lineHref.searchParams.get("text")).toContain(address);

  await screenshotBoth(page, testInfo, "design-page");
  if (js) {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "คัดลอกลิงก์" }).click();
    await expect(page.getByRole("status").filter({ hasText: "คัดลอกลิงก์แล้ว" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  } else {
    await page.getByText("คัดลอกลิงก์", { exact: true }).click();
    await expect(page.getByLabel("ลิงก์ของหน้านี้ (กดค้างแล้วเลือกคัดลอก)")).toHaveValue(address);
  }

  // The designer shares the shirt in its address (its parts), whose preview is a picture of it.
  await page.goto("/design?category=neck&shirt=shirt2&neck=neck1");
  const designerShare = new URL((await page.getByRole("link", { name: "แชร์ไปที่ LINE" }).getAttribute("href"))!);
  expect(designerShare.searchParams.get("text")).toContain("/design?category=shirt&shirt=shirt2&neck=neck1");
  expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(
    /\/share\/designer\/[0-9a-f]{16}\.jpg\?shirt=shirt2&neck=neck1$/,
  );
  await screenshotBoth(page, testInfo, "designer-share");
});

test("the shop installs: its manifest, icons and favicon, linked from every page", async ({ page }) => {
  await page.goto("/merchant/info");
  // The browser reads the page's manifest and finds nothing wrong in it.
  const devtools = await page.context().newCDPSession(page);
  const read = await devtools.send("Page.getAppManifest");
  expect(read.url).toMatch(/\/manifest\.webmanifest$/);
  expect(read.errors).toEqual([]);
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(manifestHref).toBe("/manifest.webmanifest");
  const manifest = await page.request.get(manifestHref!);
  expect(manifest.status()).toBe(200);
  const body = (await manifest.json()) as {
    name: string;
    lang: string;
    display: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(body).toMatchObject({ lang: "th", display: "standalone" });
  expect(body.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
  for (const src of [...body.icons.map((icon) => icon.src), touchIcon!]) {
    const icon = await page.request.get(src);
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()["content-type"]).toBe("image/png");
  }
  const favicon = await page.request.get("/favicon.ico");
  expect(favicon.status()).toBe(200);
  expect((await favicon.body()).subarray(0, 4).toString("hex")).toBe("00000100");
});
