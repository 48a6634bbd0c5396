import { afterEach, describe, expect, it, vi } from "vitest";
import { getSessionUser } from "~/auth/session.server";
import { db } from "~/data/db.server";
import { PERSONAL_DATA_PAGE_ROWS } from "~/domain/users/personal-data.server";
import { PRIVACY_NOTICE_VERSION } from "~/domain/users/privacy";
import { action as registerApi } from "~/routes/account/api.register";
import { action as closeAction, loader as closeLoader } from "~/routes/account/close-account";
import { loader as myData } from "~/routes/account/my-data";
import { loader as myDataExport } from "~/routes/account/my-data-export";
import { action as registerAction } from "~/routes/account/register";
import { loader as auditLoader } from "~/routes/admin/audit";
import { callRoute, fullNoticeOf, locationOf, statusOf } from "../../support/requests";
import { createTestUser, sessionCookieFor, signedIn, TEST_PASSWORD } from "../../support/users";

/**
 * PDPA (decision 52): sign-up records the privacy notice accepted; a person reads and downloads
 * everything the shop holds about them, and nobody else's; closing the account deletes it, or
 * erases it and keeps its orders anonymised, ends every session, and admins see it in the audit log.
 */

const call = (fn: unknown, path: string, options?: Parameters<typeof callRoute>[2]) =>
  callRoute(fn as never, path, options);

async function orderBetween(
  buyerId: number,
  sellerId: number,
  status: "ordered" | "accepted" | "completed" | "canceled",
) {
  const design = await db().design.create({
    data: { ownerId: sellerId, baseId: "shirt1", status: "approved", price: 500 },
  });
  return db().order.create({
    data: {
      buyerId,
      sellerId,
      designId: design.id,
      name: "เสื้อทดสอบ",
      quantity: 1,
      unitPrice: 500,
      totalPrice: 500,
      status,
      orderedAt: new Date(),
      deliveryAddress: "9 หมู่ 9 ตำบลส่วนตัว",
    },
  });
}

describe("sign-up records the privacy notice accepted", () => {
  it("by the form and by the JSON call", async () => {
    const form = {
      email: "privacy-form@example.com",
      password: "goodpass1",
      confirmPassword: "goodpass1",
      name: "ผู้สมัคร แบบฟอร์ม",
      phone: "0891234567",
      dob: "1995-05-05",
    };
    await call(registerAction, "/register", { form });
    const json = await call(registerApi, "/api/auth/register", {
      json: { ...form, email: "privacy-json@example.com" },
    });
    expect(statusOf(json)).toBeLessThan(300);
    for (const email of ["privacy-form@example.com", "privacy-json@example.com"]) {
      const user = await db().user.findUniqueOrThrow({ where: { email } });
      expect(user.privacyNoticeVersion).toBe(PRIVACY_NOTICE_VERSION);
      expect(user.privacyNoticeAcceptedAt).toBeInstanceOf(Date);
    }
  });
});

