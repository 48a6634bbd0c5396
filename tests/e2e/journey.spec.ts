import type { Page } from "@playwright/test";
import { signIn } from "./support/auth";
import { cartDesign, chooseTailor, expect, newCustomer, newTailor, SHIRT, test } from "./support/fixtures";
import { screenshotBoth } from "./support/screens";

/*
 * A new customer's road on a 360 px phone, JavaScript on and off: design a shirt as a visitor,
 * sign up from the designer, log in (the e-mail already filled in) and find the same design,
 * refused without a size, add it, see the cart count in the header, review the cart and place one
 * line alone. And the designer keeps the shirt in view while parts are picked, steps on with
 * "ถัดไป", and (with JavaScript) keeps the design when the connection fails.
 */

const PHONE = { width: 360, height: 740 };
const notice = (page: Page) => page.getByTestId("notice");
const tab = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "หมวดหมู่ชิ้นส่วน" }).getByRole("link", { name, exact: true });
const card = (page: Page, name: string) =>
  page.getByRole("region", { name: "เลือกชิ้นส่วน" }).getByRole("link", { name, exact: true });

test("a visitor's design survives sign-up and login; refused without a size; reviewed and placed one line alone", async ({
  page,
  shop,
}, testInfo) => {
  test.setTimeout(150_000);
  await page.setViewportSize(PHONE);
  const tag = shop.unique();
  const email = `journey-${tag}@example.com`;
  const password = "journey-pass-1";

  // A visitor designs: a shirt collar.
  await page.goto("/design?category=shirt");
  await tab(page, "คอเสื้อ").click();
  await card(page, "คอปกเชิ้ต").click();
  await expect(card(page, "คอปกเชิ้ต")).toHaveAttribute("aria-current", "true");
  // The shirt as picked stays in view above the parts on a phone.
  await expect(page.getByTestId("mini-preview")).toBeInViewport();
  // The price from the start, before any account (shipping.spec.ts checks its figures).
  await expect(page.getByText(/ราคาเริ่มต้น/)).toBeVisible();
  await screenshotBoth(page, testInfo, "designer-visitor");

  // Sign up from the designer: the design goes along.
  await page.getByRole("link", { name: "สมัครสมาชิก" }).last().click();
  await expect(page).toHaveURL(/\/register\?redirectTo=/);
  await page.getByLabel("ชื่อ-นามสกุล").fill(`ลูกค้า เดินทาง ${tag}`);
  await page.getByLabel("อีเมล").fill(email);
  await page.getByLabel("รหัสผ่าน", { exact: true }).fill(password);
  await page.getByLabel("ยืนยันรหัสผ่าน").fill(password);
  await page.getByLabel("เบอร์โทรศัพท์").fill(`08${String(Date.now()).slice(-8)}`);
  await page.getByLabel("วันเกิด").fill("1992-02-29");
  await page.getByLabel(/^ที่อยู่สำหรับจัดส่ง/).fill(`7 หมู่ 2 ต.นาดี (${tag})`);
  await page.getByRole("button", { name: "สมัครสมาชิก" }).click();

  // The login page has the e-mail already; logging in comes back to the same design.
  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByLabel("อีเมล")).toHaveValue(email);
  await page.getByLabel("รหัสผ่าน", { exact: true }).fill(password);
  await page.getByRole("button", { name: "เข้าสู่ระบบ" }).click();
  await page.waitForURL((url) => url.pathname === "/design", { timeout: 30_000 });
  await expect(card(page, "คอปกเชิ้ต")).toHaveAttribute("aria-current", "true");

  // No size yet: refused beside the sizes, nothing in the cart.
  await page.getByRole("button", { name: "เพิ่มลงตะกร้า" }).click();
  await expect(page.getByRole("group", { name: /ขนาดเสื้อ/ }).getByRole("alert")).toHaveText("กรุณาเลือกขนาดเสื้อ");
  await page
    .getByRole("group", { name: /ขนาดเสื้อ/ })
    .getByRole("link", { name: "M อก 38 นิ้ว" })
    .click();
  await page.getByRole("button", { name: "เพิ่มลงตะกร้า" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(notice(page)).toHaveText("เพิ่มลงตะกร้าเรียบร้อยแล้ว");
  // The header counts the cart's lines, on a phone beside the menu.
  await expect(page.getByTestId("header-cart")).toContainText("1");

  // A second line, put in through the shop's JSON calls, with a tailor chosen for both.
  const tailor = await newTailor(shop);
  const api = await shop.session(email, password);
  // Only `api` is read by the helpers below.
  const customer = { id: 0, email, password, name: "", api };
  const { cartItemId: second } = await cartDesign(customer, { ...SHIRT, sizeId: "size3" });
  await page.reload();
  await expect(page.getByTestId("header-cart")).toContainText("2");
  const rows = (await (await api.get("/api/cart")).json()) as { id: number }[];
  for (const row of rows) await chooseTailor(customer, row.id, tailor);

  // The review step: each line's size, tailor and price; the first is placed alone.
  await page.goto("/cart");
  await page.getByRole("link", { name: "สั่งตัดเสื้อ", exact: true }).click();
  await expect(page).toHaveURL(/\/cart\/review$/);
  const lines = page.getByRole("list", { name: "รายการที่จะสั่งตัด" }).getByRole("listitem");
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toContainText("M รอบอก 38 นิ้ว");
  await expect(lines.last()).toContainText("L รอบอก 40 นิ้ว");
  await expect(page.getByTestId("delivery-address")).toContainText(`7 หมู่ 2 ต.นาดี (${tag})`);
  await screenshotBoth(page, testInfo, "cart-review-two-lines");
  await lines.last().getByRole("button", { name: "สั่งเฉพาะรายการนี้" }).click();
  await expect(page).toHaveURL(/\/user\/orders$/);
  await expect(notice(page)).toHaveText("สั่งตัดเสื้อเรียบร้อยแล้ว");
  const cart = (await (await api.get("/api/cart")).json()) as { id: number }[];
  expect(cart.map((row) => row.id)).not.toContain(second);
  expect(cart).toHaveLength(1);
  await expect(page.getByTestId("header-cart")).toContainText("1");
});

test("the phone designer steps on with ถัดไป, and an add that loses the connection keeps the design", async ({
  page,
  shop,
}, testInfo) => {
  test.setTimeout(120_000);
  const js = testInfo.project.name === "js";
  await page.setViewportSize(PHONE);
  const customer = await newCustomer(shop);
  await signIn(page, customer);

  await page.goto("/design?category=shirt");
  await expect(page.getByRole("heading", { name: /ขั้นที่ 1\/13/ })).toBeVisible();
  await page.getByRole("link", { name: "ถัดไป: คอเสื้อ →" }).click();
  await expect(page.getByRole("heading", { name: /ขั้นที่ 2\/13/ })).toBeVisible();
  await expect(tab(page, "คอเสื้อ")).toHaveAttribute("aria-current", "page");
  await card(page, "คอปกเชิ้ต").click();
  await expect(page.getByTestId("mini-preview")).toBeInViewport();
  await page
    .getByRole("group", { name: /ขนาดเสื้อ/ })
    .getByRole("link", { name: "M อก 38 นิ้ว" })
    .click();
  if (!js) return;

  // With JavaScript: the connection drops as the add is sent; the design stays and the button retries.
  await page.context().setOffline(true);
  await page.getByRole("button", { name: "เพิ่มลงตะกร้า" }).click();
  await expect(page.getByText(/เชื่อมต่อไม่สำเร็จ/)).toBeVisible();
  await expect(card(page, "คอปกเชิ้ต")).toHaveAttribute("aria-current", "true");
  await page.context().setOffline(false);
  await page.getByRole("button", { name: "ลองอีกครั้ง" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(notice(page)).toHaveText("เพิ่มลงตะกร้าเรียบร้อยแล้ว");

  // A page that takes longer than 300 ms shows the loading bar until it arrives.
  await page.route(/\/user\/orders\.data/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.getByTestId("menu-toggle").click();
  await page.getByRole("navigation", { name: "เมนูหลัก" }).getByRole("link", { name: "สถานะคำสั่งซื้อ" }).click();
  await expect(page.getByTestId("navigation-progress")).toBeVisible();
  await expect(page).toHaveURL(/\/user\/orders$/);
  await expect(page.getByTestId("navigation-progress")).toHaveCount(0);
});
