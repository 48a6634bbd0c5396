import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import type { AuditChanges } from "~/domain/audit/actions";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { seedCatalogue } from "~/domain/setup/seed.server";
import { action as decisionAction } from "~/routes/admin/api.design-decision";
import { action as statusAction } from "~/routes/admin/api.order-status";
import { action as userAction } from "~/routes/admin/api.user";
import { action as usersAction } from "~/routes/admin/api.users";
import { loader as auditLoader } from "~/routes/admin/audit";
import { loader as exportLoader } from "~/routes/admin/audit-export";
import { action as designsPageAction } from "~/routes/admin/designs";
import { action as pricingAction } from "~/routes/tailor/api.merchants-pricing";
import { locationOf, statusOf } from "../../support/requests";
import { createTestUser, signedIn } from "../../support/users";
import { call, emptyShop, jsonOf, makeDesign, makeOrder } from "./support";

/**
 * The admin audit log (decision 51): every admin action leaves exactly one entry, written with the
 * change itself (a refused change leaves none), naming who, what and the fields before and after,
 * never a password; the table takes no UPDATE, DELETE or TRUNCATE; admins read it page by page
 * with filters, and as CSV.
 */

let admin: Awaited<ReturnType<typeof signedIn>>;
/** Entries stay (they cannot be deleted): each test reads only those written after it began. */
let before = 0;

beforeEach(async () => {
  await emptyShop();
  admin = await signedIn({ roles: ["admin"], name: "แอดมิน ผู้ตรวจ" });
  before = (await db().auditEntry.aggregate({ _max: { id: true } }))._max.id ?? 0;
});

async function entries() {
  return db().auditEntry.findMany({ where: { id: { gt: before } }, orderBy: { id: "asc" } });
}