describe("my data", () => {
  it("holds everything about the person, and nothing of anyone else's secrets", async () => {
    const { user, cookie } = await signedIn({ name: "เจ้าของ ข้อมูล", address: "1 ถนนของฉัน" });
    const tailor = await createTestUser({ roles: ["merchant"], name: "ช่าง คนอื่น", address: "77 ที่อยู่ของช่าง" });
    const other = await createTestUser({ name: "ลูกค้า คนอื่น", address: "88 ที่อยู่คนอื่น" });
    const mine = await orderBetween(user.id, tailor.id, "completed");
    await orderBetween(other.id, tailor.id, "completed");
    const response = (await call(myDataExport, "/profile/data/export", { cookie })) as Response;
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment;/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const text = await response.text();
    const data = JSON.parse(text);
    expect(data.account).toMatchObject({ id: user.id, name: "เจ้าของ ข้อมูล", address: "1 ถนนของฉัน" });
    expect(data.purchases.map((order: { id: number }) => order.id)).toEqual([mine.id]);
    expect(data.sessions).toHaveLength(1);
    expect(text).not.toMatch(/passwordHash|\$argon2|88 ที่อยู่คนอื่น|77 ที่อยู่ของช่าง|ลูกค้า คนอื่น/);
    // The session's id (the cookie's value) is not in it.
    expect(text).not.toContain(decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!);
    const page = (await call(myData, "/profile/data", { cookie })) as { data: { account: { id: number } } };
    expect(page.data.account.id).toBe(user.id);
    expect(JSON.stringify(page)).not.toMatch(/passwordHash|\$argon2|88 ที่อยู่คนอื่น|ลูกค้า คนอื่น/);
    expect(locationOf(await call(myDataExport, "/profile/data/export"))).toMatch(/^\/login/);
  });

  it("the page shows each list's count and newest rows; the download keeps every row", async () => {
    const { user, cookie } = await signedIn({ name: "ลูกค้า ประจำ" });
    const tailor = await createTestUser({ roles: ["merchant"] });
    const orders = [];
    for (let i = 0; i < PERSONAL_DATA_PAGE_ROWS + 3; i++)
      orders.push(await orderBetween(user.id, tailor.id, "completed"));
    const page = (await call(myData, "/profile/data", { cookie })) as {
      data: { orders: { count: number; rows: { id: number; deliveryAddress: string }[] } };
    };
    expect(page.data.orders.count).toBe(PERSONAL_DATA_PAGE_ROWS + 3);
    expect(page.data.orders.rows.map((order) => order.id)).toEqual(
      orders
        .map((order) => order.id)
        .reverse()
        .slice(0, PERSONAL_DATA_PAGE_ROWS),
    );
    expect(page.data.orders.rows[0]!.deliveryAddress).toBe("9 หมู่ 9 ตำบลส่วนตัว");
    // The page carries only what it prints: no order's events or payment.
    expect(Object.keys(page.data.orders.rows[0]!).sort()).toEqual(
      ["deliveryAddress", "id", "name", "quantity", "seller", "sellerId", "status", "totalPrice"].sort(),
    );
    const all = (await ((await call(myDataExport, "/profile/data/export", { cookie })) as Response).json()) as {
      purchases: { id: number }[];
    };
    expect(all.purchases.map((order) => order.id)).toEqual(orders.map((order) => order.id));
  });
});

describe("downloading my data again", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("gives the same data with the time of each download, and what changed in between", async () => {
    const { user, cookie } = await signedIn({ name: "ผู้ขอ สำเนา", address: "5 ถนนเดิม" });
    const download = async (at: string) => {
      vi.setSystemTime(new Date(at));
      const response = (await call(myDataExport, "/profile/data/export", { cookie })) as Response;
      return JSON.parse(await response.text()) as { takenAt: string; account: { address: string } };
    };
    vi.useFakeTimers({ toFake: ["Date"] });
    const first = await download("2026-11-20T03:00:00.000Z");
    const second = await download("2026-11-20T03:05:00.000Z");
    expect(Object.keys(first)[0]).toBe("takenAt");
    expect([first.takenAt, second.takenAt]).toEqual(["2026-11-20T03:00:00.000Z", "2026-11-20T03:05:00.000Z"]);
    expect({ ...second, takenAt: null }).toEqual({ ...first, takenAt: null });
    expect(first.account.address).toBe("5 ถนนเดิม");

    await db().$executeRaw`UPDATE "User" SET "address" = '6 ถนนใหม่' WHERE "id" = ${user.id}`;
    expect((await download("2026-11-20T03:06:00.000Z")).account.address).toBe("6 ถนนใหม่");
  });
});

