import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";

export const PHONE = { width: 390, height: 844 };
export const WIDE = { width: 1366, height: 900 };

/**
 * Full-page screenshots of the current page on a phone and on a wide screen, kept in screens/ of
 * the run's output folder (test-results/, or test-results-<port>/ on another E2E_PORT) so a
 * person can look at what the shop shows. Only when asked for:
 *
 *   SCREENSHOTS=1 npx playwright test
 *
 * Otherwise this does nothing. Nothing compares the pictures, and two full-page shots per call
 * (about 60 a run) cost every run time.
 */
export async function screenshotBoth(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (process.env.SCREENSHOTS !== "1") return;
  const original = page.viewportSize();
  for (const [label, size] of [
    ["phone", PHONE],
    ["wide", WIDE],
  ] as const) {
    await page.setViewportSize(size);
    await page.evaluate(() => document.fonts?.ready);
    await page.screenshot({
      path: path.join(testInfo.project.outputDir, "screens", `${testInfo.project.name}-${name}-${label}.png`),
      fullPage: true,
      animations: "disabled",
    });
  }
  if (original) await page.setViewportSize(original);
}

/** A screenshot of the window as it is, into SHOTS_DIR when set (a person looking at one state); otherwise nothing. */
export async function shotOfWindow(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}
