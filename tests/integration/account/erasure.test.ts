import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { updateUser } from "~/domain/admin/users.server";
import { verifyLogin } from "~/domain/users/accounts.server";
import { readyShop } from "../../support/shops";
import { createTestUser, sessionCookieFor, TEST_PASSWORD } from "../../support/users";
import { Browser, openShop } from "../notices/support";

/*
 * Erasure erases (PDPA, decisions 52 and 89). A customer who ordered, measured, paid by slip,
 * reviewed their tailor, was edited by an admin and mistyped their password closes their account
 * at /profile/delete; then nothing anyone can read holds their name, e-mail, phone, address, LINE
 * or Facebook name or a measurement set's name: not a row of any table, not an admin's page, JSON
 * call or CSV, not a public page, not anyone's data download. An admin deleting an account leaves
 * the same nothing. The values are unusual strings, so a hit cannot be a coincidence.
 */

beforeAll(openShop, 240_000);

const PERSON = {
  name: "ปรียานุช ทอผ้าไหมลายลับ",
  renamed: "ปรียานุช ไหมแพรวาลับ",
  /** What the public reviews show of a reviewer: the first name (and an initial). */
  firstName: "ปรียานุช",
  email: "priyanuch.secret-weaver-917@example.com",
  phone: "0917776655",
  newPhone: "0927776655",
  address: "77/9 หมู่ 12 ซอยลายขิดลับ ตำบลผ้าทอ",
  lineId: "priyanuch.line.917",
  facebookName: "Priyanuch Secretweaver 917",
  /** The name of a measurement set, and of its copy frozen on the order. */
  measurements: "สัดส่วนชุดบวชลับ 917",
};
const SECRETS = Object.values(PERSON);

/** Every row of every table of the shop, as text. */
async function wholeDatabase(): Promise<string> {
  const tables = await db().$queryRaw<{ table_name: string }[]>`
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`;
  const parts: string[] = [];
  for (const { table_name: table } of tables) {
    const rows = await db().$queryRawUnsafe<{ row: string }[]>(`SELECT row_to_json(t)::text AS row FROM "${table}" t`);
    parts.push(...rows.map((row) => `${table}: ${row.row}`));
  }
  return parts.join("\n");
}

function hitsIn(text: string, secrets: readonly string[] = SECRETS): string[] {
  // As written, and as an address or a JSON string would escape it.
  return secrets.filter(
    (secret) =>
      text.includes(secret) ||
      text.includes(encodeURIComponent(secret)) ||
      text.includes(JSON.stringify(secret).slice(1, -1)),
  );
}

/** Every page, JSON call and download of an admin's screens (and the admin's own data). */
function adminAddresses(personId: number, orderId?: number): string[] {
  return [
    "/admin",
    "/admin/manage/users",
    `/admin/manage/users?view=${personId}`,
    "/admin/manage/designs",
    "/admin/manage/orders",
    ...(orderId ? [`/admin/manage/orders?order=${orderId}`, `/api/orders/${orderId}`] : []),
    "/admin/manage/reviews",
    "/admin/manage/pricings",
    "/admin/manage/audit",
    `/admin/manage/audit?targetType=user&targetId=${personId}`,
    "/admin/manage/audit/export",
    `/admin/manage/audit/export?targetType=user&targetId=${personId}`,
    "/api/admin/users",
    "/api/admin/orders",
    "/profile/data",
    "/profile/data/export",
  ];
}

async function expectNothingOfThemIn(pages: [Browser, string][], secrets: readonly string[] = SECRETS) {
  for (const [browser, address] of pages) {
    const page = await browser.open(address);
    expect(page.status, address).toBe(200);
    expect(hitsIn(page.html, secrets), address).toEqual([]);
  }
}

