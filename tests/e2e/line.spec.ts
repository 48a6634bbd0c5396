import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import type { RecordedPush } from "../mocks/line";
import { DEMO, logout, otherWindow, signIn } from "./support/auth";
import { cartDesign, expect, newCustomer, newTailor, test } from "./support/fixtures";
import { screenshotBoth, shotOfWindow } from "./support/screens";

// Runs only in the LINE run (playwright.line.config.ts), where the shop talks to the LINE mock.
const mockUrl = process.env.LINE_MOCK_URL ?? "";
const notice = (page: Page) => page.getByTestId("notice");

/** A LINE user id of its own (U and 32 hex digits), so runs and retries never link the same one twice. */
function lineUserId(): string {
  return `U${randomBytes(16).toString("hex")}`;
}

async function mockControl(page: Page, path: string, body: unknown) {
  const response = await page.request.post(`${mockUrl}/__mock/${path}`, { data: body });
  expect(response.ok()).toBe(true);
}

/** Waits until the mock has recorded a push to this LINE user whose text contains every part. */
async function expectPush(page: Page, to: string, parts: string[]): Promise<RecordedPush> {
  let found: RecordedPush | undefined;
  await expect
    .poll(
      async () => {
        const pushes = (await (await page.request.get(`${mockUrl}/__mock/pushes`)).json()) as RecordedPush[];
        found = pushes.find((push) => push.to === to && parts.every((part) => push.text.includes(part)));
        return found ? true : `no push to ${to} with ${parts.join(" | ")} among ${JSON.stringify(pushes)}`;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

if (process.env.E2E_LINE_MOCK === "1") {
  test("customer and tailor link LINE; placing an order pushes each a Thai message; an outage only delays them", async ({
    page,
    browser,
    shop,
  }, testInfo) => {
    test.setTimeout(120_000);
    // A new customer whose own design waits in the cart for a tailor, and a new tailor; each links a LINE account of its own.
    const tailor = await newTailor(shop);
    const customer = await newCustomer(shop);
    await cartDesign(customer);
    const customerLine = lineUserId();
    const tailorLine = lineUserId();

    // The customer links LINE from the profile page.
    await signIn(page, customer);
    await page.goto("/profile");
    await expect(page.getByText("ยังไม่ได้เชื่อมต่อ", { exact: true })).toBeVisible();
    await screenshotBoth(page, testInfo, "line-profile-not-linked");
    await mockControl(page, "next-user", { userId: customerLine, displayName: "ลูกค้า LINE" });
    await page.getByRole("link", { name: "เชื่อมต่อ LINE" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(notice(page)).toHaveText("เชื่อมต่อ LINE เรียบร้อย");
    await expect(page.getByText("เชื่อมต่อแล้ว", { exact: true })).toBeVisible();
    await screenshotBoth(page, testInfo, "line-profile-linked");

    // The tailor links LINE from the edit page.
    const tailorPage = await otherWindow(browser, testInfo, tailor);
    await tailorPage.goto("/profile/edit");
    await mockControl(tailorPage, "next-user", { userId: tailorLine, displayName: "ช่าง LINE" });
    await tailorPage.getByRole("link", { name: "เชื่อมต่อ LINE" }).click();
    await expect(notice(tailorPage)).toHaveText("เชื่อมต่อ LINE เรียบร้อย");
    await tailorPage.goto("/profile/edit");
    await expect(tailorPage.getByText("บัญชีนี้เชื่อมต่อกับ LINE แล้ว")).toBeVisible();
    await expect(tailorPage.getByRole("button", { name: "รีเซ็ตการเชื่อมต่อ LINE" })).toBeEnabled();
    await screenshotBoth(tailorPage, testInfo, "line-edit-linked");

    // The customer chooses the tailor for the waiting design and orders.
    await page.goto("/cart");
    await page
      .getByRole("listitem")
      .filter({ hasText: "ยังไม่ได้เลือกช่าง" })
      .getByRole("link", { name: "เลือกช่างตัด" })
      .click();
    await expect(page).toHaveURL(/\/merchant\/select\?productId=\d+/);
    const orderId = new URL(page.url()).searchParams.get("productId")!;
    await page.getByRole("searchbox", { name: "ค้นหาช่างตัด" }).fill(tailor.name);
    await page.getByRole("button", { name: "ค้นหา", exact: true }).click();
    await expect(page).toHaveURL(/&q=/);
    await page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: tailor.name }) })
      .getByRole("button", { name: /เลือกช่างรายนี้/ })
      .click();
    await expect(notice(page)).toHaveText("เลือกช่างตัดเรียบร้อยแล้ว");
    await page.getByRole("link", { name: "สั่งตัดเสื้อ", exact: true }).click();
    await page.getByRole("button", { name: /^ยืนยันสั่งตัดทั้งหมด/ }).click();
    await expect(notice(page)).toHaveText("สั่งตัดเสื้อเรียบร้อยแล้ว");

    const toCustomer = await expectPush(page, customerLine, [
      `คำสั่งซื้อ #${orderId}`,
      "สถานะ: รอช่างรับงาน",
      `/user/product/${orderId}`,
    ]);
    expect(toCustomer.text).toContain(`${new URL(page.url()).origin}/user/product/${orderId}`);
    await expectPush(page, tailorLine, [`คำสั่งซื้อ #${orderId}`, "มีคำสั่งซื้อใหม่รอคุณรับงาน", `/merchant/order/${orderId}`]);

    // LINE goes down: the tailor still accepts; the messages wait and the admin sees them.
    await mockControl(page, "push-failure", { mode: "error500" });
    await tailorPage.goto(`/merchant/order/${orderId}`);
    await tailorPage.getByRole("button", { name: "รับงาน", exact: true }).click();
    await expect(notice(tailorPage)).toHaveText("รับงานสำเร็จ");
    await tailorPage.context().close();

    const admin = await otherWindow(browser, testInfo, DEMO.admin);
    const waiting = admin.getByRole("listitem").filter({ hasText: `คำสั่งซื้อ #${orderId}` });
    await expect
      .poll(
        async () => {
          await admin.goto("/admin/line-outbox");
          return waiting.filter({ hasText: "LINE ตอบกลับ 500" }).count();
        },
        { timeout: 15_000 },
      )
      .toBe(2);
    await screenshotBoth(admin, testInfo, "line-outbox");

    // LINE is back: the admin sends one now; the other follows on its own after its back-off.
    await mockControl(page, "push-failure", { mode: "none" });
    await waiting.first().getByRole("button", { name: "ส่งตอนนี้" }).click();
    await expect(notice(admin)).toHaveText("ส่งข้อความนี้ใหม่อีกครั้งแล้ว");
    await expect
      .poll(
        async () => {
          const pushes = (await (await page.request.get(`${mockUrl}/__mock/pushes`)).json()) as RecordedPush[];
          return pushes.filter(
            (push) => push.text.includes(`คำสั่งซื้อ #${orderId}`) && push.text.includes("สถานะ: กำลังตัดเย็บ"),
          ).length;
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThanOrEqual(1);
    await admin.context().close();
  });

  test("a linked customer resets the LINE link from the edit page, with the spec's notice", async ({
    page,
    shop,
  }, testInfo) => {
    const customer = await newCustomer(shop);
    await signIn(page, customer);
    await page.goto("/profile/edit");
    // Not linked yet: the link to LINE, no reset.
    await expect(page.getByText("บัญชีนี้ยังไม่ได้เชื่อมต่อกับ LINE")).toBeVisible();
    await expect(page.getByRole("button", { name: "รีเซ็ตการเชื่อมต่อ LINE" })).toHaveCount(0);
    await mockControl(page, "next-user", { userId: lineUserId(), displayName: "ลูกค้ารีเซ็ต" });
    await page.getByRole("link", { name: "เชื่อมต่อ LINE" }).click();
    await expect(notice(page)).toHaveText("เชื่อมต่อ LINE เรียบร้อย");

    await page.goto("/profile/edit");
    await expect(page.getByText("บัญชีนี้เชื่อมต่อกับ LINE แล้ว")).toBeVisible();
    await shotOfWindow(page, `profile-edit-linked-${testInfo.project.name}`);
    await page.getByRole("button", { name: "รีเซ็ตการเชื่อมต่อ LINE" }).click();
    await expect(notice(page)).toHaveText("รีเซ็ตการเชื่อมต่อ LINE เรียบร้อย");
    await expect(page.getByText("บัญชีนี้ยังไม่ได้เชื่อมต่อกับ LINE")).toBeVisible();
    await expect(page.getByRole("button", { name: "รีเซ็ตการเชื่อมต่อ LINE" })).toHaveCount(0);
    await page.goto("/profile");
    await expect(page.getByText("ยังไม่ได้เชื่อมต่อ", { exact: true })).toBeVisible();
    await shotOfWindow(page, `profile-line-${testInfo.project.name}`);
  });
}

if (process.env.E2E_LINE_MOCK === "1") {
  test("signing in with LINE: the login page's button and the LIFF page outside LINE, and a LIFF app's ID token", async ({
    page,
    shop,
  }, testInfo) => {
    const customer = await newCustomer(shop);
    const line = { userId: lineUserId(), displayName: "ลูกค้า LIFF" };
    await signIn(page, customer);
    await mockControl(page, "next-user", line);
    await page.goto("/profile");
    await page.getByRole("link", { name: "เชื่อมต่อ LINE" }).click();
    await expect(notice(page)).toHaveText("เชื่อมต่อ LINE เรียบร้อย");
    await logout(page);

    // /login: 'เข้าสู่ระบบด้วย LINE' signs in the account linked with that LINE user.
    await page.goto("/login");
    await mockControl(page, "next-user", line);
    await page.getByRole("link", { name: "เข้าสู่ระบบด้วย LINE" }).click();
    await expect(page).toHaveURL(/\/design\?category=shirt/);
    await expect(notice(page)).toHaveText("เข้าสู่ระบบสำเร็จ");
    await logout(page);

    // /liff opened outside LINE is an ordinary page: the same LINE Login, or e-mail.
    await page.goto("/liff");
    await expect(page.getByRole("heading", { name: "เข้าสู่ระบบด้วย LINE", level: 1 })).toBeVisible();
    await shotOfWindow(page, `liff-outside-${testInfo.project.name}`);
    await mockControl(page, "next-user", line);
    await page.getByRole("link", { name: "เข้าสู่ระบบด้วย LINE" }).click();
    await expect(page).toHaveURL(/\/design\?category=shirt/);
    await logout(page);

    // Inside LINE the page sends the ID token LIFF gives it (here the mock's) to the shop.
    const token = await page.request.post(`${mockUrl}/__mock/id-token`, { data: line });
    const { idToken } = (await token.json()) as { idToken: string };
    const origin = new URL(testInfo.project.use.baseURL!).origin;
    const signedIn = await page.request.post("/api/auth/line/liff", { headers: { Origin: origin }, data: { idToken } });
    expect(signedIn.status()).toBe(200);
    expect(await signedIn.json()).toMatchObject({ status: "signed_in", redirectTo: "/design?category=shirt" });
    await page.goto("/profile");
    await expect(page.getByText(customer.email)).toBeVisible();
    const forged = await page.request.post("/api/auth/line/liff", {
      headers: { Origin: origin },
      data: { idToken: `${idToken.slice(0, -4)}AAAA` },
    });
    expect(forged.status()).toBe(401);
  });
}

if (process.env.E2E_LINE_MOCK === "1") {
  test("a forgotten password: the mailed link, followed in the browser, sets a new one", async ({
    page,
    shop,
  }, testInfo) => {
    const customer = await newCustomer(shop);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/forgot-password");
    await page.getByRole("textbox", { name: "อีเมล" }).fill(customer.email);
    await page.getByRole("button", { name: "ส่งลิงก์ตั้งรหัสผ่านใหม่" }).click();
    await expect(page.getByText("ลองดูในโฟลเดอร์จดหมายขยะ", { exact: false })).toBeVisible();

    // The message, as the SMTP server beside the LINE mock received it.
    let link = "";
    await expect
      .poll(
        async () => {
          const mails = (await (await page.request.get(`${mockUrl}/__mock/mails`)).json()) as {
            to: string[];
            text: string;
          }[];
          const mail = mails.find((each) => each.to.includes(customer.email));
          link = mail?.text.match(/https?:\/\/\S+\/reset-password\/[\w-]+/)?.[0] ?? "";
          return link !== "";
        },
        { timeout: 15_000 },
      )
      .toBe(true);

    await page.goto(link);
    await page.getByLabel("รหัสผ่านใหม่", { exact: true }).fill("new-secret-42");
    await page.getByLabel("ยืนยันรหัสผ่านใหม่").fill("new-secret-42");
    await page.getByRole("button", { name: "ตั้งรหัสผ่านใหม่" }).click();
    await expect(page).toHaveURL(/\/login\?email=/);
    await expect(page.getByLabel("อีเมล")).toHaveValue(customer.email);
    await page.getByLabel("รหัสผ่าน", { exact: true }).fill("new-secret-42");
    await page.getByRole("button", { name: "เข้าสู่ระบบ" }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await screenshotBoth(page, testInfo, "reset-by-mail-signed-in");
    // The link worked once.
    await page.goto(link);
    await expect(page.getByLabel("รหัสผ่านใหม่", { exact: true })).toHaveCount(0);
  });
}
