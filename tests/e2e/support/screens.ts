import type { Page, TestInfo } from "@playwright/test";

export const PHONE = { width: 390, height: 844 };
export const WIDE = { width: 1366, height: 900 };

/**
 * Full-page screenshots of the current page on a phone and on a wide screen, kept in
 * test-results/screens/ so a person can look at what the shop shows.
 */
export async function screenshotBoth(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const [label, size] of [["phone", PHONE], ["wide", WIDE]] as const) {
    await page.setViewportSize(size);
    await page.evaluate(() => document.fonts?.ready);
    await page.screenshot({ path: `test-results/screens/${testInfo.project.name}-${name}-${label}.png`, fullPage: true, animations: "disabled" });
  }
  if (original) await page.setViewportSize(original);
}
