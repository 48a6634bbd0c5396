import type { Page } from "@playwright/test";
import { DEMO, loginAs, logout, signIn } from "./support/auth";
import { cartDesign, expect, newTailor, orderAwaiting, pendingDesign, test } from "./support/fixtures";

// Runs with JavaScript on (dialogs are modal) and off (dialogs are server-rendered panels).
const notice = (page: Page) => page.getByTestId("notice");
const dialog = (page: Page, name: string | RegExp) => page.getByRole("dialog", { name });

test("an admin adds a tailor, who can then log in; edits and deletes users", async ({ page, shop }, testInfo) => {
  test.setTimeout(120_000);
  const tag = shop.unique();
  const email = `tailor-${tag}@example.com`;
  await signIn(page, DEMO.admin);
  await page.goto("/admin/manage/users");
  await expect(page.getByRole("heading", { name: "จัดการผู้ใช้", level: 1 })).toBeVisible();

  await page.getByRole("link", { name: "เพิ่มผู้ใช้" }).click();
  const add = dialog(page, "เพิ่มผู้ใช้");
  await expect(add).toBeVisible();
  if (testInfo.project.name === "js") {
    // With JavaScript it is a real modal that Escape closes (the address follows).
    expect(await add.evaluate((element) => element.matches(":modal"))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/admin\/manage\/users$/);
    await expect(dialog(page, "เพิ่มผู้ใช้")).toHaveCount(0);
    await page.getByRole("link", { name: "เพิ่มผู้ใช้" }).click();
    await expect(add).toBeVisible();
  }
  await expect(add.getByLabel("อีเมล")).toHaveAttribute("type", "email");
  await expect(add.getByLabel("ผู้ใช้", { exact: true })).toBeChecked();
  await expect(add.getByLabel("ใช้งาน", { exact: true })).toBeChecked();
  // Nothing typed: the spec's message, nothing saved.
  await add.getByRole("button", { name: "บันทึก" }).click();
  await expect(dialog(page, "เพิ่มผู้ใช้").getByRole("alert").first()).toHaveText("กรุณากรอกข้อมูลที่จำเป็น (ชื่อ, อีเมล, รหัสผ่าน)");
  // Once, above the fields; beside each empty field what it needs.
  await expect(dialog(page, "เพิ่มผู้ใช้").getByText("กรุณากรอกข้อมูลที่จำเป็น", { exact: false })).toHaveCount(1);
  await expect(dialog(page, "เพิ่มผู้ใช้").getByText("กรุณากรอกชื่อ-นามสกุล", { exact: true })).toBeVisible();
  await expect(dialog(page, "เพิ่มผู้ใช้").getByText("กรุณากรอกอีเมล", { exact: true })).toBeVisible();
  await expect(dialog(page, "เพิ่มผู้ใช้").getByText("กรุณากรอกรหัสผ่าน", { exact: true })).toBeVisible();

  const form = dialog(page, "เพิ่มผู้ใช้");
  await form.getByLabel("ชื่อ-นามสกุล").fill(`ช่างใหม่ ${tag}`);
  await form.getByLabel("อีเมล").fill(email);
  await form.getByLabel(/^รหัสผ่าน/).fill("tailor-pass-1");
  await form.getByLabel("เบอร์โทรศัพท์").fill("0891234567");
  await form.getByLabel("ที่อยู่").fill("หมู่ 3 บ้านนาดี");
  await form.getByLabel("ผู้ใช้", { exact: true }).uncheck();
  await form.getByLabel("ร้านค้า", { exact: true }).check();
  await form.getByRole("button", { name: "บันทึก" }).click();
  await expect(notice(page)).toHaveText("เพิ่มผู้ใช้เรียบร้อย");
  await expect(dialog(page, "เพิ่มผู้ใช้")).toHaveCount(0);

  // Found by search, with the tailor badge; the same email again is refused clearly.
  await page.getByLabel("ค้นหาผู้ใช้").fill(email);
  await page.getByRole("button", { name: "ค้นหา", exact: true }).click();
  const row = page.getByRole("row", { name: new RegExp(email) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("ร้านค้า")).toBeVisible();
  await expect(row.getByText("ใช้งาน")).toBeVisible();

  await page.getByRole("link", { name: "เพิ่มผู้ใช้" }).click();
  const again = dialog(page, "เพิ่มผู้ใช้");
  await again.getByLabel("ชื่อ-นามสกุล").fill("ซ้ำ");
  await again.getByLabel("อีเมล").fill(email.toUpperCase());
  await again.getByLabel(/^รหัสผ่าน/).fill("another-pass-1");
  await again.getByRole("button", { name: "บันทึก" }).click();
  await expect(dialog(page, "เพิ่มผู้ใช้").getByRole("alert").first()).toHaveText("อีเมลนี้มีผู้ใช้แล้ว");
  await dialog(page, "เพิ่มผู้ใช้").getByRole("link", { name: "ยกเลิก" }).click();

  // Edit: the password is never shown; blank keeps it.
  await page.getByRole("link", { name: `แก้ไข ช่างใหม่ ${tag}` }).click();
  const edit = dialog(page, /แก้ไขผู้ใช้/);
  await expect(edit.getByLabel(/^รหัสผ่าน/)).toHaveValue("");
  await expect(edit.getByText("เว้นว่างไว้หากไม่ต้องการเปลี่ยน")).toBeVisible();
  await expect(edit.getByLabel("ร้านค้า", { exact: true })).toBeChecked();
  // The password is optional on edit: not marked, and an empty name does not ask for it.
  await expect(edit.getByText("รหัสผ่าน", { exact: true })).toHaveText("รหัสผ่าน");
  await edit.getByLabel("ชื่อ-นามสกุล").fill("");
  await edit.getByRole("button", { name: "บันทึก" }).click();
  await expect(
    dialog(page, /แก้ไขผู้ใช้/)
      .getByRole("alert")
      .first(),
  ).toHaveText("กรุณากรอกข้อมูลที่จำเป็น (ชื่อ, อีเมล)");
  await expect(dialog(page, /แก้ไขผู้ใช้/).getByText("กรุณากรอกข้อมูลที่จำเป็น", { exact: false })).toHaveCount(1);
  await expect(dialog(page, /แก้ไขผู้ใช้/).getByText("กรุณากรอกชื่อ-นามสกุล", { exact: true })).toBeVisible();
  await expect(dialog(page, /แก้ไขผู้ใช้/).getByText("กรุณากรอกรหัสผ่าน")).toHaveCount(0);
  await dialog(page, /แก้ไขผู้ใช้/)
    .getByLabel("ชื่อ-นามสกุล")
    .fill(`ช่างใหม่ ${tag}`);
  await dialog(page, /แก้ไขผู้ใช้/)
    .getByLabel("เบอร์โทรศัพท์")
    .fill("0899999999");
  await dialog(page, /แก้ไขผู้ใช้/)
    .getByRole("button", { name: "บันทึก" })
    .click();
  await expect(notice(page)).toHaveText("อัปเดตผู้ใช้เรียบร้อย");

  // The new tailor logs in with the password the admin set, and lands on the tailor's page.
  await logout(page);
  await loginAs(page, email, "tailor-pass-1");
  await expect(page).toHaveURL(/\/merchant$/);
  await logout(page);

  // Delete: a confirmation naming the person, then gone.
  await signIn(page, DEMO.admin);
  await page.goto(`/admin/manage/users?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: `ลบ ช่างใหม่ ${tag}` }).click();
  const confirm = dialog(page, "ยืนยันการลบผู้ใช้");
  await expect(confirm).toContainText(`ช่างใหม่ ${tag}`);
  await expect(confirm).toContainText("การลบไม่สามารถย้อนกลับได้");
  await confirm.getByRole("button", { name: "ลบผู้ใช้" }).click();
  await expect(notice(page)).toHaveText("ลบผู้ใช้เรียบร้อย");
  await expect(page.getByText("ไม่พบข้อมูลผู้ใช้")).toBeVisible();

  // The admin's own row offers no delete.
  await page.goto(`/admin/manage/users?q=${encodeURIComponent(DEMO.admin)}`);
  await expect(page.getByRole("link", { name: /^ลบ / })).toHaveCount(0);
});

test("an admin approves one pending design and rejects another", async ({ page, shop }) => {
  // Two sample photos of a new tailor's, waiting for the admin.
  const tailor = await newTailor(shop);
  const firstId = String(await pendingDesign(tailor));
  const secondId = String(await pendingDesign(tailor));
  await signIn(page, DEMO.admin);
  await page.goto("/admin/manage/designs");
  await expect(page.getByRole("heading", { name: "จัดการแบบเสื้อ", level: 1 })).toBeVisible();
  // This tailor's rows waiting for a decision (other tests, in the other project too, add and
  // decide designs of their own on the same table meanwhile).
  const rows = page
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: /^อนุมัติแบบ/ }) })
    .filter({ hasText: tailor.name });
  const before = 2;
  await expect(rows).toHaveCount(before);
  const first = page.getByRole("row").filter({ has: page.getByRole("link", { name: `ดูแบบ #${firstId}` }) });
  await expect(first).toContainText("อัปโหลด");
  await expect(first).toContainText(tailor.name);
  // A pending design is not on the silk shops page yet.
  await page.goto("/merchant/info");
  await expect(page.locator(`a[href="/merchant/info?view=${firstId}"]`)).toHaveCount(0);
  await page.goto("/admin/manage/designs");

  // View, then approve from the view dialog.
  await page.getByRole("link", { name: `ดูแบบ #${firstId}` }).click();
  const view = dialog(page, `แบบเสื้อ #${firstId}`);
  await expect(view.getByRole("img")).toBeVisible();
  await view.getByRole("link", { name: "อนุมัติ" }).click();
  const approve = dialog(page, "ยืนยันการอนุมัติแบบเสื้อ");
  await expect(approve).toContainText("จะแสดงเป็นแบบเสื้อยอดนิยมของร้าน");
  await approve.getByRole("button", { name: "ยืนยันอนุมัติ" }).click();
  await expect(notice(page)).toHaveText("อนุมัติแบบเสื้อเรียบร้อย");
  await expect(page.getByRole("link", { name: `ดูแบบ #${firstId}` })).toHaveCount(0);
  await expect(rows).toHaveCount(before - 1);

  await page.getByRole("link", { name: `ปฏิเสธแบบ #${secondId}` }).click();
  const reject = dialog(page, "ยืนยันการปฏิเสธแบบเสื้อ");
  await expect(reject).toContainText("จะไม่แสดงเป็นแบบเสื้อยอดนิยมของร้าน");
  // The tailor reads why.
  await reject.getByLabel(/^เหตุผลที่ไม่อนุมัติ/).fill("ภาพไม่ชัด กรุณาถ่ายใหม่ในที่สว่าง");
  await reject.getByRole("button", { name: "ยืนยันปฏิเสธ" }).click();
  await expect(notice(page)).toHaveText("ปฏิเสธแบบเสื้อเรียบร้อย");
  await expect(page.getByRole("link", { name: `ดูแบบ #${secondId}` })).toHaveCount(0);
  await expect(rows).toHaveCount(before - 2);

  // Neither is pending any more (checked through the admin's JSON call).
  const pending = await (await page.request.get("/admin/designs/pending")).json();
  const pendingIds = pending.designs.map((design: { id: number }) => String(design.id));
  expect(pendingIds).not.toContain(firstId);
  expect(pendingIds).not.toContain(secondId);
  const own = (await (await tailor.api.get("/api/design/merchant/popular_designs")).json()) as {
    id: number;
    rejectReason: string | null;
  }[];
  expect(own.find((design) => String(design.id) === secondId)?.rejectReason).toBe("ภาพไม่ชัด กรุณาถ่ายใหม่ในที่สว่าง");

  // The shop's own page shows the approved design among its popular designs, never the rejected
  // one (the silk shops list pages its shops oldest first: a new tailor may be on a later page).
  await page.goto(`/merchant/info/${tailor.id}`);
  await expect(page.locator(`a[href="/merchant/info/${tailor.id}?view=${firstId}"]`).first()).toBeVisible();
  await expect(page.locator(`a[href*="view=${secondId}"]`)).toHaveCount(0);
});

test("an admin filters, sorts, opens details and overrides an order's status", async ({ page, shop }, testInfo) => {
  // An order waiting for a new tailor, and a design of the same customer's still in the cart.
  const tailor = await newTailor(shop);
  const order = await orderAwaiting(shop, tailor);
  const { cartItemId } = await cartDesign(order.customer);
  const id = String(order.id);
  await signIn(page, DEMO.admin);
  await page.goto("/admin/manage/orders");
  await expect(page.getByRole("heading", { name: "จัดการคำสั่งซื้อ", level: 1 })).toBeVisible();

  // Sorting by id: descending first, then ascending, the arrow following.
  const idHeader = page.getByRole("columnheader", { name: /รหัส/ });
  await idHeader.getByRole("link").click();
  await expect(page).toHaveURL(/sort=id&dir=desc/);
  await expect(page.getByRole("columnheader", { name: /รหัส/ })).toHaveAttribute("aria-sort", "descending");
  const firstDesc = Number(
    (await page.getByRole("row").nth(1).getByRole("cell").first().textContent())!.replace("#", ""),
  );
  await page.getByRole("columnheader", { name: /รหัส/ }).getByRole("link").click();
  await expect(page).toHaveURL(/sort=id&dir=asc/);
  await expect(page.getByRole("columnheader", { name: /รหัส/ })).toHaveAttribute("aria-sort", "ascending");
  const firstAsc = Number(
    (await page.getByRole("row").nth(1).getByRole("cell").first().textContent())!.replace("#", ""),
  );
  expect(firstAsc).toBeLessThan(firstDesc);

  // Filters, on the default order (newest first, where this test's orders are): the cart item
  // has no tailor yet; the placed order waits for its tailor.
  const filters = page.getByRole("navigation", { name: "กรองตามสถานะ" });
  await page.goto("/admin/manage/orders");
  await filters.getByRole("link", { name: "รอสั่งซื้อ" }).click();
  await expect(page).toHaveURL(/status=cart/);
  await expect(page.getByTestId(`order-row-${cartItemId}`)).toContainText("ยังไม่ได้เลือกช่าง");
  await filters.getByRole("link", { name: "รอช่างรับงาน" }).click();
  await expect(page).toHaveURL(/status=ordered/);
  await expect(filters.getByRole("link", { name: "รอช่างรับงาน" })).toHaveAttribute("aria-current", "page");
  const row = page.getByTestId(`order-row-${id}`);
  await expect(row).toContainText("รอช่างรับงาน");
  await expect(row).toContainText(tailor.name);
  await expect(page.getByTestId(`order-row-${cartItemId}`)).toHaveCount(0);

  // Details: every field, "ไม่ระบุ" where missing.
  await page.getByRole("link", { name: `รายละเอียด คำสั่งซื้อ #${id}` }).click();
  const details = dialog(page, `รายละเอียดคำสั่งซื้อ #${id}`);
  for (const heading of ["ข้อมูลคำสั่งซื้อ", "ข้อมูลผู้ซื้อ", "ข้อมูลช่างตัด", "แบบเสื้อ"])
    await expect(details.getByRole("heading", { name: heading })).toBeVisible();
  await expect(details).toContainText("ตัว");
  await details.getByRole("link", { name: "ปิด", exact: true }).click();

  // Override: the current status is disabled and there is no cart button.
  if (testInfo.project.name === "js")
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same page"));
  await page.getByRole("link", { name: `เปลี่ยนสถานะ คำสั่งซื้อ #${id}` }).click();
  const change = dialog(page, `เปลี่ยนสถานะคำสั่งซื้อ #${id}`);
  await expect(change.getByRole("button", { name: /รอช่างรับงาน/ })).toBeDisabled();
  await expect(change.getByRole("button", { name: /รอสั่งซื้อ/ })).toHaveCount(0);
  await change.getByRole("button", { name: "กำลังตัดเย็บ" }).click();
  await expect(notice(page)).toHaveText("อัปเดตสถานะเป็น กำลังตัดเย็บ เรียบร้อย");
  await expect(dialog(page, `เปลี่ยนสถานะคำสั่งซื้อ #${id}`)).toHaveCount(0);
  // The filtered list no longer holds it; the full list shows its new status.
  await expect(page.getByRole("link", { name: `เปลี่ยนสถานะ คำสั่งซื้อ #${id}` })).toHaveCount(0);
  if (testInfo.project.name === "js")
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same page");
  await page.goto("/admin/manage/orders?sort=id&dir=desc");
  await expect(page.getByTestId(`order-row-${id}`)).toContainText("กำลังตัดเย็บ");
});

test("the dashboard shows figures, the period filter and the statistics tables", async ({ page }) => {
  await loginAs(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "แดชบอร์ด", level: 1 })).toBeVisible();
  const figures = page.getByRole("list", { name: "สถิติของร้าน" });
  await expect(figures).toContainText("ผู้ใช้ทั้งหมด");
  await expect(figures).toContainText("แบบที่รอการอนุมัติ");
  await expect(page.getByRole("heading", { name: "แบบเสื้อยอดนิยม" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "สถิติผู้ใช้" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "สถิติร้านค้า" })).toBeVisible();
  await expect(page.getByRole("link", { name: "จัดการผู้ใช้" }).last()).toHaveAttribute("href", "/admin/manage/users");

  await page.getByRole("navigation", { name: "ช่วงเวลา" }).getByRole("link", { name: "7 วัน" }).click();
  await expect(page).toHaveURL(/period=week/);
  await expect(page.getByRole("navigation", { name: "ช่วงเวลา" }).getByRole("link", { name: "7 วัน" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // Tailors by revenue (default), then by name when the header is clicked.
  const merchants = page.getByRole("region", { name: "สถิติร้านค้า" });
  await expect(merchants.getByRole("columnheader", { name: /รายได้/ })).toHaveAttribute("aria-sort", "descending");
  await merchants.getByRole("columnheader", { name: /ชื่อ/ }).getByRole("link").click();
  await expect(page).toHaveURL(/msort=name&mdir=desc/);
  await expect(page).toHaveURL(/period=week/);
});

test("admin pages send visitors to log in and other roles home", async ({ page }) => {
  for (const path of ["/admin", "/admin/manage/users", "/admin/manage/designs", "/admin/manage/orders"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login/);
  }
  await signIn(page, DEMO.user);
  for (const path of ["/admin", "/admin/manage/designs", "/admin/manage/orders"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  }
  const api = await page.request.get("/api/admin/users");
  expect(api.status()).toBe(403);
  expect((await api.json()).error).toBeTruthy();
});
