import { expect, type Page } from "@playwright/test";

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

/** Logs in through the real form (works with JavaScript on and off) and waits to land. */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("อีเมล").fill(email);
  await page.getByLabel("รหัสผ่าน", { exact: true }).fill(password);
  await page.getByRole("button", { name: "เข้าสู่ระบบ" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Logs out through the account menu's form. */
export async function logout(page: Page): Promise<void> {
  await page.request.post("/logout", { headers: { Origin: new URL(page.url()).origin }, form: {} });
  await page.context().clearCookies();
}
