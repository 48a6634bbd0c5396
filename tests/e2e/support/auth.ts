import { type Browser, expect, type Page, type TestInfo, test } from "@playwright/test";

/** Demo accounts (seeded by the e2e server), all with this password. */
export const DEMO_PASSWORD = "demo1234";
export const DEMO = {
  admin: "admin@example.com",
  tailor1: "tailor1@example.com",
  tailor2: "tailor2@example.com",
  tailor3: "tailor3@example.com",
  user: "user@example.com",
  somchai: "somchai@example.com",
} as const;

/** An account to sign in as: a demo e-mail (password demo1234), or one a test created. */
export type Credentials = string | { email: string; password: string };

function credentialsOf(who: Credentials): { email: string; password: string } {
  return typeof who === "string"
    ? { email: who, password: DEMO_PASSWORD }
    : { email: who.email, password: who.password };
}

/**
 * Logs in through the real form (works with JavaScript on and off) and waits to land. For
 * tests about the form or where it lands; elsewhere `signIn` is quicker.
 */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("อีเมล").fill(email);
  await page.getByLabel("รหัสผ่าน", { exact: true }).fill(password);
  await page.getByRole("button", { name: "เข้าสู่ระบบ" }).click();
  // Checking the password (argon2) and loading the role's landing page has taken longer than
  // expect's 5 s on two busy cores: wait for the landing page itself, with a navigation's time.
  await page.waitForURL((url) => url.pathname !== "/login", { timeout: 30_000 });
}

/**
 * Signs the page's browser in through the JSON login (POST /api/auth/login): the session
 * cookie lands in the page's context, so the next page opened is signed in. No form, no landing
 * page, no notice: for tests about something other than logging in.
 */
export async function signIn(page: Page, who: Credentials): Promise<void> {
  const { email, password } = credentialsOf(who);
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const response = await page.request.post("/api/auth/login", {
    headers: { Origin: origin },
    data: { email, password },
  });
  expect(response.status(), `log in as ${email}: ${await response.text()}`).toBe(200);
}

/** Logs out through the account menu's form. */
export async function logout(page: Page): Promise<void> {
  await page.request.post("/logout", { headers: { Origin: new URL(page.url()).origin }, form: {} });
  await page.context().clearCookies();
}

/**
 * A second person in their own browser window (a customer and a tailor at once), with the same
 * JavaScript setting as this run, signed in. Close it with `page.context().close()`.
 */
export async function otherWindow(browser: Browser, testInfo: TestInfo, who: Credentials): Promise<Page> {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    locale: "th-TH",
    timezoneId: "Asia/Bangkok",
  });
  const page = await context.newPage();
  await signIn(page, who);
  return page;
}