describe("closing an account with orders", () => {
  it("at /profile/delete leaves none of the person's data in the database, an admin's pages and exports, the public pages or anyone's data", async () => {
    const customer = await createTestUser({
      name: PERSON.name,
      email: PERSON.email,
      phone: PERSON.phone,
      address: PERSON.address,
    });
    await db().user.update({
      where: { id: customer.id },
      data: { lineId: PERSON.lineId, facebookName: PERSON.facebookName },
    });
    const tailor = await createTestUser({ roles: ["merchant"] });
    const admin = await createTestUser({ roles: ["admin"] });
    const design = await db().design.create({
      data: { ownerId: tailor.id, baseId: "shirt1", status: "approved", price: 500 },
    });
    const values = { chest: 96.5, waist: 80, hips: 98, shoulder: 44, sleeve: 60, shirtLength: 72, neck: 39 };
    await db().measurementProfile.create({
      data: { userId: customer.id, name: PERSON.measurements, unit: "cm", ...values },
    });
    const order = await db().order.create({
      data: {
        buyerId: customer.id,
        sellerId: tailor.id,
        designId: design.id,
        name: "เสื้อลายขิด",
        quantity: 1,
        unitPrice: 500,
        totalPrice: 500,
        status: "completed",
        orderedAt: new Date(),
        deliveryAddress: PERSON.address,
        measurements: { name: PERSON.measurements, unit: "cm", values },
      },
    });
    await db().orderEvent.create({
      data: {
        orderId: order.id,
        fromStatus: "accepted",
        toStatus: "completed",
        actorId: tailor.id,
        actorRole: "merchant",
      },
    });
    // Paid by a transfer slip (the payer's name and bank are on it), and reviewed with a phone in the words.
    const slip = await db().storedImage.create({
      data: {
        contentType: "image/jpeg",
        sha256: "slip",
        width: 1,
        height: 1,
        bytes: new Uint8Array([1]),
        private: true,
      },
    });
    await db().orderPayment.create({
      data: { orderId: order.id, status: "paid", amount: 500, method: "promptpay", slipImageId: slip.id },
    });
    await db().review.create({
      data: {
        orderId: order.id,
        authorId: customer.id,
        merchantId: tailor.id,
        rating: 5,
        comment: `ตัดพอดีมาก มีงานอีกโทร ${PERSON.phone}`,
      },
    });
    // An admin corrects the person's name and phone (the audit log records it), and resets the password.
    await updateUser(
      customer.id,
      {
        name: PERSON.renamed,
        email: PERSON.email,
        phone: PERSON.newPhone,
        address: PERSON.address,
        password: TEST_PASSWORD,
      },
      { id: admin.id, name: admin.name },
    );
    // A mistyped password: the login limits count it under the e-mail.
    await expect(verifyLogin(PERSON.email, "not-the-password", "203.0.113.7")).rejects.toMatchObject({
      kind: "unauthorized",
    });
    // The shop's own page is public once it can take orders (issue 46).
    await readyShop(tailor.id);
    const publicPages = [`/merchant/info/${tailor.id}`, `/merchant/info/${tailor.id}/reviews`];
    const visitor = new Browser();
    // Before: the database and the public reviews hold them (so the checks below can see them).
    expect(hitsIn(await wholeDatabase())).toEqual(expect.arrayContaining([PERSON.email, PERSON.measurements]));
    for (const address of publicPages)
      expect(hitsIn((await visitor.open(address)).html), address).toContain(PERSON.firstName);

    const person = new Browser(await sessionCookieFor(customer.id));
    expect((await person.open("/profile/delete")).status).toBe(200);
    const closed = await person.submit("/profile/delete", { password: TEST_PASSWORD });
    expect(closed.url).toBe("/");
    expect(await db().user.findUniqueOrThrow({ where: { id: customer.id } })).toMatchObject({
      name: "ผู้ใช้ที่ลบบัญชีแล้ว",
      status: "inactive",
    });

    expect(hitsIn(await wholeDatabase()), "the database").toEqual([]);
    expect(await db().storedImage.count({ where: { id: slip.id } })).toBe(0);
    const adminBrowser = new Browser(await sessionCookieFor(admin.id));
    const tailorBrowser = new Browser(await sessionCookieFor(tailor.id));
    await expectNothingOfThemIn([
      ...adminAddresses(customer.id, order.id).map((address): [Browser, string] => [adminBrowser, address]),
      [tailorBrowser, `/merchant/order/${order.id}`],
      [tailorBrowser, `/merchant/order/${order.id}/sheet`],
      [tailorBrowser, "/merchant"],
      [tailorBrowser, "/profile/data"],
      [tailorBrowser, "/profile/data/export"],
      ...publicPages.map((address): [Browser, string] => [visitor, address]),
    ]);
    // The slip is gone for everyone who could see it.
    expect((await adminBrowser.open(`/api/orders/${order.id}/payment/slip`)).status).toBe(404);
    // The order stays for the tailor's records: what was made, for how much, when, and paid.
    expect(await db().order.findUniqueOrThrow({ where: { id: order.id }, include: { payment: true } })).toMatchObject({
      status: "completed",
      sellerId: tailor.id,
      totalPrice: expect.anything(),
      deliveryAddress: null,
      measurements: null,
      payment: { status: "paid", slipImageId: null },
    });
    // The log still says what was done, by whom (by id), to whom.
    const log = await adminBrowser.open(`/admin/manage/audit?targetId=${customer.id}`);
    expect(log.html).toContain("ผู้ใช้ที่ลบบัญชีแล้ว");
    expect(log.html).toContain("เบอร์โทร");
    expect(log.html).toContain(admin.name);
  });
});

