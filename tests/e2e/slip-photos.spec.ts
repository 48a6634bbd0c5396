import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { signIn } from "./support/auth";
import { expect, newTailor, orderIn, setPromptPay, test } from "./support/fixtures";
import { screenshotBoth } from "./support/screens";

/*
 * A slip photo as a phone takes it (issue 45), on a 360 px phone: a 12 MB camera photo sent from the
 * order page. With JavaScript the browser shrinks it to at most 1,600 px JPEG before sending (the
 * request is small); without, the form sends it whole and the server takes it and shrinks it.
 * Either way the tailor gets a slip of at most 1,600 px.
 */

const MB = 1024 * 1024;

test.use({ viewport: { width: 360, height: 800 } });

/** A camera-like JPEG of 12 to 14 MB: random noise, so it does not compress small. */
async function twelveMbPhoto() {
  const raw = randomBytes(3200 * 2300 * 3);
  const buffer = await sharp(raw, { raw: { width: 3200, height: 2300, channels: 3 } })
    .jpeg({ quality: 92, chromaSubsampling: "4:4:4" })
    .toBuffer();
  expect(buffer.length).toBeGreaterThan(11 * MB);
  return { name: "IMG_20261128_101500.jpg", mimeType: "image/jpeg", buffer };
}

test("a 12 MB photo from the order page: sent (shrunk first with JavaScript), stored at most 1,600 px", async ({
  page,
  shop,
}, testInfo) => {
  test.setTimeout(90_000);
  const tailor = await newTailor(shop);
  await setPromptPay(tailor);
  const order = await orderIn(shop, tailor, "accepted");
  await signIn(page, order.customer);
  await page.goto(`/user/product/${order.id}`);
  const payment = page.getByRole("region", { name: "การชำระเงิน" });
  await expect(payment.getByText("ไม่เกิน 20 MB")).toBeVisible();
  await payment.getByLabel("แนบสลิปโอนเงิน").setInputFiles(await twelveMbPhoto());

  const sent = page.waitForRequest(
    (request) => request.method() === "POST" && new URL(request.url()).pathname.startsWith(`/user/product/${order.id}`),
  );
  await payment.getByRole("button", { name: "ส่งสลิปโอนเงิน" }).click();
  const request = await sent;
  // The shop searches the whole picture for the slip's QR (a noise-like photo: up to its 4 s limit,
  // in a worker of its own): the notice may take longer than the default wait.
  await expect(page.getByTestId("notice")).toHaveText("ส่งสลิปเรียบร้อยแล้ว รอช่างตัดตรวจสอบ", { timeout: 20_000 });
  // What went over the wire: Playwright cannot read a multipart body holding a file, so its length.
  const bodyBytes = Number((await request.allHeaders())["content-length"] ?? 0);
  if (testInfo.project.name === "js") {
    // Shrunk in the browser: a 1,600 px JPEG, not the camera's 12 MB.
    expect(bodyBytes).toBeGreaterThan(0);
    expect(bodyBytes).toBeLessThan(2 * MB);
  } else {
    expect(bodyBytes).toBeGreaterThan(11 * MB);
  }
  await expect(payment.getByTestId("payment-status")).toHaveText("ส่งสลิปแล้ว รอช่างตรวจสอบ");
  await screenshotBoth(page, testInfo, "slip-sent-12mb");

  // What the tailor will see: the slip, at most 1,600 px on its longest side.
  const slip = await tailor.api.get(`/api/orders/${order.id}/payment/slip`);
  expect(slip.status()).toBe(200);
  const meta = await sharp(await slip.body()).metadata();
  expect(Math.max(meta.width, meta.height)).toBe(1600);
});