describe("the counts of /profile/data", () => {
  it("count each list by its own rule: purchases, placed sales, designs, sessions, audit entries about or by them", async () => {
    const { user, cookie } = await signedIn({ name: "ช่าง นับ", roles: ["user", "merchant"] });
    await sessionCookieFor(user.id); // a second device
    const other = await createTestUser({ roles: ["merchant"] });
    await orderBetween(user.id, other.id, "ordered"); // a purchase (its design is the other tailor's)
    await orderBetween(other.id, user.id, "accepted"); // two sales, with a design of theirs each
    await orderBetween(other.id, user.id, "canceled");
    const theirs = await db().design.create({ data: { ownerId: other.id, baseId: "shirt1" } });
    await db().order.create({
      data: { buyerId: other.id, sellerId: user.id, designId: theirs.id, name: "ในตะกร้า", quantity: 1 },
    }); // in a cart: not a sale yet
    await db().auditEntry.createMany({
      data: [
        {
          actorId: other.id,
          actorName: "x",
          action: "user.update",
          targetType: "user",
          targetId: user.id,
          targetLabel: "y",
        },
        {
          actorId: user.id,
          actorName: "y",
          action: "design.approve",
          targetType: "design",
          targetId: 1,
          targetLabel: "z",
        },
        {
          actorId: other.id,
          actorName: "x",
          action: "user.update",
          targetType: "design",
          targetId: user.id,
          targetLabel: "w",
        },
      ],
    });
    const page = (await call(myData, "/profile/data", { cookie })) as {
      data: Record<"orders" | "sales" | "designs" | "sessions" | "auditEntries", { count: number; rows: unknown[] }>;
    };
    const counts = Object.fromEntries(
      Object.entries(page.data).flatMap(([key, list]) => ("count" in list ? [[key, list.count]] : [])),
    );
    expect(counts).toEqual({ orders: 1, sales: 2, designs: 2, sessions: 2, auditEntries: 2 });
    for (const key of ["orders", "sales", "designs", "sessions", "auditEntries"] as const)
      expect(page.data[key].rows).toHaveLength(page.data[key].count);
  });
});