describe("an admin deleting an account", () => {
  it("leaves none of its data in the database, the audit log and its CSV, or the admin's own data", async () => {
    const someone = {
      name: "ทองใบ ลายดอกแก้วลับ",
      email: "thongbai.hidden-pattern-583@example.com",
      phone: "0935558844",
      address: "58/3 ซอยดอกแก้วลับ ตำบลหมอนขิด",
      measurements: "สัดส่วนชุดรับปริญญาลับ 583",
    };
    const secrets = Object.values(someone);
    const person = await createTestUser({
      name: someone.name,
      email: someone.email,
      phone: someone.phone,
      address: someone.address,
    });
    await db().measurementProfile.create({
      data: {
        userId: person.id,
        name: someone.measurements,
        unit: "cm",
        chest: 90,
        waist: 76,
        hips: 94,
        shoulder: 42,
        sleeve: 58,
        shirtLength: 70,
        neck: 37,
      },
    });
    const admin = await createTestUser({ roles: ["admin"] });
    await updateUser(
      person.id,
      {
        name: someone.name,
        email: someone.email,
        phone: "0935558845",
        address: someone.address,
        status: "inactive",
        password: null,
      },
      { id: admin.id, name: admin.name },
    );
    await expect(verifyLogin(someone.email, "not-the-password", "203.0.113.8")).rejects.toMatchObject({
      kind: "unauthorized",
    });
    expect(hitsIn(await wholeDatabase(), secrets).length).toBeGreaterThan(0);

    const adminBrowser = new Browser(await sessionCookieFor(admin.id));
    const deleted = await adminBrowser.submit(`/admin/manage/users?delete=${person.id}`, {
      intent: "delete",
      id: String(person.id),
    });
    expect(deleted.status).toBe(200);
    expect(await db().user.count({ where: { id: person.id } })).toBe(0);

    expect(hitsIn(await wholeDatabase(), secrets), "the database").toEqual([]);
    await expectNothingOfThemIn(
      adminAddresses(person.id).map((address): [Browser, string] => [adminBrowser, address]),
      secrets,
    );
    const log = await adminBrowser.open(`/admin/manage/audit?targetType=user&targetId=${person.id}`);
    expect(log.html).toContain("ผู้ใช้ที่ลบบัญชีแล้ว");
    expect(log.html).toContain("ลบผู้ใช้");
  });
});

describe("the migration that redacts entries written before", () => {
  it("keeps what was done and who by id, and drops the personal values", async () => {
    const admin = await createTestUser({ roles: ["admin"] });
    const entry = await db().auditEntry.create({
      data: {
        actorId: admin.id,
        actorName: PERSON.name,
        action: "user.update",
        targetType: "user",
        targetId: 424242,
        targetLabel: `${PERSON.name} (${PERSON.email})`,
        changes: { phone: { from: PERSON.phone, to: PERSON.newPhone }, status: { from: "active", to: "inactive" } },
      },
    });
    const sql = readFileSync(
      path.resolve(
        import.meta.dirname,
        "../../../prisma/migrations/20261128080000_audit_without_personal_values/migration.sql",
      ),
      "utf8",
    );
    const statements = sql
      .replace(/--.*$/gm, "")
      .split(/;\s*$/m)
      .map((statement) => statement.trim())
      .filter(Boolean);
    await db().$transaction(async (tx) => {
      for (const statement of statements) await tx.$executeRawUnsafe(statement);
    });
    expect(await db().auditEntry.findUniqueOrThrow({ where: { id: entry.id } })).toMatchObject({
      actorId: admin.id,
      actorName: "",
      action: "user.update",
      targetId: 424242,
      targetLabel: "ผู้ใช้ #424242",
      changes: { phone: {}, status: { from: "active", to: "inactive" } },
    });
    // The rule is back: nobody changes an entry afterwards.
    await expect(db().auditEntry.update({ where: { id: entry.id }, data: { actorName: "x" } })).rejects.toThrow();
  });
});
