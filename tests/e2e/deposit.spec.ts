import type { Page } from "@playwright/test";
import { slipPicture } from "../support/slips";
import { otherWindow, signIn } from "./support/auth";
import { expect, newTailor, orderIn, setPromptPay, test } from "./support/fixtures";
import { screenshotBoth } from "./support/screens";

/*
 * Issue 49 on a 360 px phone, JavaScript on and off: the tailor asks a 50 % deposit on the pricing
 * page; the buyer pays the deposit by a slip with its bank QR, the tailor sees the QR read and
 * confirms, the buyer pays the balance, the tailor confirms; the buyer opens the receipt (the total in
 * Thai words) and the tailor the parcel label (the address, the barcode), both as printed.
 */

test.use({ viewport: { width: 360, height: 740 } });

const notice = (page: Page) => page.getByTestId("notice");
const baht = (amount: number) =>
  `${new Intl.NumberFormat("th-TH", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} บาท`;

/** The buyer sends a slip carrying a bank's slip QR, on the order page's own form. */
async function sendSlip(page: Page, reference: string) {
  const payment = page.getByRole("region", { name: "การชำระเงิน" });
  const buffer = await slipPicture({ bankCode: "004", reference }, "jpeg");
  await payment
    .locator('input[type="file"][name="slip"]')
    .setInputFiles({ name: "slip.jpg", mimeType: "image/jpeg", buffer });
  await payment.getByRole("button", { name: /ส่งสลิป/ }).click();
  await expect(notice(page)).toHaveText("ส่งสลิปเรียบร้อยแล้ว รอช่างตัดตรวจสอบ");
}

test("deposit 50 % → slip with QR → confirmed → balance → confirmed → receipt and parcel label", async ({
  page,
  browser,
  shop,
}, testInfo) => {
  test.setTimeout(120_000);
  const tailor = await newTailor(shop);
  await setPromptPay(tailor);
  const tailorPage = await otherWindow(browser, testInfo, tailor);
  await tailorPage.setViewportSize({ width: 360, height: 740 });

  // The pricing page: the deposit's own form.
  await tailorPage.goto("/merchant/pricing");
  const terms = tailorPage.getByRole("region", { name: "เงินมัดจำ" });
  await terms.getByLabel("มัดจำ 50% ก่อนเริ่มตัด").check();
  await terms.getByRole("button", { name: "บันทึกเงื่อนไขการมัดจำ" }).click();
  await expect(notice(tailorPage)).toHaveText("บันทึกเงื่อนไขการมัดจำเรียบร้อยแล้ว");
  await expect(tailorPage.getByRole("region", { name: "เงินมัดจำ" }).getByLabel("มัดจำ 50% ก่อนเริ่มตัด")).toBeChecked();

  const order = await orderIn(shop, tailor, "accepted");
  const deposit = Math.ceil(order.totalPrice / 2);
  const balance = order.totalPrice - deposit;
  await signIn(page, order.customer);
  await page.goto(`/user/product/${order.id}`);
  const payment = page.getByRole("region", { name: "การชำระเงิน" });
  await expect(payment.getByTestId("payment-due")).toHaveText(baht(deposit));
  await expect(
    payment.getByRole("img", { name: `คิวอาร์โค้ดพร้อมเพย์ ยอด ${baht(deposit)} ชำระให้ บัญชี ${tailor.name}` }),
  ).toBeVisible();
  await screenshotBoth(page, testInfo, "deposit-due");
  const first = `20261128${String(order.id).padStart(6, "0")}01${testInfo.project.name === "js" ? 1 : 2}`;
  await sendSlip(page, first);

  // The tailor sees the slip's QR read, and confirms the deposit.
  await tailorPage.goto(`/merchant/order/${order.id}`);
  const tailorPayment = tailorPage.getByRole("region", { name: "การชำระเงิน" });
  await expect(tailorPayment.getByTestId("slip-qr")).toHaveText(`ตรวจพบคิวอาร์บนสลิป: ธนาคารกสิกรไทย เลขอ้างอิง ${first}`);
  await expect(tailorPayment.getByTestId("slip-part")).toHaveText(`สลิปนี้สำหรับเงินมัดจำ ${baht(deposit)}`);
  await screenshotBoth(tailorPage, testInfo, "deposit-slip-read");
  await tailorPayment.getByRole("button", { name: "ยืนยันได้รับเงินแล้ว" }).click();
  await expect(notice(tailorPage)).toHaveText("ยืนยันการชำระเงินเรียบร้อยแล้ว");
  await expect(tailorPayment.getByTestId("payment-status")).toHaveText("ชำระมัดจำแล้ว รอชำระส่วนที่เหลือ");

  // The balance: the code is for what is left, a second slip, confirmed.
  await page.goto(`/user/product/${order.id}`);
  await expect(payment.getByTestId("payment-due")).toHaveText(baht(balance));
  await sendSlip(page, `${first}9`);
  await tailorPage.goto(`/merchant/order/${order.id}`);
  await expect(tailorPayment.getByTestId("slip-part")).toHaveText(`สลิปนี้สำหรับส่วนที่เหลือ ${baht(balance)}`);
  // The deposit's slip is still there to look at, beside the deposit, now that the balance's is the current one.
  const depositSlip = tailorPayment.getByRole("link", { name: "ดูสลิปมัดจำ" });
  await expect(depositSlip).toBeVisible();
  const picture = await tailorPage.request.get((await depositSlip.getAttribute("href"))!);
  expect(picture.headers()["content-type"]).toBe("image/jpeg");
  await screenshotBoth(tailorPage, testInfo, "deposit-slip-kept");
  await tailorPayment.getByRole("button", { name: "ยืนยันได้รับเงินแล้ว" }).click();
  await expect(tailorPayment.getByTestId("payment-status")).toHaveText("ชำระเงินแล้ว");

  // The parcel label: the buyer's address, the order number as a barcode; printed without the bar.
  await tailorPayment.getByRole("link", { name: "ใบปะหน้าพัสดุ (พิมพ์ได้)" }).click();
  const label = tailorPage.getByTestId("parcel-label");
  await expect(label.getByTestId("label-address")).toContainText("99 หมู่ 9 ตำบลทดสอบ");
  await expect(label.getByRole("img", { name: /^บาร์โค้ดเลขคำสั่งซื้อ ORDER-/ })).toBeVisible();
  await tailorPage.emulateMedia({ media: "print" });
  await expect(tailorPage.getByRole("link", { name: "กลับไปที่คำสั่งซื้อ" })).toBeHidden();
  await expect(label).toBeVisible();
  await screenshotBoth(tailorPage, testInfo, "parcel-label-print");

  // The receipt: the total in figures and in Thai words.
  await page.goto(`/user/product/${order.id}`);
  await payment.getByRole("link", { name: "ใบเสร็จรับเงิน (พิมพ์ได้)" }).click();
  await expect(page.getByRole("heading", { name: "ใบเสร็จรับเงิน", level: 1 })).toBeVisible();
  await expect(page.getByTestId("receipt-total")).toHaveText(baht(order.totalPrice));
  await expect(page.getByTestId("receipt-words")).toHaveText(/^\(.+บาทถ้วน\)$/);
  await page.emulateMedia({ media: "print" });
  await screenshotBoth(page, testInfo, "receipt-print");
});
