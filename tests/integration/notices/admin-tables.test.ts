import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { createTestUser, signedIn } from "../../support/users";
import { emptyShop, makeDesign, makeOrder } from "../admin/support";
import { Browser, bodyRows, detailsOn, noticeOn, openShop, words } from "./support";

/*
 * What the admin tables and dialogs read when there is nothing to show, or a value is missing
 * (spec section 2: each table's empty text, "not yet set", "no tailor yet", "not specified"),
 * as the built shop draws them.
 *
 * Two fallbacks of the spec cannot happen here and have no test: a buyer shown as
 * "User ID: {buyerId}" (an order's buyer is a foreign key with ON DELETE CASCADE: a buyer cannot
 * be gone while the order stays) and an order without a design image (the design is a foreign key
 * with ON DELETE RESTRICT, and a design without a stored picture is drawn from its parts).
 */

let browser: Browser;
const NOV_22 = new Date("2026-11-22T03:00:00Z"); // 10:00 in Bangkok

beforeAll(openShop, 240_000);

beforeEach(async () => {
  await emptyShop();
  browser = new Browser((await signedIn({ roles: ["admin"], name: "แอดมิน" })).cookie);
});

describe("/admin/manage/users", () => {
  it("a search that finds nobody reads 'ไม่พบข้อมูลผู้ใช้'", async () => {
    await createTestUser({ name: "สมหญิง ใจดี", email: "somying@example.com" });
    expect(bodyRows(await browser.open("/admin/manage/users?q=nobody-here"))).toEqual([["ไม่พบข้อมูลผู้ใช้"]]);
    const found = bodyRows(await browser.open("/admin/manage/users?q=somying"));
    expect(found).toHaveLength(1);
    expect(found[0]!.slice(0, 2)).toEqual(["สมหญิง ใจดี", "somying@example.com"]);
  });
});

describe("/admin/manage/designs", () => {
  it("nothing pending reads 'ไม่มีแบบที่รอการอนุมัติ'", async () => {
    await makeDesign({ status: "approved", type: "upload", price: 900 });
    expect(bodyRows(await browser.open("/admin/manage/designs"))).toEqual([["ไม่มีแบบที่รอการอนุมัติ"]]);
  });

  it("a sample without a price, whose tailor was deleted, reads 'ยังไม่กำหนดราคา' and '-' in the table and the dialog", async () => {
    const tailor = await createTestUser({ roles: ["merchant"], name: "ช่างที่ลาออก" });
    const design = await makeDesign({
      ownerId: tailor.id,
      status: "pending",
      type: "upload",
      price: null,
      createdAt: NOV_22,
    });
    const priced = await makeDesign({
      ownerId: tailor.id,
      status: "pending",
      type: "design",
      price: 1290.5,
      createdAt: new Date(NOV_22.getTime() + 1000),
    });
    expect(bodyRows(await browser.open("/admin/manage/designs"))[0]!.slice(0, 4)).toEqual([
      `#${design.id}`,
      "ช่างที่ลาออก",
      "อัปโหลด",
      "ยังไม่กำหนดราคา",
    ]);

    // The admin deletes the tailor (no placed orders): the design stays, without its shop.
    const deleted = await browser.submit(`/admin/manage/users?delete=${tailor.id}`, {
      intent: "delete",
      id: String(tailor.id),
    });
    expect(noticeOn(deleted)).toBe("ลบผู้ใช้เรียบร้อย");

    const page = await browser.open(`/admin/manage/designs?view=${design.id}`);
    expect(bodyRows(page)).toEqual([
      [`#${design.id}`, "-", "อัปโหลด", "ยังไม่กำหนดราคา", "22 พ.ย. 2569", "ดู อนุมัติ ปฏิเสธ"],
      [`#${priced.id}`, "-", "ออกแบบในระบบ", "1,290.5 บาท", "22 พ.ย. 2569", "ดู อนุมัติ ปฏิเสธ"],
    ]);
    expect(detailsOn(page)).toEqual([
      ["รหัส", `#${design.id}`],
      ["ประเภท", "อัปโหลด"],
      ["ร้าน", "-"],
      ["ราคา", "ยังไม่กำหนดราคา"],
      ["วันที่สร้าง", "22 พ.ย. 2569 10:00"],
    ]);
    // The confirmations name the missing shop the same way.
    expect(words((await browser.open(`/admin/manage/designs?approve=${design.id}`)).html)).toContain(
      `อนุมัติแบบเสื้อ #${design.id} ของ - ใช่หรือไม่?`,
    );
  });
});

