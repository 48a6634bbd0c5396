import type { Page } from "@playwright/test";
import { DEMO, otherWindow, signIn } from "./support/auth";
import { expect, newTailor, orderIn, test } from "./support/fixtures";
import { screenshotBoth } from "./support/screens";

/*
 * Reviews of tailors (issue 22) as people use them, with JavaScript on and off: the buyer of a
 * completed order rates the tailor with radio-button stars, edits it; the tailor answers once;
 * customers read it on the tailor's page; an admin hides it with a reason, and its author sees why.
 */

const notice = (page: Page) => page.getByTestId("notice");

test("review after completion, edit, answer, read by others, hidden by an admin", async ({
  page,
  browser,
  shop,
}, testInfo) => {
  test.setTimeout(120_000);
  const tailor = await newTailor(shop);
  const order = await orderIn(shop, tailor, "completed");
  await signIn(page, order.customer);
  await page.goto(`/user/product/${order.id}`);
  const panel = page.getByRole("region", { name: "รีวิวช่างตัด" });

  // Sending without stars is refused beside them.
  await panel.getByLabel("ความคิดเห็น (ไม่บังคับ)").fill("ตัดพอดีตัว ผ้าสวย");
  await panel.getByRole("button", { name: "ส่งรีวิว" }).click();
  if (testInfo.project.name === "no-js") await expect(panel.getByText("กรุณาให้คะแนน 1 ถึง 5 ดาว")).toBeVisible();
  else await expect(panel.getByRole("radio", { name: /^5 ดาว/ })).toHaveJSProperty("validity.valid", false);
  await panel.getByRole("radio", { name: "4 ดาว (ดี)" }).check();
  await panel.getByRole("button", { name: "ส่งรีวิว" }).click();
  await expect(notice(page)).toHaveText("บันทึกรีวิวเรียบร้อยแล้ว ขอบคุณสำหรับความคิดเห็น");
  await expect(panel.getByRole("img", { name: "4.0 จาก 5 ดาว" })).toBeVisible();
  await expect(panel).toContainText("ตัดพอดีตัว ผ้าสวย");

  // Changing it is folded away until asked for.
  await panel.getByText(/^แก้ไขรีวิว/).click();
  await panel.getByRole("radio", { name: "5 ดาว (ดีมาก)" }).check();
  await panel.getByRole("button", { name: "บันทึกการแก้ไขรีวิว" }).click();
  await expect(notice(page)).toHaveText("แก้ไขรีวิวเรียบร้อยแล้ว");
  await expect(panel.getByRole("img", { name: "5.0 จาก 5 ดาว" })).toBeVisible();
  await screenshotBoth(page, testInfo, "buyer-review");

  // The tailor answers, once.
  const tailorPage = await otherWindow(browser, testInfo, tailor);
  await tailorPage.goto(`/merchant/order/${order.id}`);
  const tailorPanel = tailorPage.getByRole("region", { name: "รีวิวช่างตัด" });
  await tailorPanel.getByLabel("ตอบรีวิวนี้ (ตอบได้ครั้งเดียว)").fill("ขอบคุณที่ไว้ใจร้านเราครับ");
  await tailorPanel.getByRole("button", { name: "ส่งคำตอบ" }).click();
  await expect(notice(tailorPage)).toHaveText("ตอบรีวิวเรียบร้อยแล้ว");
  await expect(tailorPanel.getByRole("button", { name: "ส่งคำตอบ" })).toHaveCount(0);
  // The tailor reads the answer as the shop's own.
  await expect(tailorPanel.getByText("คำตอบของร้านคุณ")).toBeVisible();

  // Anyone reads it on the tailor's reviews page.
  const visitor = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
  });
  const reader = await visitor.newPage();
  await reader.goto(`/merchant/info/${tailor.id}/reviews`);
  await expect(reader.getByRole("heading", { level: 1 })).toContainText("รีวิว");
  const reviews = reader.getByRole("list", { name: "รีวิวจากลูกค้า" });
  await expect(reviews.getByRole("listitem")).toHaveCount(1);
  await expect(reviews).toContainText("ตัดพอดีตัว ผ้าสวย");
  await expect(reviews).toContainText("ขอบคุณที่ไว้ใจร้านเราครับ");
  await screenshotBoth(reader, testInfo, "tailor-reviews");

  // An admin hides it with a reason.
  const adminPage = await otherWindow(browser, testInfo, DEMO.admin);
  await adminPage.goto("/admin/manage/reviews");
  await adminPage.getByRole("link", { name: `ซ่อน รีวิวของคำสั่งซื้อ #${order.id}` }).click();
  const dialog = adminPage.getByRole("dialog");
  await dialog.getByRole("button", { name: "ซ่อนรีวิว" }).click();
  await expect(dialog.getByText("กรุณาระบุเหตุผลที่ซ่อนรีวิว")).toBeVisible();
  await dialog.getByLabel("เหตุผลที่ซ่อน").fill("ทดสอบการซ่อน");
  await dialog.getByRole("button", { name: "ซ่อนรีวิว" }).click();
  await expect(notice(adminPage)).toHaveText("ซ่อนรีวิวเรียบร้อยแล้ว");

  await reader.reload();
  await expect(reader.getByText("ยังไม่มีรีวิวของร้านนี้")).toBeVisible();
  await page.reload();
  await expect(panel.getByTestId("review-hidden")).toContainText("ทดสอบการซ่อน");
  await expect(panel.getByRole("button", { name: "บันทึกการแก้ไขรีวิว" })).toHaveCount(0);
  await Promise.all([visitor.close(), adminPage.context().close(), tailorPage.context().close()]);
});

