import type { Page } from "@playwright/test";
import { DEMO, otherWindow, signIn } from "./support/auth";
import {
  type Account,
  cartDesign,
  expect,
  newCustomer,
  newTailor,
  orderAwaiting,
  shopDesignInCart,
  test,
} from "./support/fixtures";
import { screenshotBoth } from "./support/screens";

const notice = (page: Page) => page.getByTestId("notice");

/** A popular design another shop publishes (one of tailor1's demo designs): it comes with its tailor. */
async function anotherShopsDesign(customer: Account): Promise<number> {
  const shops = (await (await customer.api.get("/api/public/merchants")).json()) as {
    email: string;
    designModels: { id: number }[];
  }[];
  return shops.find((shop) => shop.email === DEMO.tailor1)!.designModels[0]!.id;
}

test("a customer chooses a tailor and orders; the tailor accepts and completes; the customer sees each status", async ({
  page,
  browser,
  shop,
}, testInfo) => {
  test.setTimeout(120_000);
  // A new customer whose own design waits in the cart for a tailor, beside another shop's
  // design; a new tailor to choose.
  const tailor = await newTailor(shop);
  const customer = await newCustomer(shop);
  const { cartItemId: orderId } = await cartDesign(customer);
  await signIn(page, customer);
  // Nothing priced yet: the total waits for a tailor rather than reading 0 baht.
  await page.goto("/cart");
  await expect(page.getByTestId("cart-total")).toHaveText("รอเลือกช่างตัด");
  await shopDesignInCart(customer, await anotherShopsDesign(customer));

  // The cart: the own design has no tailor yet, so ordering is not possible.
  await page.goto("/cart");
  await expect(page.getByTestId("cart-total")).toHaveText(/บาท$/);
  await expect(page.getByRole("heading", { name: "ตะกร้าสินค้า", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "กรุณาเลือกผู้ตัดให้ครบ" })).toBeDisabled();
  const cartItems = page.getByRole("list", { name: "สินค้าในตะกร้า" }).getByRole("listitem");
  const waiting = cartItems.filter({ hasText: "ยังไม่ได้เลือกช่าง" });
  await expect(waiting).toHaveCount(1);
  await screenshotBoth(page, testInfo, "cart-needs-tailor");

  // Choose the tailor from the quoted list.
  await waiting.getByRole("link", { name: "เลือกช่างตัด" }).click();
  await expect(page).toHaveURL(new RegExp(`/merchant/select\\?productId=${orderId}$`));
  await expect(page.getByRole("heading", { name: "เลือกช่างตัด", level: 1 })).toBeVisible();
  // A shop with many tailors lists them a page at a time: the customer looks this one up by name.
  await page.getByRole("searchbox", { name: "ค้นหาช่างตัด" }).fill(tailor.name);
  await page.getByRole("button", { name: "ค้นหา", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/merchant/select\\?productId=${orderId}&q=`));
  const tailorCard = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: tailor.name }) });
  await expect(tailorCard.getByTestId("tailor-quote")).toContainText("ราคารวม");
  await screenshotBoth(page, testInfo, "choose-tailor");
  await tailorCard.getByRole("button", { name: /เลือกช่างรายนี้/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(notice(page)).toHaveText("เลือกช่างตัดเรียบร้อยแล้ว");
  await expect(waiting).toHaveCount(0);

  // The other shop's design leaves the cart.
  const others = cartItems.filter({ hasNotText: tailor.name });
  await expect(others).toHaveCount(1);
  // Removing asks first: keeping the item changes nothing, confirming removes it.
  await others.getByRole("link", { name: /^ลบ / }).click();
  const ask = page.getByRole("dialog");
  await expect(ask.getByRole("heading")).toHaveText(/ออกจากตะกร้า\?$/);
  await ask.getByRole("link", { name: "เก็บไว้ในตะกร้า" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(others).toHaveCount(1);
  await others.getByRole("link", { name: /^ลบ / }).click();
  await page.getByRole("dialog").getByRole("button", { name: "นำออกจากตะกร้า" }).click();
  await expect(notice(page)).toHaveText("นำสินค้าออกจากตะกร้าแล้ว");
  await expect(others).toHaveCount(0);

  // Two shirts instead of one; the price follows.
  const item = cartItems.filter({ has: page.locator(`a[href="/user/product/${orderId}"]`) });
  await expect(item).toContainText(tailor.name);
  await expect(item.getByTestId("item-quantity")).toHaveText("1");
  await item.getByRole("button", { name: "เพิ่มจำนวน" }).click();
  await expect(item.getByTestId("item-quantity")).toHaveText("2");
  await expect(item).toContainText("× 2 =");
  // The order button waits until the change is saved.
  await expect(page.getByRole("link", { name: "สั่งตัดเสื้อ", exact: true })).toBeVisible();
  await screenshotBoth(page, testInfo, "cart-ready");

  await page.getByRole("link", { name: "สั่งตัดเสื้อ", exact: true }).click();
  // The review step: the line as it will go, and where.
  await expect(page).toHaveURL(/\/cart\/review$/);
  const line = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2 }) });
  await expect(line).toContainText(tailor.name);
  await expect(line).toContainText("× 2 =");
  await expect(page.getByTestId("delivery-address")).toContainText("จัดส่งถึง");
  await screenshotBoth(page, testInfo, "cart-review");
  await page.getByRole("button", { name: /^ยืนยันสั่งตัดทั้งหมด/ }).click();
  await expect(page).toHaveURL(/\/user\/orders$/);
  // The address changes before the new page is drawn: its badges are read once its heading is there.
  await expect(page.getByRole("heading", { name: "คำสั่งตัดเสื้อของฉัน", level: 1 })).toBeVisible();
  await expect(notice(page)).toHaveText("สั่งตัดเสื้อเรียบร้อยแล้ว");
  const placed = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`#${orderId}$`) }) });
  await expect(placed.getByTestId("order-status")).toHaveText("รอช่างรับงาน");
  await expect(placed).toContainText(tailor.name);
  await screenshotBoth(page, testInfo, "my-orders");

  // The tailor, in another window, finds the order and accepts it.
  const tailorPage = await otherWindow(browser, testInfo, tailor);
  await tailorPage.goto("/merchant");
  await tailorPage.getByRole("link", { name: `ดูรายละเอียด คำสั่งซื้อ #${orderId}`, exact: true }).click();
  await expect(tailorPage).toHaveURL(new RegExp(`/merchant/order/${orderId}$`));
  // Until the order's own page is drawn, the list's badges (one per order) are still there.
  await expect(tailorPage.getByRole("heading", { name: `คำสั่งซื้อ #${orderId}`, level: 1 })).toBeVisible();
  await expect(tailorPage.getByTestId("order-status")).toHaveText("รอช่างรับงาน");
  await tailorPage.getByRole("button", { name: "รับงาน", exact: true }).click();
  await expect(notice(tailorPage)).toHaveText("รับงานสำเร็จ");
  await expect(tailorPage.getByTestId("order-status")).toHaveText("กำลังตัดเย็บ");
  await screenshotBoth(tailorPage, testInfo, "tailor-order-accepted");

  await page.goto(`/user/product/${orderId}`);
  await expect(page.getByTestId("order-status")).toHaveText("กำลังตัดเย็บ");
  // The customer is never offered the tailor's buttons.
  await expect(page.getByRole("button", { name: "รับงาน" })).toHaveCount(0);

  // Asked first (issue 46): the link opens the question, its button confirms.
  await tailorPage.getByRole("link", { name: "ตัดเย็บเสร็จแล้ว" }).click();
  await tailorPage.getByRole("button", { name: "ยืนยันตัดเย็บเสร็จแล้ว" }).click();
  await expect(notice(tailorPage)).toHaveText("อัปเดตสถานะเป็นตัดเย็บเสร็จแล้ว");
  await expect(tailorPage.getByTestId("order-status")).toHaveText("ตัดเย็บเสร็จแล้ว");
  await expect(tailorPage.getByText("ยกเลิกคำสั่งซื้อ")).toHaveCount(0);

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

test("an empty cart leads to the designer; another tailor's order is refused; a missing id is explained", async ({
  page,
  browser,
  shop,
}, testInfo) => {
  test.setTimeout(90_000);
  // A new customer: nothing in the cart.
  await signIn(page, await newCustomer(shop));
  await page.goto("/cart");
  await expect(page.getByText("ยังไม่มีสินค้าในตะกร้า")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "ออกแบบเสื้อ" })).toHaveAttribute(
    "href",
    "/design?category=shirt",
  );
  await screenshotBoth(page, testInfo, "cart-empty");

  // An order of a new tailor's, as its tailor finds it, then opened by another tailor (tailor3).
  const tailor = await newTailor(shop);
  const { id } = await orderAwaiting(shop, tailor);
  const owner = await otherWindow(browser, testInfo, tailor);
  await owner.goto("/merchant");
  const href = await owner.getByRole("link", { name: `ดูรายละเอียด คำสั่งซื้อ #${id}`, exact: true }).getAttribute("href");
  expect(href).toBe(`/merchant/order/${id}`);
  await screenshotBoth(owner, testInfo, "tailor-orders");
  await owner.context().close();

  const intruder = await otherWindow(browser, testInfo, DEMO.tailor3);
  const response = await intruder.goto(href!);
  expect(response?.status()).toBe(403);
  await expect(intruder.getByRole("heading", { level: 1 })).toHaveText("คุณไม่มีสิทธิ์ดูคำสั่งซื้อนี้");
  await expect(intruder.getByRole("button", { name: "รับงาน" })).toHaveCount(0);
  // No order id: the notice, back on the page the person came from (else their order list).
  await intruder.goto("/merchant/order", { referer: new URL("/merchant/statistics", intruder.url()).href });
  await expect(intruder).toHaveURL(/\/merchant\/statistics$/);
  await expect(notice(intruder)).toHaveText("ไม่พบรหัสคำสั่งซื้อ");
  await intruder.goto("/merchant/order");
  await expect(intruder).toHaveURL(/\/merchant$/);
  await expect(notice(intruder)).toHaveText("ไม่พบรหัสคำสั่งซื้อ");
  await intruder.context().close();
});

test("a tailor declines an order only after a confirmation that says what the customer is told", async ({
  page,
  shop,
}, testInfo) => {
  const tailor = await newTailor(shop);
  const { id, customer } = await orderAwaiting(shop, tailor);
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, tailor);
  await page.goto(`/merchant/order/${id}`);
  await page.getByRole("link", { name: "ไม่รับงาน" }).click();
  const ask = page.getByRole("dialog", { name: `ไม่รับงานคำสั่งซื้อ #${id}?` });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText(customer.name);
  await expect(ask).toContainText("คำสั่งซื้อถูกยกเลิก");
  await screenshotBoth(page, testInfo, "tailor-decline-confirmation");
  // Going back changes nothing.
  await ask.getByRole("link", { name: "กลับ ไม่เปลี่ยนแปลง" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("order-status")).toHaveText("รอช่างรับงาน");
  // Confirming declines it.
  await page.getByRole("link", { name: "ไม่รับงาน" }).click();
  await page.getByRole("dialog").getByRole("radio", { name: "คิวงานเต็ม" }).check();
  await page.getByRole("dialog").getByRole("button", { name: "ยืนยันไม่รับงาน" }).click();
  await expect(notice(page)).toHaveText("ยกเลิกคำสั่งซื้อสำเร็จ");
  await expect(page.getByTestId("order-status")).toHaveText("ยกเลิกแล้ว");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("the tailor choice comes ten tailors to a page, by plain links that keep the item", async ({ page, shop }) => {
  // More than one page of open shops (other tests may add more meanwhile: no exact counts here).
  const openShops = async () =>
    Number((await page.request.get("/api/public/merchants")).headers()["x-total-count"] ?? 0);
  while ((await openShops()) <= 10) await newTailor(shop);
  const customer = await newCustomer(shop);
  const { cartItemId } = await cartDesign(customer);
  await signIn(page, customer);
  await page.goto(`/merchant/select?productId=${cartItemId}`);
  const tailors = page.getByRole("list", { name: "รายชื่อช่างตัด" }).locator(":scope > li");
  await expect(tailors).toHaveCount(10);
  const firstOnPageOne = await tailors.first().getByRole("heading").textContent();
  await page.getByRole("link", { name: "ถัดไป →" }).click();
  await expect(page).toHaveURL(new RegExp(`/merchant/select\\?productId=${cartItemId}&page=2$`));
  await expect(page.getByText(/หน้า 2 จาก \d+/)).toBeVisible();
  await expect(tailors.first().getByRole("heading")).not.toHaveText(firstOnPageOne!);
  await page.getByRole("link", { name: "← ก่อนหน้า" }).click();
  await expect(page).toHaveURL(new RegExp(`/merchant/select\\?productId=${cartItemId}&page=1$`));
  await expect(tailors.first().getByRole("heading")).toHaveText(firstOnPageOne!);
});

test("the cart's delivery address changes in place; its form comes once it is opened, the form library once it is used", async ({
  page,
  shop,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  const customer = await newCustomer(shop);
  await cartDesign(customer);
  await signIn(page, customer);
  const formKit: string[] = [];
  const formLibrary: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/form-kit-[\w-]+\.js$/.test(request.url())) formKit.push(request.url());
    if (/\/assets\/forms-[\w-]+\.js$/.test(request.url())) formLibrary.push(request.url());
  });
  await page.goto("/cart");
  // Every script the page loads at rest, the lazy ones too, has been asked for.
  await page.waitForLoadState("networkidle");
  const box = page.getByTestId("delivery-address");
  await expect(box).toContainText("99 หมู่ 9 ตำบลทดสอบ");
  const field = box.getByLabel("ที่อยู่จัดส่ง");
  await expect(field).toBeHidden();
  expect(formKit).toEqual([]);
  expect(formLibrary).toEqual([]);

  await box.getByText("แก้ไขที่อยู่").click();
  await expect(field).toBeVisible();
  if (js) expect(formKit).toHaveLength(1);
  await field.fill("");
  // Conform comes with the first focus on the form (components/forms.tsx).
  if (js) await expect.poll(() => formLibrary.length).toBe(1);
  await box.getByRole("button", { name: "บันทึกที่อยู่" }).click();
  await expect(box.getByText("กรุณากรอกที่อยู่จัดส่ง")).toBeVisible();
  await field.fill("12 ถนนริมน้ำ ตำบลนาดี");
  await box.getByRole("button", { name: "บันทึกที่อยู่" }).click();
  await expect(notice(page)).toHaveText("บันทึกที่อยู่จัดส่งแล้ว");
  await expect(box).toContainText("12 ถนนริมน้ำ ตำบลนาดี");
  const saved = (await (await customer.api.get("/api/user/profile")).json()) as { address: string };
  expect(saved.address).toBe("12 ถนนริมน้ำ ตำบลนาดี");
});
