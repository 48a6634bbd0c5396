import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { updateUser } from "~/domain/admin/users.server";
import { verifyLogin } from "~/domain/users/accounts.server";
import { closeAccount } from "~/domain/users/personal-data.server";
import { createTestUser, sessionCookieFor, TEST_PASSWORD } from "../../support/users";
import { Browser, openShop } from "../notices/support";

/*
 * Erasure erases (PDPA, decisions 52 and 89). A customer who ordered, was edited by an admin and
 * mistyped their password closes their account; then nothing anyone can read holds their name,
 * e-mail, phone or address: not a row of any table, not an admin's page or CSV, not anyone's data
 * download. The values are unusual strings, so a hit cannot be a coincidence.
 */

beforeAll(openShop, 240_000);

const PERSON = {
  name: "ปรียานุช ทอผ้าไหมลายลับ",
  renamed: "ปรียานุช ไหมแพรวาลับ",
  email: "priyanuch.secret-weaver-917@example.com",
  phone: "0917776655",
  newPhone: "0927776655",
  address: "77/9 หมู่ 12 ซอยลายขิดลับ ตำบลผ้าทอ",
};
const SECRETS = [PERSON.name, PERSON.renamed, PERSON.email, PERSON.phone, PERSON.newPhone, PERSON.address];

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

function hitsIn(text: string): string[] {
  // The e-mail as written and as a page may escape it; the rest as written.
  return SECRETS.filter((secret) => text.includes(secret) || text.includes(encodeURIComponent(secret)));
}

describe("closing an account with orders", () => {
  it("leaves none of the person's name, e-mail, phone or address in the database, an admin's pages and exports, or anyone's data", async () => {
    const customer = await createTestUser({
      name: PERSON.name,
      email: PERSON.email,
      phone: PERSON.phone,
      address: PERSON.address,
    });
    const tailor = await createTestUser({ roles: ["merchant"] });
    const admin = await createTestUser({ roles: ["admin"] });
    const design = await db().design.create({
      data: { ownerId: tailor.id, baseId: "shirt1", status: "approved", price: 500 },
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
    expect(hitsIn(await wholeDatabase()).length).toBeGreaterThan(0);

    expect(await closeAccount(customer.id, TEST_PASSWORD)).toBe("erased");

    expect(hitsIn(await wholeDatabase()), "the database").toEqual([]);
    const adminBrowser = new Browser(await sessionCookieFor(admin.id));
    const tailorBrowser = new Browser(await sessionCookieFor(tailor.id));
    const pages: [Browser, string][] = [
      [adminBrowser, "/admin/manage/audit"],
      [adminBrowser, `/admin/manage/audit?targetId=${customer.id}`],
      [adminBrowser, "/admin/manage/audit/export"],
      [adminBrowser, `/admin/manage/users?view=${customer.id}`],
      [adminBrowser, "/admin/manage/orders"],
      [adminBrowser, `/admin/manage/orders?order=${order.id}`],
      [adminBrowser, "/profile/data"],
      [adminBrowser, "/profile/data/export"],
      [tailorBrowser, `/merchant/order/${order.id}`],
      [tailorBrowser, `/merchant/order/${order.id}/sheet`],
      [tailorBrowser, "/merchant"],
      [tailorBrowser, "/profile/data"],
      [tailorBrowser, "/profile/data/export"],
    ];
    for (const [browser, address] of pages) {
      const page = await browser.open(address);
      expect(page.status, address).toBe(200);
      expect(hitsIn(page.html), address).toEqual([]);
    }
    // The log still says what was done, by whom (by id), to whom.
    const log = await adminBrowser.open(`/admin/manage/audit?targetId=${customer.id}`);
    expect(log.html).toContain("ผู้ใช้ที่ลบบัญชีแล้ว");
    expect(log.html).toContain("เบอร์โทร");
    expect(log.html).toContain(admin.name);
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
