import type { Locator, Page } from "@playwright/test";
import { signIn } from "./support/auth";
import { expect, newCustomer, newTailor, setPrices, standardPrice, test } from "./support/fixtures";

/**
 * A keyboard-only customer: from the designer to a placed order with nothing but Tab, Shift+Tab,
 * Enter and Space. Every control on the way must be reachable in order and work from the keyboard.
 * A new customer (an empty cart) orders from a new tailor.
 */

/** Playwright's own check (it works without JavaScript in the page, unlike evaluate). */
async function isFocused(target: Locator): Promise<boolean> {
  try {
    await expect(target).toBeFocused({ timeout: 30 });
    return true;
  } catch {
    return false;
  }
}

/** Presses Tab (forwards) until the target has the focus; fails when it never comes. */
async function tabTo(page: Page, target: Locator, most = 250): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < most; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target} in ${most} presses`);
}

/** Closes the notice dialog from the keyboard, unless it closes by itself first (after 2 s). */
async function dismissNotice(page: Page): Promise<void> {
  const ok = page.getByRole("dialog").getByRole("button", { name: "ตกลง" });
  for (let presses = 0; presses < 250; presses += 1) {
    if (!(await ok.isVisible())) return;
    if (await isFocused(ok)) {
      await page.keyboard.press("Enter");
      await expect(ok).toBeHidden();
      return;
    }
    await page.keyboard.press("Tab");
  }
  throw new Error("Tab never reached the notice's OK button");
}

test("keyboard only: design a shirt, add it to the cart, choose a tailor and place the order", async ({
  page,
  shop,
}) => {
  test.setTimeout(120_000);
  // The tailor makes the designer's first shirt (shirt1) cheaper than anyone, so it heads the list
  // of tailors (cheapest first) and the keyboard reaches it in a few presses.
  const tailor = await newTailor(shop);
  await setPrices(tailor, { shirt1: standardPrice("shirt1") - 50 });
  await signIn(page, await newCustomer(shop));

  // From the home page's menu to the designer, then a collar from its category: Tab and Enter on links.
  await page.goto("/");
  await tabTo(page, page.getByRole("link", { name: "ออกแบบเสื้อ" }).first());
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/design/);
  const categories = page.getByRole("navigation", { name: "หมวดหมู่ชิ้นส่วน" });
  await tabTo(page, categories.getByRole("link", { name: "คอเสื้อ" }));
  await page.keyboard.press("Enter");
  await expect(categories.getByRole("link", { name: "คอเสื้อ" })).toHaveAttribute("aria-current", "page");
  const collar = page.getByRole("link", { name: "คอปกเชิ้ต" });
  await tabTo(page, collar);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("link", { name: "คอปกเชิ้ต" })).toHaveAttribute("aria-current", "true");

  // The size beside the button, then add to the cart with Space on the button.
  const sizes = page.getByRole("group", { name: /ขนาดเสื้อ/ });
  await tabTo(page, sizes.getByRole("link", { name: "M อก 38 นิ้ว" }));
  await page.keyboard.press("Enter");
  await expect(sizes.getByRole("link", { name: "M อก 38 นิ้ว" })).toHaveAttribute("aria-current", "true");
  await tabTo(page, page.getByRole("button", { name: "เพิ่มลงตะกร้า" }));
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/\/cart$/);
  await dismissNotice(page);

  // The shirt has no tailor yet: the link, then the tailor's button.
  const waiting = page.getByRole("listitem").filter({ hasText: "ยังไม่ได้เลือกช่าง" });
  await expect(waiting).toHaveCount(1);
  await tabTo(page, waiting.getByRole("link", { name: "เลือกช่างตัด" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/merchant\/select\?productId=\d+/);
  // Looked up by name, from the keyboard: the search box, the name, Enter.
  await tabTo(page, page.getByRole("searchbox", { name: "ค้นหาช่างตัด" }));
  await page.keyboard.type(tailor.name);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/merchant\/select\?productId=\d+&q=/);
  const tailorCard = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: tailor.name }) });
  await tabTo(page, tailorCard.getByRole("button", { name: /เลือกช่างรายนี้/ }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/cart$/);
  await dismissNotice(page);
  await expect(page.getByRole("listitem").filter({ hasText: tailor.name })).toHaveCount(1);
  await expect(waiting).toHaveCount(0);

  await tabTo(page, page.getByRole("link", { name: "สั่งตัดเสื้อ", exact: true }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/cart\/review$/);
  await tabTo(page, page.getByRole("button", { name: /^ยืนยันสั่งตัดทั้งหมด/ }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/user\/orders$/);
  await expect(page.getByTestId("notice")).toHaveText("สั่งตัดเสื้อเรียบร้อยแล้ว");
  await dismissNotice(page);

  // Nothing is left in the cart.
  await page.goto("/cart");
  await expect(page.getByText("ยังไม่มีสินค้าในตะกร้า")).toBeVisible();
});