test("an order not completed offers no review", async ({ page, shop }) => {
  const order = await orderIn(shop, await newTailor(shop), "accepted");
  await signIn(page, order.customer);
  await page.goto(`/user/product/${order.id}`);
  await expect(page.getByTestId("order-status")).toHaveText("กำลังตัดเย็บ");
  await expect(page.getByRole("region", { name: "รีวิวช่างตัด" })).toHaveCount(0);
});

test("a reviewed order's page loads no form library until its review is changed", async ({ page, shop }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "which scripts load is a question for JavaScript on");
  const order = await orderIn(shop, await newTailor(shop), "completed");
  const written = await order.customer.api.post(`/api/orders/${order.id}/review`, { data: { rating: 5 } });
  expect(written.status(), await written.text()).toBeLessThan(300);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await signIn(page, order.customer);
  await page.goto(`/user/product/${order.id}`, { waitUntil: "networkidle" });
  const panel = page.getByRole("region", { name: "รีวิวช่างตัด" });
  await expect(panel.getByRole("img", { name: "5.0 จาก 5 ดาว" })).toBeVisible();
  expect(
    scripts.filter((path) => /\/forms-[\w-]+\.js$/.test(path)),
    scripts.join("\n"),
  ).toEqual([]);

  // Asked for, the form comes with its resting part, the library with the first focus on it, and the
  // way back closes it again.
  await panel.getByRole("link", { name: /^แก้ไขรีวิว/ }).click();
  await expect(panel.getByRole("button", { name: "บันทึกการแก้ไขรีวิว" })).toBeVisible();
  expect(scripts.some((path) => /\/form-kit-[\w-]+\.js$/.test(path))).toBe(true);
  await panel.getByLabel("ความคิดเห็น (ไม่บังคับ)").focus();
  await expect.poll(() => scripts.some((path) => /\/forms-[\w-]+\.js$/.test(path))).toBe(true);
  await panel.getByRole("link", { name: "ยกเลิก" }).click();
  await expect(panel.getByRole("button", { name: "บันทึกการแก้ไขรีวิว" })).toHaveCount(0);
});
