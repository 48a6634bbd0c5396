import type { Page } from "@playwright/test";
import sharp from "sharp";
import { slipPicture } from "../support/slips";
import { otherWindow, signIn } from "./support/auth";
import { expect, newTailor, orderIn, setPromptPay, test } from "./support/fixtures";
import { screenshotBoth } from "./support/screens";

/*
 * Issue 45, "paying is obvious" and "a QR a phone can use", on a 360 px phone with JavaScript on
 * and off: an accepted order waits under ที่ต้องชำระ saying รอชำระเงิน; its page opens with the
 * payment and a PNG QR code in the first screen, saved as a .png; a sent slip folds the code away
 * and moves the order to รอร้านยืนยัน; the tailor's list marks it สลิปรอตรวจ and filters by it.
 */

const PHONE_360 = { width: 360, height: 740 };
test.use({ viewport: PHONE_360 });

const notice = (page: Page) => page.getByTestId("notice");

function orderRow(page: Page, orderId: number) {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: new RegExp(`#${orderId}$`) }) });
}

test("accepted → under ที่ต้องชำระ → PNG QR on the first screen → slip → QR folded, รอร้านยืนยัน → the tailor sees สลิปรอตรวจ", async ({
  page,
  browser,
  shop,
}, testInfo) => {
  test.setTimeout(90_000);
  const tailor = await newTailor(shop);
  await setPromptPay(tailor);
  const order = await orderIn(shop, tailor, "accepted");
  await signIn(page, order.customer);

  // The orders page: the tab and its count, plain links; the row says what to do in words.
  await page.goto("/user/orders");
  const tabs = page.getByRole("navigation", { name: "กรองคำสั่งซื้อ" });
  await expect(tabs.getByRole("link", { name: "ที่ต้องชำระ (1)" })).toBeVisible();
  await expect(tabs.getByRole("link", { name: "รอร้านยืนยัน (0)" })).toBeVisible();
  await tabs.getByRole("link", { name: "ที่ต้องชำระ (1)" }).click();
  await expect(page).toHaveURL(/\/user\/orders\?tab=to_pay$/);
  await expect(tabs.getByRole("link", { name: "ที่ต้องชำระ (1)" })).toHaveAttribute("aria-current", "page");
  const row = orderRow(page, order.id);
  await expect(row.getByTestId("order-stage")).toHaveText("รอชำระเงิน");
  await screenshotBoth(page, testInfo, "orders-to-pay");

  // The order page at 360 px: the payment first, the QR a PNG picture inside the first screen.
  await row.getByRole("link", { name: `ชำระเงิน คำสั่งซื้อ #${order.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/user/product/${order.id}#payment$`));
  await page.goto(`/user/product/${order.id}`);
  const payment = page.getByRole("region", { name: "การชำระเงิน" });
  const qr = payment.getByRole("img", { name: /^คิวอาร์โค้ดพร้อมเพย์ ยอด / });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((image: HTMLImageElement) => image.tagName)).toBe("IMG");
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThanOrEqual(600);
  const box = (await qr.boundingBox())!;
  expect(box.y + box.height, "the QR's bottom edge, in the first screen").toBeLessThanOrEqual(PHONE_360.height);
  // Nothing of the order's other panels comes before the payment on the phone.
  const preview = page.getByRole("img", { name: /^ภาพตัวอย่าง/ });
  expect((await preview.boundingBox())!.y).toBeGreaterThan(box.y);

  // The picture itself answers as a PNG, and the download is named .png.
  const src = (await qr.getAttribute("src"))!;
  const picture = await page.request.get(src);
  expect(picture.headers()["content-type"]).toBe("image/png");
  expect(picture.headers()["cache-control"]).toBe("private, no-store");
  expect((await sharp(await picture.body()).metadata()).width).toBeGreaterThanOrEqual(600);
  const save = payment.getByRole("link", { name: "บันทึกรูปคิวอาร์โค้ด (PNG)" });
  await expect(save).toHaveAttribute("download", `promptpay-order-${order.id}.png`);
  const download = await page.request.get((await save.getAttribute("href"))!);
  expect(download.headers()["content-type"]).toBe("image/png");
  expect(download.headers()["content-disposition"]).toBe(`attachment; filename="promptpay-order-${order.id}.png"`);

  // The sticky bar's "ชำระเงิน" leads to the payment.
  const pay = page.getByRole("link", { name: "ชำระเงิน", exact: true });
  await expect(pay).toHaveAttribute("href", "#payment");
  await expect(pay).toBeInViewport();
  await screenshotBoth(page, testInfo, "order-to-pay");

  // A slip is sent: the big QR folds away, with a way to show it again; no pay button any more.
  // A new picture on each run (one slip pays once: issue 49).
  const slip = await slipPicture(null, "jpeg");
  // The slip form is its own part (slip-form.tsx): its file field, whatever its words.
  const slipField = payment.locator('input[type="file"][name="slip"]');
  await slipField.setInputFiles({ name: "slip.jpg", mimeType: "image/jpeg", buffer: slip });
  await payment.getByRole("button", { name: "ส่งสลิปโอนเงิน" }).click();
  await expect(notice(page)).toHaveText("ส่งสลิปเรียบร้อยแล้ว รอช่างตัดตรวจสอบ");
  await expect(payment.getByTestId("payment-status")).toHaveText("ส่งสลิปแล้ว รอช่างตรวจสอบ");
  await expect(qr).toBeHidden();
  await expect(page.getByRole("link", { name: "ชำระเงิน", exact: true })).toHaveCount(0);
  await expect(payment).toContainText("ไม่ต้องโอนเงินซ้ำ");
  await screenshotBoth(page, testInfo, "order-slip-sent");
  await payment.getByText("แสดงคิวอาร์โค้ดอีกครั้ง").click();
  await expect(qr).toBeVisible();
  // Another slip can still be sent.
  await expect(slipField).toBeVisible();

  // The order now waits for the shop.
  await page.goto("/user/orders");
  await expect(tabs.getByRole("link", { name: "ที่ต้องชำระ (0)" })).toBeVisible();
  await tabs.getByRole("link", { name: "รอร้านยืนยัน (1)" }).click();
  await expect(page).toHaveURL(/\?tab=to_confirm$/);
  await expect(orderRow(page, order.id).getByTestId("order-stage")).toHaveText("ส่งสลิปแล้ว รอร้านตรวจ");
  await tabs.getByRole("link", { name: "ที่ต้องชำระ (0)" }).click();
  await expect(page.getByText("ไม่มีคำสั่งซื้อที่ต้องชำระเงิน")).toBeVisible();

  // The tailor's list marks it, and filters by it.
  const tailorPage = await otherWindow(browser, testInfo, tailor);
  await tailorPage.setViewportSize(PHONE_360);
  await tailorPage.goto("/merchant");
  await expect(orderRow(tailorPage, order.id).getByTestId("slip-waiting")).toHaveText("สลิปรอตรวจ");
  await tailorPage.getByRole("link", { name: "สลิปรอตรวจ (1)" }).click();
  await expect(tailorPage).toHaveURL(/\/merchant\?slip=waiting$/);
  await expect(tailorPage.getByRole("listitem").filter({ has: tailorPage.getByRole("heading") })).toHaveCount(1);
  await expect(orderRow(tailorPage, order.id)).toBeVisible();
  await screenshotBoth(tailorPage, testInfo, "tailor-slips-waiting");
  await tailorPage.context().close();
});