describe("closing one's account", () => {
  it("an account without orders is deleted, its sessions end, and the admins see it", async () => {
    const { user, cookie } = await signedIn({ name: "จะ ลบบัญชี" });
    expect(((await call(closeLoader, "/profile/delete", { cookie })) as { outlook: string }).outlook).toBe("deleted");
    const wrong = await call(closeAction, "/profile/delete", { cookie, form: { password: "not-my-password" } });
    expect(statusOf(wrong)).toBe(400);
    expect(await db().user.count({ where: { id: user.id } })).toBe(1);
    const done = await call(closeAction, "/profile/delete", { cookie, form: { password: TEST_PASSWORD } });
    expect(locationOf(done), JSON.stringify(done)).toBe("/");
    expect((await fullNoticeOf(done))?.message).toBe("ลบบัญชีและข้อมูลส่วนตัวของคุณแล้ว");
    expect(await db().user.count({ where: { id: user.id } })).toBe(0);
    expect(await db().session.count({ where: { userId: user.id } })).toBe(0);
    expect(await getSessionUser(new Request("http://shop.test/", { headers: { Cookie: cookie } }))).toBeNull();
    const admin = await signedIn({ roles: ["admin"] });
    const log = (await call(auditLoader, `/admin/manage/audit?action=account.delete&targetId=${user.id}`, {
      cookie: admin.cookie,
    })) as { entries: { actorName: string; targetType: string }[] };
    // Named as a closed account: the log keeps nothing of the person (decision 89).
    expect(log.entries).toMatchObject([{ actorName: "ผู้ใช้ที่ลบบัญชีแล้ว", targetType: "user" }]);
  });

  it("an account with finished orders is erased; the orders stay for the tailor without the address or measurements", async () => {
    const { user, cookie } = await signedIn({ name: "ลูกค้า เก่า", phone: "0899999999", address: "5 ที่อยู่เดิม" });
    const tailor = await createTestUser({ roles: ["merchant"] });
    const order = await orderBetween(user.id, tailor.id, "completed");
    const frozen = {
      name: "ตัวฉัน",
      unit: "cm",
      values: { chest: 96, waist: 80, hips: 98, shoulder: 44, sleeve: 60, shirtLength: 72, neck: 39 },
    };
    await db().order.update({ where: { id: order.id }, data: { measurements: frozen } });
    await db().user.update({ where: { id: user.id }, data: { lineUserId: `U${user.id}abc` } });
    expect(((await call(closeLoader, "/profile/delete", { cookie })) as { outlook: string }).outlook).toBe("erased");
    const done = await call(closeAction, "/profile/delete", { cookie, form: { password: TEST_PASSWORD } });
    expect(locationOf(done)).toBe("/");
    const erased = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(erased).toMatchObject({
      name: "ผู้ใช้ที่ลบบัญชีแล้ว",
      email: `deleted-${user.id}@deleted.invalid`,
      phone: null,
      address: null,
      dob: null,
      lineUserId: null,
      status: "inactive",
    });
    expect(await db().session.count({ where: { userId: user.id } })).toBe(0);
    const kept = await db().order.findUniqueOrThrow({ where: { id: order.id } });
    expect(kept).toMatchObject({ status: "completed", sellerId: tailor.id, deliveryAddress: null, measurements: null });
    expect(
      await db().auditEntry.count({ where: { action: "account.erase", targetId: user.id, actorId: user.id } }),
    ).toBe(1);
  });

  it("erasing removes the buyer's transfer slips; the payment's state stays for the tailor", async () => {
    const { user, cookie } = await signedIn({ name: "ผู้จ่าย เงิน" });
    const tailor = await createTestUser({ roles: ["merchant"] });
    const order = await orderBetween(user.id, tailor.id, "completed");
    const slip = await db().storedImage.create({
      data: { contentType: "image/jpeg", sha256: "x", width: 1, height: 1, bytes: new Uint8Array([1]), private: true },
    });
    await db().orderPayment.create({
      data: { orderId: order.id, status: "paid", amount: 500, method: "promptpay", slipImageId: slip.id },
    });
    const done = await call(closeAction, "/profile/delete", { cookie, form: { password: TEST_PASSWORD } });
    expect(locationOf(done)).toBe("/");
    expect(await db().storedImage.count({ where: { id: slip.id } })).toBe(0);
    expect(await db().orderPayment.findUniqueOrThrow({ where: { orderId: order.id } })).toMatchObject({
      status: "paid",
      slipImageId: null,
    });
  });

  it("is refused while a refund is owed to the buyer", async () => {
    const { user, cookie } = await signedIn({ name: "รอ เงินคืน" });
    const tailor = await createTestUser({ roles: ["merchant"] });
    const order = await orderBetween(user.id, tailor.id, "canceled");
    await db().orderPayment.create({ data: { orderId: order.id, status: "refund_due", amount: 500 } });
    expect(((await call(closeLoader, "/profile/delete", { cookie })) as { outlook: string }).outlook).toBe("refused");
    const refused = await call(closeAction, "/profile/delete", { cookie, form: { password: TEST_PASSWORD } });
    expect(statusOf(refused)).toBe(409);
    expect(await db().user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ name: "รอ เงินคืน" });
  });

  it("is refused while an order is still being made, and for the last admin; nothing changes", async () => {
    const { user, cookie } = await signedIn({ name: "รอ เสื้อ" });
    const tailor = await createTestUser({ roles: ["merchant"] });
    await orderBetween(user.id, tailor.id, "accepted");
    expect(((await call(closeLoader, "/profile/delete", { cookie })) as { outlook: string }).outlook).toBe("refused");
    const refused = await call(closeAction, "/profile/delete", { cookie, form: { password: TEST_PASSWORD } });
    expect(statusOf(refused)).toBe(409);
    expect(await db().user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ name: "รอ เสื้อ" });
    expect(await db().session.count({ where: { userId: user.id } })).toBe(1);

    // The only active admin left cannot close their account.
    await db().user.updateMany({ where: { roles: { has: "admin" } }, data: { status: "inactive" } });
    const admin = await signedIn({ roles: ["admin"] });
    const last = await call(closeAction, "/profile/delete", {
      cookie: admin.cookie,
      form: { password: TEST_PASSWORD },
    });
    expect(statusOf(last)).toBe(409);
    expect(await db().user.count({ where: { id: admin.user.id } })).toBe(1);
  });
});
