import { expect, test } from "./support/fixtures";

/*
 * A bad connection (issue 51) without JavaScript: nothing changes, no service worker is even asked
 * for; the offline page the worker shows (offline.js-only.spec.ts) is a whole Thai page of its own.
 */

test("without JavaScript no worker is asked for, and the offline page is a whole Thai page", async ({
  page,
}, testInfo) => {
  const asked: string[] = [];
  page.on("request", (request) => asked.push(new URL(request.url()).pathname));
  await page.goto("/");
  await page.goto("/offline");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("ไม่มีการเชื่อมต่ออินเทอร์เน็ต");
  await expect(page.getByRole("link", { name: "ลองอีกครั้ง" })).toBeVisible();
  if (testInfo.project.name === "no-js") expect(asked).not.toContain("/sw.js");
  const worker = await page.request.get("/sw.js?v=any");
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  expect(worker.headers()["content-type"]).toContain("javascript");
});