describe("/admin/manage/orders", () => {
  it("no orders, or none in the status chosen, reads 'ไม่พบข้อมูลคำสั่งซื้อ'", async () => {
    expect(bodyRows(await browser.open("/admin/manage/orders"))).toEqual([["ไม่พบข้อมูลคำสั่งซื้อ"]]);
    const buyer = await createTestUser();
    await makeOrder({ buyerId: buyer.id, designId: (await makeDesign()).id, status: "ordered" });
    expect(bodyRows(await browser.open("/admin/manage/orders?status=completed"))).toEqual([["ไม่พบข้อมูลคำสั่งซื้อ"]]);
    expect(bodyRows(await browser.open("/admin/manage/orders?status=ordered"))).toHaveLength(1);
  });

  it("a cart item without a tailor or price reads 'ยังไม่ได้เลือกช่าง' and '-'; its details read 'ไม่ระบุ'", async () => {
    const buyer = await createTestUser({ name: "ผู้ซื้อไม่มีเบอร์" });
    await db().user.update({ where: { id: buyer.id }, data: { phone: null, address: null } });
    const design = await makeDesign({ ownerId: buyer.id });
    const item = await makeOrder({
      buyerId: buyer.id,
      designId: design.id,
      status: "cart",
      totalPrice: null,
      quantity: 2,
      createdAt: NOV_22,
    });

    const page = await browser.open(`/admin/manage/orders?order=${item.id}`);
    expect(bodyRows(page)).toEqual([
      [
        `#${item.id}`,
        "ผู้ซื้อไม่มีเบอร์",
        "ยังไม่ได้เลือกช่าง",
        "-",
        "รอสั่งซื้อ",
        "-",
        "-",
        "22 พ.ย. 2569 10:00",
        "รายละเอียด เปลี่ยนสถานะ",
      ],
    ]);
    const details = new Map(detailsOn(page));
    expect(details.get("ราคารวม")).toBe("ไม่ระบุ");
    expect(details.get("วันที่สั่งซื้อ")).toBe("ไม่ระบุ");
    expect(details.get("จำนวน")).toBe("2 ตัว");
    expect(details.get("เบอร์โทรศัพท์")).toBe("ไม่ระบุ");
    expect(details.get("ที่อยู่จัดส่ง")).toBe("ไม่ระบุ");
    expect(details.get("รหัสแบบ")).toBe(`#${design.id}`);
    expect(details.get("รูปแบบ")).toBe("เสื้อลายผ้าทอสั่งตัด");
    // Not taken by a tailor: nothing to pay yet, nothing sent.
    expect(details.get("การชำระเงิน")).toBe("ยังไม่ต้องชำระ (ช่างยังไม่รับงาน)");
    expect(details.get("การจัดส่ง")).toBe("ไม่ระบุ");
    // The tailor's part of the dialog: none chosen yet.
    expect(words(page.html)).toContain("ข้อมูลช่างตัด ยังไม่ได้เลือกช่าง");
  });
});

describe("/admin (dashboard)", () => {
  it("a shop with no customers, tailors or orders reads each table's empty text", async () => {
    const page = await browser.open("/admin");
    expect(bodyRows(page)).toEqual([["ไม่พบข้อมูลคำสั่งซื้อ"], ["ไม่พบข้อมูลผู้ใช้"], ["ไม่พบข้อมูลร้านค้า"]]);
  });
});
