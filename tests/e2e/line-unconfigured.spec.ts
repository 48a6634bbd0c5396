import { expect, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { screenshotBoth } from "./support/screens";

// The ordinary end-to-end server has no LINE settings: the shop says so and offers no LINE button.
test("without LINE settings the profile says the shop has not connected LINE, and offers no link button", async ({
  page,
}, testInfo) => {
  await signIn(page, DEMO.tailor3);
  await page.goto("/profile");
  await expect(page.getByText("ร้านยังไม่ได้เชื่อมต่อ LINE จึงยังแจ้งเตือนทาง LINE ไม่ได้")).toBeVisible();
  await expect(page.getByRole("link", { name: "เชื่อมต่อ LINE" })).toHaveCount(0);
  await page.goto("/profile/edit");
  await expect(page.getByText("ร้านยังไม่ได้เชื่อมต่อ LINE", { exact: true })).toBeVisible();
  await screenshotBoth(page, testInfo, "line-edit-unconfigured");
  await expect(page.getByRole("link", { name: "เชื่อมต่อ LINE" })).toHaveCount(0);
});
