import { DEMO, signIn } from "./support/auth";
import { expect, newCustomer, newTailor, orderAwaiting, pendingDesign, test } from "./support/fixtures";
import { screenshotBoth } from "./support/screens";

// Every admin page and dialog answers (200) with its heading; with SCREENSHOTS=1 each is also
// kept as a picture on a phone and a wide screen, for a person to look at (support/screens.ts).
test("every admin page and dialog answers with its heading", async ({ page, shop }, testInfo) => {
  test.setTimeout(120_000);
  // The dialogs' subjects, made for this test: a customer, a design waiting for approval and an order.
  const customer = await newCustomer(shop);
  const tailor = await newTailor(shop);
  const designId = await pendingDesign(tailor);
  const { id: orderId } = await orderAwaiting(shop, tailor);
  await signIn(page, DEMO.admin);
  const screens: { name: string; path: string; heading: string; shows?: string }[] = [
    { name: "admin-dashboard", path: "/admin", heading: "แดชบอร์ด" },
    { name: "admin-dashboard-week", path: "/admin?period=week", heading: "แดชบอร์ด" },
    { name: "admin-users", path: "/admin/manage/users", heading: "จัดการผู้ใช้" },
    { name: "admin-users-new", path: "/admin/manage/users?new=1", heading: "เพิ่มผู้ใช้" },
    { name: "admin-users-edit", path: `/admin/manage/users?edit=${customer.id}`, heading: `แก้ไขผู้ใช้: ${customer.name}` },
    {
      name: "admin-users-delete",
      path: `/admin/manage/users?delete=${customer.id}`,
      heading: "ยืนยันการลบผู้ใช้",
      shows: customer.name,
    },
    { name: "admin-designs", path: "/admin/manage/designs", heading: "จัดการแบบเสื้อ" },
    {
      name: "admin-designs-view",
      path: `/admin/manage/designs?view=${designId}`,
      heading: `แบบเสื้อ #${designId}`,
      shows: tailor.name,
    },
    {
      name: "admin-designs-approve",
      path: `/admin/manage/designs?approve=${designId}`,
      heading: "ยืนยันการอนุมัติแบบเสื้อ",
      shows: `#${designId}`,
    },
    {
      name: "admin-designs-reject",
      path: `/admin/manage/designs?reject=${designId}`,
      heading: "ยืนยันการปฏิเสธแบบเสื้อ",
      shows: `#${designId}`,
    },
    { name: "admin-orders", path: "/admin/manage/orders", heading: "จัดการคำสั่งซื้อ" },
    {
      name: "admin-orders-detail",
      path: `/admin/manage/orders?order=${orderId}`,
      heading: `รายละเอียดคำสั่งซื้อ #${orderId}`,
      shows: tailor.name,
    },
    {
      name: "admin-orders-change",
      path: `/admin/manage/orders?change=${orderId}`,
      heading: `เปลี่ยนสถานะคำสั่งซื้อ #${orderId}`,
    },
    {
      name: "admin-pricings",
      path: `/admin/manage/pricings?merchantId=${tailor.id}`,
      heading: "จัดการราคาลวดลาย",
      shows: tailor.name,
    },
    { name: "admin-line-outbox", path: "/admin/line-outbox", heading: "ข้อความ LINE ที่ยังส่งไม่ถึง" },
  ];
  for (const { name, path, heading, shows } of screens) {
    await test.step(path, async () => {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { name: heading }).first()).toBeVisible();
      if (shows) await expect(page.locator("body")).toContainText(shows);
      await screenshotBoth(page, testInfo, name);
    });
  }
});
