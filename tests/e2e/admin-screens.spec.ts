import { expect, test } from "@playwright/test";
import { DEMO, loginAs } from "./support/auth";
import { screenshotBoth } from "./support/screens";

// Every admin page and dialog, on a phone and a wide screen, for a person to look at.
test("admin pages and dialogs look right", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await loginAs(page, DEMO.admin);
  // Whichever design is still waiting (the other tests approve some).
  const pending = await (await page.request.get("/admin/designs/pending")).json();
  const pendingId = pending.designs[0]?.id ?? 0;
  const shots: [string, string, RegExp | string][] = [
    ["admin-dashboard", "/admin", "แดชบอร์ด"],
    ["admin-dashboard-week", "/admin?period=week", "แดชบอร์ด"],
    ["admin-users", "/admin/manage/users", "จัดการผู้ใช้"],
    ["admin-users-new", "/admin/manage/users?new=1", "เพิ่มผู้ใช้"],
    ["admin-users-edit", "/admin/manage/users?edit=1", /แก้ไขผู้ใช้/],
    ["admin-users-delete", "/admin/manage/users?delete=5", "ยืนยันการลบผู้ใช้"],
    ["admin-designs", "/admin/manage/designs", "จัดการแบบเสื้อ"],
    ["admin-designs-view", `/admin/manage/designs?view=${pendingId}`, `แบบเสื้อ #${pendingId}`],
    ["admin-designs-approve", `/admin/manage/designs?approve=${pendingId}`, "ยืนยันการอนุมัติแบบเสื้อ"],
    ["admin-orders", "/admin/manage/orders", "จัดการคำสั่งซื้อ"],
    ["admin-orders-detail", "/admin/manage/orders?order=3", /รายละเอียดคำสั่งซื้อ #3/],
    ["admin-orders-change", "/admin/manage/orders?change=3", /เปลี่ยนสถานะคำสั่งซื้อ #3/],
  ];
  for (const [name, path, heading] of shots) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { name: heading }).first()).toBeVisible();
    await screenshotBoth(page, testInfo, name);
  }
});
