import type { Page } from "@playwright/test";
import { signIn } from "./support/auth";
import { expect, newCustomer, newTailor, popularDesign, test } from "./support/fixtures";

/*
 * Failures only a browser running the shop's JavaScript can meet: the answer to a request the
 * page makes by itself never arrives (the network failed) or is not the shop's (a proxy's error
 * page). Spec section 8: the designer's save says 'เกิดข้อผิดพลาดในการบันทึกการออกแบบ' or
 * 'ไม่สามารถบันทึกการออกแบบได้' and keeps the design. A page whose data does not arrive has no
 * page to put a notice on: the profile shows the shop's error page (docs/decisions.md, 30).
 * Without JavaScript the browser itself shows such failures, so these run in the js project only.
 */

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads its fixtures from this pattern
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "the page's own requests exist only with JavaScript");
});

const card = (page: Page, name: string) => page.getByRole("list").getByRole("link", { name, exact: true });
const tab = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "หมวดหมู่ชิ้นส่วน" }).getByRole("link", { name, exact: true });
const saveButton = (page: Page) => page.getByRole("button", { name: "บันทึกการออกแบบ" });
/** The designer's save, as React Router sends it (the page's address with .data). */
const SAVE_REQUEST = /\/merchant\/popular_design\.data(\?|$)/;

async function designReadyToSave(page: Page) {
  await page.goto("/merchant/popular_design");
  await expect(page.getByTestId("design-card")).toHaveCount(0);
  await card(page, "เสื้อหญิงแขนสามส่วน").click();
  await tab(page, "คอเสื้อ").click();
  await card(page, "คอวีขลิบลาย").click();
  await page.getByTestId("design-preview").hover();
  await expect(page.getByTestId("design-preview")).toHaveAttribute("data-canvas", "ready", { timeout: 20_000 });
}

/** The design the tailor made is still on screen, as it was. */
async function expectDesignKept(page: Page) {
  await expect(page).toHaveURL(/\/merchant\/popular_design\?.*shirt=shirt6/);
  await expect(card(page, "คอวีขลิบลาย")).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("heading", { name: "แบบเสื้อยอดนิยมของคุณ", level: 1 })).toBeVisible();
  await expect(page.getByTestId("design-card")).toHaveCount(0);
}

test("a design save the network loses says so and keeps the design; saving again works", async ({ page, shop }) => {
  test.setTimeout(90_000);
  await signIn(page, await newTailor(shop));
  await designReadyToSave(page);

  // The connection is down: the save, and anything the page would load after it, never arrive.
  const lost: string[] = [];
  await page.route(SAVE_REQUEST, async (route) => {
    lost.push(route.request().method());
    await route.abort("internetdisconnected");
  });
  await saveButton(page).click();
  await expect(page.getByRole("alert")).toHaveText("เกิดข้อผิดพลาดในการบันทึกการออกแบบ");
  expect(lost).toEqual(["POST"]);
  await expectDesignKept(page);
  await expect(saveButton(page)).toBeEnabled();

  // The connection is back: the same design saves.
  await page.unroute(SAVE_REQUEST);
  await saveButton(page).click();
  await expect(page.getByTestId("notice")).toHaveText("บันทึกการออกแบบเรียบร้อย");
  await expect(page.getByTestId("design-card")).toHaveCount(1);
  await expect(page.getByTestId("design-card").first()).toContainText("เสื้อหญิงแขนสามส่วน");
});

test("a design save answered by an error page that is not the shop's says 'ไม่สามารถบันทึกการออกแบบได้'", async ({
  page,
  shop,
}) => {
  test.setTimeout(90_000);
  await signIn(page, await newTailor(shop));
  await designReadyToSave(page);

  // A proxy in front of the shop whose app process is down answers like this.
  await page.route(SAVE_REQUEST, (route) =>
    route.fulfill({
      status: 502,
      contentType: "text/html",
      body: "<html><body><h1>502 Bad Gateway</h1></body></html>",
    }),
  );
  await saveButton(page).click();
  await expect(page.getByRole("alert")).toHaveText("ไม่สามารถบันทึกการออกแบบได้");
  await expectDesignKept(page);
});

test("saving changes to a saved design when the network fails says so and keeps the changes", async ({
  page,
  shop,
}) => {
  test.setTimeout(90_000);
  const tailor = await newTailor(shop);
  const id = await popularDesign(tailor);
  await signIn(page, tailor);
  await page.goto(`/merchant/popular_design/${id}`);
  await expect(page.getByRole("heading", { name: `แก้ไขแบบเสื้อ #${id}` })).toBeVisible();
  await tab(page, "สี").click();
  await card(page, "สีเขียวใบตอง").click();
  await page.getByTestId("design-preview").hover();
  await expect(page.getByTestId("design-preview")).toHaveAttribute("data-canvas", "ready", { timeout: 20_000 });

  const EDIT_REQUEST = new RegExp(`/merchant/popular_design/${id}\\.data(\\?|$)`);
  await page.route(EDIT_REQUEST, (route) => route.abort("internetdisconnected"));
  await saveButton(page).click();
  await expect(page.getByRole("alert")).toHaveText("เกิดข้อผิดพลาดในการบันทึกการออกแบบ");
  await expect(page.getByRole("heading", { name: `แก้ไขแบบเสื้อ #${id}` })).toBeVisible();
  await expect(card(page, "สีเขียวใบตอง")).toHaveAttribute("aria-current", "true");

  await page.unroute(EDIT_REQUEST);
  await saveButton(page).click();
  await expect(page.getByTestId("notice")).toHaveText("บันทึกการออกแบบเรียบร้อย");
  await expect(page).toHaveURL(/\/merchant\/popular_design\?category=shirt$/);
});

test("a profile page the network fails to bring shows the shop's error page, not a notice (decision 30)", async ({
  page,
  shop,
}) => {
  const customer = await newCustomer(shop);
  await signIn(page, customer);
  await page.goto("/contact");
  const PROFILE_DATA = /\/profile\.data(\?|$)/;
  await page.route(PROFILE_DATA, (route) => route.abort("internetdisconnected"));
  await page.locator("summary").filter({ hasText: "เมนูบัญชี" }).click();
  await page.getByRole("link", { name: "ข้อมูลส่วนตัว" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("เกิดข้อผิดพลาด");
  await expect(page.getByText("ขออภัย ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง")).toBeVisible();
  await expect(page.getByTestId("notice")).toHaveCount(0);

  // With the connection back, the page loads.
  await page.unroute(PROFILE_DATA);
  await page.reload();
  await expect(page.getByRole("heading", { name: "ข้อมูลส่วนตัว", level: 1 })).toBeVisible();
  await expect(page.getByText(customer.email)).toBeVisible();
});
