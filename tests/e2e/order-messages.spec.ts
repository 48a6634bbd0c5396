import sharp from "sharp";
import { otherWindow, signIn } from "./support/auth";
import { expect, newTailor, orderIn, test } from "./support/fixtures";
import { screenshotBoth } from "./support/screens";

/*
 * Buyer and tailor talk about the order (issue 48), on a 360 px phone, JavaScript on and off: the
 * buyer asks about the fit with a photo, the tailor's bell counts it, the tailor opens the order
 * (the count clears) and answers, the buyer's bell counts the answer, and opening it from
 * /notifications clears it. Text shows as typed (never as HTML), with its line break.
 */

test.use({ viewport: { width: 360, height: 800 } });

const bell = (page: import("@playwright/test").Page) => page.getByTestId("header-bell");

test("the buyer asks with a photo, the tailor answers, each bell counts and clears", async ({
  page,
  shop,
  browser,
}, testInfo) => {
  const tailor = await newTailor(shop);
  const order = await orderIn(shop, tailor, "accepted");
  const photo = {
    name: "fabric.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 900, height: 600, channels: 3, background: "#7a2f4a" } })
      .png()
      .toBuffer(),
  };

  await signIn(page, order.customer);
  await page.goto(`/user/product/${order.id}`);
  const thread = page.getByRole("region", { name: "ข้อความถึงกัน" });
  await thread.getByLabel("เขียนข้อความ").fill("ขอรอบอก <b>40</b> นิ้ว\nได้ไหมคะ");
  await thread.getByLabel(/แนบรูป/).setInputFiles(photo);
  await thread.getByRole("button", { name: "ส่งข้อความ" }).click();
  const asked = thread.getByTestId("message").last();
  await expect(asked.getByTestId("message-text")).toHaveText("ขอรอบอก <b>40</b> นิ้ว\nได้ไหมคะ", { useInnerText: true });
  await expect(asked.getByRole("img")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/user/product/${order.id}`));
  await screenshotBoth(page, testInfo, "order-message-asked");

  const tailorPage = await otherWindow(browser, testInfo, tailor);
  await tailorPage.goto("/merchant");
  await expect(bell(tailorPage).getByTestId("bell-count")).toHaveText(/^[1-9]/);
  await expect(tailorPage.getByTestId("new-messages")).toBeVisible();
  await screenshotBoth(tailorPage, testInfo, "order-message-tailor-list");
  await tailorPage.goto(`/merchant/order/${order.id}`);
  // Opening the order reads what it told the tailor: the bell has nothing left.
  await expect(bell(tailorPage).getByTestId("bell-count")).toHaveCount(0);
  const tailorThread = tailorPage.getByRole("region", { name: "ข้อความถึงกัน" });
  await expect(tailorThread.getByTestId("message-text")).toHaveText(["ขอรอบอก <b>40</b> นิ้ว\nได้ไหมคะ"], {
    useInnerText: true,
  });
  await tailorThread.getByLabel("เขียนข้อความ").fill("ได้ครับ จะใช้ผ้าผืนนี้");
  await tailorThread.getByRole("button", { name: "ส่งข้อความ" }).click();
  await expect(tailorThread.getByTestId("message-text").last()).toHaveText("ได้ครับ จะใช้ผ้าผืนนี้");
  await tailorPage.context().close();

  await page.goto("/notifications");
  await expect(bell(page).getByTestId("bell-count")).toHaveText(/^1/);
  await screenshotBoth(page, testInfo, "order-message-notifications");
  await page.getByTestId("notification").filter({ hasText: "ได้ครับ จะใช้ผ้าผืนนี้" }).click();
  await expect(page).toHaveURL(new RegExp(`/user/product/${order.id}`));
  await expect(bell(page).getByTestId("bell-count")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "ข้อความถึงกัน" }).getByTestId("message-text").last()).toHaveText(
    "ได้ครับ จะใช้ผ้าผืนนี้",
  );
});
