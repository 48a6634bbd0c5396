import type { Page } from "@playwright/test";
import { DEMO, otherWindow, signIn } from "./support/auth";
import { expect, newTailor, orderAwaiting, test } from "./support/fixtures";
import { screenshotBoth } from "./support/screens";

/**
 * Issue 46, the order's end and a way forward, on a phone (360 px), JavaScript on and off: the
 * buyer cancels with a reason after confirming and re-orders with another tailor; the tailor
 * declines with a reason the buyer reads, and the buyer orders again.
 */

const notice = (page: Page) => page.getByTestId("notice");

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
});

test("the buyer cancels with a reason after confirming, and re-orders with another tailor", async ({
  page,
  shop,
}, testInfo) => {
  test.setTimeout(120_000);
  const first = await newTailor(shop);
  const second = await newTailor(shop);
  const { id, customer } = await orderAwaiting(shop, first);
  await signIn(page, customer);
  await page.goto(`/user/product/${id}`);
  // Until when the tailor may answer, as the tailor sees it.
  await expect(page.getByTestId("accept-deadline")).toContainText("ร้านจะยกเลิกคำสั่งซื้อนี้ให้อัตโนมัติ");
  await screenshotBoth(page, testInfo, "buyer-waiting");

  // The button asks first; a reason is required ("อื่น ๆ" needs words), and the question stays.
  await page.getByRole("link", { name: "ยกเลิกคำสั่งซื้อ" }).click();
  const ask = page.getByRole("dialog", { name: `ยกเลิกคำสั่งซื้อ #${id}?` });
  await expect(ask).toBeVisible();
  await screenshotBoth(page, testInfo, "buyer-cancel-confirmation");
  await ask.getByRole("link", { name: "กลับ ไม่ยกเลิก" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("order-status")).toHaveText("รอช่างรับงาน");

  await page.getByRole("link", { name: "ยกเลิกคำสั่งซื้อ" }).click();
  await ask.getByRole("radio", { name: "อื่น ๆ" }).check();
  await ask.getByRole("button", { name: "ยืนยันยกเลิกคำสั่งซื้อ" }).click();
  await expect(page.getByRole("dialog", { name: `ยกเลิกคำสั่งซื้อ #${id}?` })).toContainText("กรุณาพิมพ์เหตุผลที่ยกเลิก");
  const again = page.getByRole("dialog", { name: `ยกเลิกคำสั่งซื้อ #${id}?` });
  await again.getByRole("radio", { name: "ต้องการเปลี่ยนช่าง" }).check();
  await again.getByRole("button", { name: "ยืนยันยกเลิกคำสั่งซื้อ" }).click();
  await expect(notice(page)).toHaveText("ยกเลิกคำสั่งซื้อแล้ว");
  await expect(page.getByTestId("order-status")).toHaveText("ยกเลิกแล้ว");
  await expect(page.getByTestId("cancel-reason")).toContainText("ลูกค้ายกเลิก");
  await expect(page.getByTestId("cancel-reason")).toContainText("ต้องการเปลี่ยนช่าง");
  await expect(page.getByTestId("accept-deadline")).toHaveCount(0);
  await screenshotBoth(page, testInfo, "buyer-canceled");

  // A way forward: the same design, to another tailor.
  await page.getByRole("button", { name: "เลือกช่างคนอื่น" }).click();
  await expect(page).toHaveURL(/\/merchant\/select\?productId=\d+$/);
  const newItem = Number(new URL(page.url()).searchParams.get("productId"));
  expect(newItem).not.toBe(id);
  await page.getByRole("searchbox", { name: "ค้นหาช่างตัด" }).fill(second.name);
  await page.getByRole("button", { name: "ค้นหา", exact: true }).click();
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: second.name }) });
  await card.getByRole("button", { name: /เลือกช่างรายนี้/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(notice(page)).toHaveText("เลือกช่างตัดเรียบร้อยแล้ว");
  const line = page.getByRole("list", { name: "สินค้าในตะกร้า" }).getByRole("listitem").filter({ hasText: second.name });
  await expect(line).toHaveCount(1);
  // The canceled order stays as it was, with the first tailor.
  const old = (await (await customer.api.get(`/api/orders/${id}`)).json()) as Record<string, unknown>;
  expect(old).toMatchObject({ status: "canceled", canceledBy: "buyer", cancelReason: "ต้องการเปลี่ยนช่าง" });
});