describe("each admin action is recorded once, with the change", () => {
  it("users: created, edited, password reset and deleted; never a password", async () => {
    const start = (await entries()).length;
    const created = await jsonOf(
      await call(usersAction, "/admin/users", {
        cookie: admin.cookie,
        json: { name: "ช่างใหม่", email: "new@example.com", password: "secret-pass-1", roles: ["merchant"] },
      }),
    );
    const id = String(created.user.id);
    let log = (await entries()).slice(start);
    expect(log).toHaveLength(1);
    // People by id; their own fields named, never their values (decision 89).
    expect(log[0]).toMatchObject({
      actorId: admin.user.id,
      actorName: "",
      action: "user.create",
      targetType: "user",
      targetId: created.user.id,
      targetLabel: `ผู้ใช้ #${created.user.id}`,
    });
    expect(log[0]!.changes).toMatchObject({ email: {}, roles: { to: ["merchant"] } });

    const edited = await call(userAction, `/admin/users/${id}`, {
      method: "PUT",
      cookie: admin.cookie,
      params: { id },
      json: {
        name: "ช่างใหม่ แก้ชื่อ",
        email: "new@example.com",
        password: "another-pass-2",
        roles: ["merchant", "user"],
        status: "inactive",
      },
    });
    expect(statusOf(edited)).toBe(200);
    log = (await entries()).slice(start + 1);
    expect(log.map((entry) => entry.action)).toEqual(["user.update", "user.password_reset"]);
    expect(log[0]!.changes).toEqual({
      name: {},
      roles: { from: ["merchant"], to: ["merchant", "user"] },
      status: { from: "active", to: "inactive" },
    });
    expect(log[1]!.changes).toEqual({});

    const deleted = await call(userAction, `/admin/users/${id}`, {
      method: "DELETE",
      cookie: admin.cookie,
      params: { id },
    });
    expect(statusOf(deleted)).toBe(200);
    log = (await entries()).slice(start + 3);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: "user.delete", targetId: created.user.id });
    expect(log[0]!.changes).toMatchObject({ name: {}, status: { from: "inactive" } });
    // The entries outlive the account, and nothing in them is a password or its hash, nor the person's name or e-mail.
    const text = JSON.stringify(await entries());
    expect(text).not.toMatch(/secret-pass-1|another-pass-2|passwordHash|\$argon2|ช่างใหม่|new@example\.com/);
  });

  it("designs: approved by the page's form, rejected by the JSON call", async () => {
    const tailor = await createTestUser({ roles: ["merchant"], shopName: "ร้านลายงาม" });
    const first = await makeDesign({ ownerId: tailor.id, status: "pending", price: 500 });
    const second = await makeDesign({ ownerId: tailor.id, status: "pending", price: 600 });
    await call(designsPageAction, "/admin/manage/designs", {
      cookie: admin.cookie,
      form: { intent: "approve", id: String(first.id) },
    });
    await call(decisionAction, `/admin/designs/${second.id}/reject`, {
      method: "PATCH",
      cookie: admin.cookie,
      params: { id: String(second.id), decision: "reject" },
    });
    const log = await entries();
    expect(log.map((entry) => [entry.action, entry.targetId, entry.changes])).toEqual([
      ["design.approve", first.id, { status: { from: "pending", to: "approved" } }],
      ["design.reject", second.id, { status: { from: "pending", to: "rejected" } }],
    ]);
    expect(log[0]!.targetLabel).toBe(`แบบเสื้อ #${first.id}`);
  });

  it("orders: the status override, with the status before and after", async () => {
    const buyer = await createTestUser();
    const tailor = await createTestUser({ roles: ["merchant"] });
    const design = await makeDesign({ ownerId: tailor.id });
    const order = await makeOrder({ buyerId: buyer.id, sellerId: tailor.id, designId: design.id, status: "ordered" });
    const result = await call(statusAction, `/admin/orders/${order.id}/status`, {
      method: "PATCH",
      cookie: admin.cookie,
      params: { id: String(order.id) },
      json: { status: "completed" },
    });
    expect(statusOf(result)).toBe(200);
    expect(await entries()).toMatchObject([
      {
        action: "order.status_override",
        targetType: "order",
        targetId: order.id,
        actorId: admin.user.id,
        changes: { status: { from: "ordered", to: "completed" } },
      },
    ]);
  });

  it("prices saved on behalf of a tailor are recorded with each price before and after; the tailor's own are not", async () => {
    await seedCatalogue(db());
    const tailor = await signedIn({ roles: ["merchant"], shopName: "ร้านช่างดี" });
    await call(pricingAction, "/api/merchants/pricing", {
      method: "PATCH",
      cookie: tailor.cookie,
      json: { basePricing: { shirt1: 400 } },
    });
    expect(await entries()).toEqual([]);
    const onBehalf = await call(pricingAction, `/api/merchants/pricing?merchantId=${tailor.user.id}`, {
      method: "PATCH",
      cookie: admin.cookie,
      json: { basePricing: { shirt1: 450, shirt2: 300 } },
    });
    expect(statusOf(onBehalf)).toBe(200);
    expect(await entries()).toMatchObject([
      {
        action: "pricing.update_on_behalf",
        targetType: "pricing",
        targetId: tailor.user.id,
        targetLabel: `ราคาของช่าง #${tailor.user.id}`,
        changes: { shirt1: { from: 400, to: 450 }, shirt2: { from: null, to: 300 } },
      },
    ]);
  });
});

describe("a refused change records nothing", () => {
  it("a taken e-mail, a design no longer pending, an order already in that status", async () => {
    const other = await createTestUser({ email: "taken@example.com" });
    const target = await createTestUser({ email: "target@example.com" });
    const taken = await call(userAction, `/admin/users/${target.id}`, {
      method: "PUT",
      cookie: admin.cookie,
      params: { id: String(target.id) },
      json: { name: "x", email: other.email, roles: ["user"], status: "active" },
    });
    expect(statusOf(taken)).toBe(409);
    const approved = await makeDesign({ status: "approved" });
    const decided = await call(decisionAction, `/admin/designs/${approved.id}/approve`, {
      method: "PATCH",
      cookie: admin.cookie,
      params: { id: String(approved.id), decision: "approve" },
    });
    expect(statusOf(decided)).toBe(409);
    const design = await makeDesign();
    const order = await makeOrder({ buyerId: target.id, designId: design.id, status: "canceled" });
    const same = await call(statusAction, `/admin/orders/${order.id}/status`, {
      method: "PATCH",
      cookie: admin.cookie,
      params: { id: String(order.id) },
      json: { status: "canceled" },
    });
    expect(statusOf(same)).toBe(409);
    expect(await entries()).toEqual([]);
  });
});

