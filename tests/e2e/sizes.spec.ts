import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { signIn } from "./support/auth";
import { expect, newCustomer, test } from "./support/fixtures";
import { phoneFitProblems } from "./support/phone-fit";

/*
 * A design needs a size before the cart, on a 360 px phone with JavaScript on and off: the
 * designer refuses to add without one (the message beside the sizes, nothing in the cart) and
 * adds once one is chosen beside the button; the cart shows the line's size and changes it.
 */

const PHONE = { width: 360, height: 740 };
const notice = (page: Page) => page.getByTestId("notice");
const tab = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "หมวดหมู่ชิ้นส่วน" }).getByRole("link", { name, exact: true });
const card = (page: Page, name: string) =>
  page.getByRole("region", { name: "เลือกชิ้นส่วน" }).getByRole("link", { name, exact: true });

/** With SCREENSHOTS=1: the page at 360 px and at 1280 px, full length, into screens/ of the run's output. */
async function shots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (process.env.SCREENSHOTS !== "1") return;
  for (const [label, size] of [
    ["360", PHONE],
    ["1280", { width: 1280, height: 900 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.evaluate(() => document.fonts?.ready);
    await page.screenshot({
      path: path.join(testInfo.project.outputDir, "screens", `${testInfo.project.name}-${name}-${label}.png`),
      fullPage: true,
      animations: "disabled",
    });
  }
  await page.setViewportSize(PHONE);
}

test("the designer asks for the size beside the add button, and the cart changes a line's size", async ({
  page,
  shop,
}, testInfo) => {
  test.setTimeout(120_000);
  // The layout is measured in the page: with JavaScript on (a11y.spec.ts walks every page without).
  const js = testInfo.project.name === "js";
  await page.setViewportSize(PHONE);
  const customer = await newCustomer(shop);
  await signIn(page, customer);
  const cartRows = async () =>
    (await (await page.request.get("/api/cart")).json()) as { id: number; size: { sid: string } | null }[];

  await page.goto("/design?category=shirt");
  await tab(page, "คอเสื้อ").click();
  await card(page, "คอปกเชิ้ต").click();
  await expect(card(page, "คอปกเชิ้ต")).toHaveAttribute("aria-current", "true");

  // No size yet: the add is refused beside the sizes, and nothing enters the cart.
  const sizes = page.getByRole("group", { name: /ขนาดเสื้อ/ });
  await expect(sizes.getByRole("link")).toHaveText([
    "S อก 36 นิ้ว",
    "M อก 38 นิ้ว",
    "L อก 40 นิ้ว",
    "XL อก 42 นิ้ว",
    "2XL อก 44 นิ้ว",
    "3XL อก 46 นิ้ว",
    "ตัดตามสัดส่วน",
  ]);
  await page.getByRole("button", { name: "เพิ่มลงตะกร้า" }).click();
  await expect(sizes.getByRole("alert")).toHaveText("กรุณาเลือกขนาดเสื้อ");
  await expect(page).toHaveURL(/\/design\?/);
  await expect(page).toHaveURL(/neck=neck2/);
  expect(await cartRows()).toEqual([]);
  // The refusal is in view on the phone, next to the sizes and the button.
  await expect(sizes.getByRole("alert")).toBeInViewport();
  if (js) expect(await phoneFitProblems(page, "/design (refused)")).toEqual([]);
  await shots(page, testInfo, "designer-needs-size");

  // A size beside the button: chosen, the message goes and the design goes into the cart.
  await sizes.getByRole("link", { name: "L อก 40 นิ้ว" }).click();
  await expect(sizes.getByRole("link", { name: "L อก 40 นิ้ว" })).toHaveAttribute("aria-current", "true");
  await expect(sizes.getByRole("alert")).toHaveCount(0);
  await expect(sizes).toContainText("ขนาดเสื้อ: L รอบอก 40 นิ้ว");
  // The collar chosen before is still there (the size is one more part of the same address).
  await expect(page).toHaveURL(/neck=neck2.*size=size3|size=size3.*neck=neck2/);
  await page.getByRole("button", { name: "เพิ่มลงตะกร้า" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(notice(page)).toContainText("เพิ่มลงตะกร้าเรียบร้อยแล้ว");
  expect((await cartRows()).map((row) => row.size?.sid)).toEqual(["size3"]);

  // The cart shows the line's size and changes it with the line's own form.
  const line = page.getByRole("list", { name: "สินค้าในตะกร้า" }).getByRole("listitem").first();
  const size = line.getByLabel(/^ขนาด ของ/);
  await expect(size).toHaveValue("size3");
  await expect(size.locator("option:checked")).toHaveText("L รอบอก 40 นิ้ว");
  await expect(notice(page)).toBeHidden();
  if (js) expect(await phoneFitProblems(page, "/cart")).toEqual([]);
  await shots(page, testInfo, "cart-size");
  await size.selectOption("size4");
  await line.getByRole("button", { name: "เปลี่ยนขนาด" }).click();
  await expect(notice(page)).toContainText("เปลี่ยนขนาดเสื้อแล้ว");
  await expect(page.getByRole("list", { name: "สินค้าในตะกร้า" }).getByLabel(/^ขนาด ของ/)).toHaveValue("size4");
  expect((await cartRows()).map((row) => row.size?.sid)).toEqual(["size4"]);
});

test("a shop's design from the silk shops page goes into the cart in the size chosen beside its button", async ({
  page,
  shop,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  await signIn(page, await newCustomer(shop));
  await page.goto("/merchant/info");
  const boonmee = page.getByRole("article", { name: "ร้านบุญมีตัดเสื้อ" });
  const size = boonmee.getByLabel(/ขนาดของคุณ สำหรับเสื้อคอจีนแขนยาว/);
  const add = boonmee.getByRole("button", { name: /เพิ่มลงตะกร้า เสื้อคอจีนแขนยาว/ });
  await expect(size).toHaveValue("");
  // Without a size the browser does not send it (the server refuses it too: tests/integration/orders/sizes.test.ts).
  await add.click();
  await expect(page).toHaveURL(/\/merchant\/info$/);
  await shots(page, testInfo, "shops-size");
  await size.selectOption("size5");
  await add.click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(notice(page)).toContainText("เพิ่มลงตะกร้าเรียบร้อยแล้ว");
  const line = page.getByRole("list", { name: "สินค้าในตะกร้า" }).getByRole("listitem").first();
  await expect(line).toContainText("ร้านบุญมีตัดเสื้อ");
  await expect(line.getByLabel(/^ขนาด ของ/)).toHaveValue("size5");
});