test("the tailor declines with a reason the buyer reads; the buyer orders again into the cart", async ({
  page,
  browser,
  shop,
}, testInfo) => {
  test.setTimeout(120_000);
  const tailor = await newTailor(shop);
  const { id, customer } = await orderAwaiting(shop, tailor);
  await signIn(page, tailor);
  await page.goto(`/merchant/order/${id}`);
  await page.getByRole("link", { name: "ไม่รับงาน" }).click();
  const ask = page.getByRole("dialog", { name: `ไม่รับงานคำสั่งซื้อ #${id}?` });
  await expect(ask).toContainText("ลูกค้าจะเห็นเหตุผลนี้");
  await ask.getByRole("radio", { name: "คิวงานเต็ม" }).check();
  await ask.getByRole("textbox", { name: /รายละเอียดเพิ่มเติม/ }).fill("รับงานได้อีกครั้งเดือนหน้า");
  await screenshotBoth(page, testInfo, "tailor-decline-reason");
  await ask.getByRole("button", { name: "ยืนยันไม่รับงาน" }).click();
  await expect(notice(page)).toHaveText("ยกเลิกคำสั่งซื้อสำเร็จ");
  await expect(page.getByTestId("order-status")).toHaveText("ยกเลิกแล้ว");
  await expect(page.getByTestId("cancel-reason")).toContainText("คิวงานเต็ม: รับงานได้อีกครั้งเดือนหน้า");

  const buyer = await otherWindow(browser, testInfo, customer);
  await buyer.setViewportSize({ width: 360, height: 740 });
  await buyer.goto(`/user/product/${id}`);
  await expect(buyer.getByTestId("cancel-reason")).toContainText("ช่างตัดยกเลิก");
  await expect(buyer.getByTestId("cancel-reason")).toContainText("คิวงานเต็ม: รับงานได้อีกครั้งเดือนหน้า");
  await screenshotBoth(buyer, testInfo, "buyer-reads-decline");
  await buyer.getByRole("button", { name: "สั่งอีกครั้ง" }).click();
  await expect(buyer).toHaveURL(/\/cart$/);
  await expect(notice(buyer)).toContainText("เพิ่มลงตะกร้าแล้ว");
  await expect(buyer.getByRole("list", { name: "สินค้าในตะกร้า" }).getByRole("listitem")).toHaveCount(1);
  await buyer.context().close();
});

test("an admin's cancel asks first and takes a reason both sides then read", async ({ page, shop }, testInfo) => {
  test.setTimeout(120_000);
  const tailor = await newTailor(shop);
  const { id, customer } = await orderAwaiting(shop, tailor);
  await signIn(page, DEMO.admin);
  await page.goto(`/admin/manage/orders?change=${id}`);
  const change = page.getByRole("dialog", { name: `เปลี่ยนสถานะคำสั่งซื้อ #${id}` });
  // Closing is "ปิด": "ยกเลิก" is the status tile alone, and it does not cancel at once.
  await expect(change.getByRole("link", { name: "ปิด", exact: true })).toBeVisible();
  await screenshotBoth(page, testInfo, "admin-change-status");
  await change.getByRole("link", { name: /^ยกเลิก/ }).click();
  const ask = page.getByRole("dialog", { name: `ยกเลิกคำสั่งซื้อ #${id}?` });
  await expect(ask).toBeVisible();
  const before = (await (await customer.api.get(`/api/orders/${id}`)).json()) as { status: string };
  expect(before.status).toBe("ordered");
  await ask.getByRole("radio", { name: "อื่น ๆ" }).check();
  await screenshotBoth(page, testInfo, "admin-cancel-reason");
  await ask.getByRole("button", { name: "ยืนยันยกเลิกคำสั่งซื้อ" }).click();
  // "อื่น ๆ" without words: refused beside the field, the question still open, nothing changed.
  await expect(page.getByRole("dialog", { name: `ยกเลิกคำสั่งซื้อ #${id}?` })).toContainText("กรุณาพิมพ์เหตุผลที่ยกเลิก");
  expect(((await (await customer.api.get(`/api/orders/${id}`)).json()) as { status: string }).status).toBe("ordered");
  const again = page.getByRole("dialog", { name: `ยกเลิกคำสั่งซื้อ #${id}?` });
  await again.getByRole("radio", { name: "อื่น ๆ" }).check();
  await again.getByRole("textbox", { name: /รายละเอียดเพิ่มเติม/ }).fill("ลูกค้าแจ้งทางโทรศัพท์");
  await again.getByRole("button", { name: "ยืนยันยกเลิกคำสั่งซื้อ" }).click();
  await expect(notice(page)).toHaveText("อัปเดตสถานะเป็น ยกเลิก เรียบร้อย");
  const after = (await (await customer.api.get(`/api/orders/${id}`)).json()) as Record<string, unknown>;
  expect(after).toMatchObject({ status: "canceled", canceledBy: "admin", cancelReason: "ลูกค้าแจ้งทางโทรศัพท์" });
  await page.goto(`/admin/manage/orders?order=${id}`);
  await expect(page.getByRole("dialog", { name: `รายละเอียดคำสั่งซื้อ #${id}` })).toContainText(
    "ผู้ดูแลระบบยกเลิก: ลูกค้าแจ้งทางโทรศัพท์",
  );
});