describe("entries cannot be changed or removed", () => {
  it("UPDATE, DELETE and TRUNCATE are refused by the database", async () => {
    await db().$transaction((tx) =>
      recordAudit(tx, {
        actor: { id: admin.user.id, name: "แอดมิน ผู้ตรวจ" },
        action: "user.update",
        target: { type: "user", id: 1, label: "ใครสักคน" },
        changes: { status: { from: "ก", to: "ข" } },
      }),
    );
    await expect(db().auditEntry.updateMany({ data: { actorName: "คนอื่น" } })).rejects.toThrow();
    await expect(db().auditEntry.deleteMany()).rejects.toThrow();
    await expect(db().$executeRawUnsafe(`TRUNCATE "AuditEntry"`)).rejects.toThrow();
    expect(await entries()).toMatchObject([{ actorId: admin.user.id, changes: { status: { from: "ก", to: "ข" } } }]);
  });
});

describe("/admin/manage/audit and its CSV", () => {
  async function manyEntries(count: number) {
    for (let i = 0; i < count; i++) {
      await db().$transaction((tx) =>
        recordAudit(tx, {
          actor: { id: admin.user.id, name: "แอดมิน ผู้ตรวจ" },
          action: i % 2 === 0 ? "design.approve" : "user.update",
          target: { type: i % 2 === 0 ? "design" : "user", id: i + 1, label: `เรื่อง "${i + 1}"` },
          changes: { status: { from: "a", to: "b" } },
        }),
      );
    }
  }

  it("is for admins only, page and CSV alike", async () => {
    const customer = await signedIn();
    expect(locationOf(await call(auditLoader, "/admin/manage/audit", { cookie: customer.cookie }))).toBe("/");
    expect(locationOf(await call(exportLoader, "/admin/manage/audit/export", { cookie: customer.cookie }))).toBe("/");
    expect(locationOf(await call(auditLoader, "/admin/manage/audit"))).toMatch(/^\/login/);
  });

  it("pages 50 at a time, newest first, and filters by action, target and day", async () => {
    await manyEntries(55);
    const first = (await call(auditLoader, `/admin/manage/audit?actorId=${admin.user.id}`, {
      cookie: admin.cookie,
    })) as {
      entries: { targetId: number }[];
      total: number;
      pageCount: number;
    };
    expect(first.total).toBe(55);
    expect(first.pageCount).toBe(2);
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]!.targetId).toBe(55);
    const second = (await call(auditLoader, `/admin/manage/audit?actorId=${admin.user.id}&page=2`, {
      cookie: admin.cookie,
    })) as {
      entries: { targetId: number }[];
    };
    expect(second.entries.map((entry) => entry.targetId)).toEqual([5, 4, 3, 2, 1]);
    const approvals = (await call(auditLoader, `/admin/manage/audit?actorId=${admin.user.id}&action=design.approve`, {
      cookie: admin.cookie,
    })) as { total: number; entries: { action: string }[] };
    expect(approvals.total).toBe(28);
    expect(new Set(approvals.entries.map((entry) => entry.action))).toEqual(new Set(["design.approve"]));
    const one = (await call(auditLoader, `/admin/manage/audit?actorId=${admin.user.id}&targetType=user&targetId=2`, {
      cookie: admin.cookie,
    })) as { total: number };
    expect(one.total).toBe(1);
    const tomorrow = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const none = (await call(auditLoader, `/admin/manage/audit?actorId=${admin.user.id}&from=${tomorrow}`, {
      cookie: admin.cookie,
    })) as {
      total: number;
    };
    expect(none.total).toBe(0);
    // Unreadable filters are no filters, not errors.
    const junk = (await call(
      auditLoader,
      `/admin/manage/audit?actorId=${admin.user.id}&action=drop&targetId=99999999999&from=2024-02-31`,
      {
        cookie: admin.cookie,
      },
    )) as { total: number };
    expect(junk.total).toBe(55);
  });

  it("exports CSV with a byte-order mark, quoted cells and no formulas", async () => {
    await manyEntries(3);
    // The log shows the admin's name as it is now: a name that reads as a formula stays text.
    await db().user.update({ where: { id: admin.user.id }, data: { name: '=HYPERLINK("x")' } });
    const response = (await call(
      exportLoader,
      `/admin/manage/audit/export?actorId=${admin.user.id}&action=design.approve`,
      {
        cookie: admin.cookie,
      },
    )) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder()
      .decode(bytes)
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines).toHaveLength(3); // the header and the two approvals
    expect(lines[0]).toContain('"การกระทำ"');
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[2]).toContain('"เรื่อง ""1"""');
    expect(lines[1]).toContain('"อนุมัติแบบเสื้อ"');
  });

  it("reads in Thai: statuses, roles, kinds and days in the page and the CSV; no raw code is left", async () => {
    const buyer = await createTestUser();
    const tailor = await createTestUser({ roles: ["merchant"] });
    const design = await makeDesign({ ownerId: tailor.id, status: "pending" });
    const order = await makeOrder({ buyerId: buyer.id, sellerId: tailor.id, designId: design.id, status: "ordered" });
    await call(statusAction, `/admin/orders/${order.id}/status`, {
      method: "PATCH",
      cookie: admin.cookie,
      params: { id: String(order.id) },
      json: { status: "canceled" },
    });
    await call(decisionAction, `/admin/designs/${design.id}/reject`, {
      method: "PATCH",
      cookie: admin.cookie,
      params: { id: String(design.id), decision: "reject" },
    });
    await call(userAction, `/api/admin/users/${buyer.id}`, {
      method: "PUT",
      cookie: admin.cookie,
      params: { id: String(buyer.id) },
      json: { name: buyer.name, email: buyer.email, roles: ["user", "merchant"], status: "inactive" },
    });
    expect((await entries()).map((entry) => entry.action)).toEqual([
      "order.status_override",
      "design.reject",
      "user.update",
    ]);

    // Today in Thailand, as the page's fields take it ("28/11/2569"), and the same day as an ISO link.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(new Date());
    const [year, month, day] = today.split("-").map(Number);
    const thaiToday = `${day}/${month}/${year! + 543}`;
    const page = (await call(
      auditLoader,
      `/admin/manage/audit?actorId=${admin.user.id}&from=${encodeURIComponent(thaiToday)}&to=${encodeURIComponent(thaiToday)}`,
      { cookie: admin.cookie },
    )) as { total: number; filters: { from: string }; entries: { targetType: string; changes: AuditChanges }[] };
    expect(page.total).toBe(3);
    expect(page.filters.from).toBe(today);
    const { describeEntryChanges } = await import("~/domain/audit/value-labels");
    expect(page.entries.map((entry) => describeEntryChanges(entry.targetType, entry.changes))).toEqual([
      // Personal fields are named without their values (decision 89); only what changed is listed.
      "เบอร์โทร; บทบาท: ผู้ใช้ → ผู้ใช้, ร้านค้า; สถานะ: ใช้งาน → ไม่ใช้งาน; ที่อยู่",
      "สถานะ: รอผู้ดูแลอนุมัติ → ไม่ผ่านการอนุมัติ",
      "สถานะ: รอช่างรับงาน → ยกเลิก",
    ]);

    // A day that is not one is said beside its field and not filtered by.
    const typo = (await call(auditLoader, `/admin/manage/audit?actorId=${admin.user.id}&from=31%2F2%2F2569`, {
      cookie: admin.cookie,
    })) as { total: number; dateErrors: { from: boolean; to: boolean } };
    expect(typo.dateErrors).toEqual({ from: true, to: false });
    expect(typo.total).toBe(3);

    const csv = await (
      (await call(
        exportLoader,
        `/admin/manage/audit/export?actorId=${admin.user.id}&from=${encodeURIComponent(thaiToday)}`,
        {
          cookie: admin.cookie,
        },
      )) as Response
    ).text();
    const rows = csv
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n")
      .slice(1);
    expect(rows).toHaveLength(3);
    // Kinds, statuses and roles in Thai; none of the codes the log keeps.
    for (const code of [
      "ordered",
      "canceled",
      "pending",
      "rejected",
      "active",
      "inactive",
      "merchant",
      '"order"',
      '"design"',
      '"user"',
    ])
      expect(csv, code).not.toContain(code);
    expect(csv).toContain("รอช่างรับงาน → ยกเลิก");
    expect(csv).toContain('"คำสั่งซื้อ"');
  });
});
