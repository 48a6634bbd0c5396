import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { verifyPassword } from "~/domain/users/password.server";
import { action as decisionAction } from "~/routes/admin/api.design-decision";
import { loader as pendingLoader } from "~/routes/admin/api.designs-pending";
import { action as statusAction } from "~/routes/admin/api.order-status";
import { loader as ordersLoader } from "~/routes/admin/api.orders";
import { loader as statisticsLoader } from "~/routes/admin/api.statistics";
import { action as userAction, loader as userLoader } from "~/routes/admin/api.user";
import { action as usersAction, loader as usersLoader } from "~/routes/admin/api.users";
import { statusOf } from "../../support/requests";
import { createTestUser, signedIn } from "../../support/users";
import { call, emptyShop, jsonOf, makeDesign, makeOrder } from "./support";

let admin: Awaited<ReturnType<typeof signedIn>>;
let customer: Awaited<ReturnType<typeof signedIn>>;

beforeEach(async () => {
  await emptyShop();
  admin = await signedIn({ roles: ["admin"], name: "แอดมิน" });
  customer = await signedIn({ roles: ["user"], name: "ลูกค้า" });
});

describe("guards: every admin call answers 401 to visitors and 403 to non-admins", () => {
  const calls: [string, unknown, string, { method?: string; json?: unknown; params?: Record<string, string> }][] = [
    ["GET users", usersLoader, "/api/admin/users", {}],
    ["POST users", usersAction, "/admin/users", { json: { name: "x", email: "x@example.com", password: "12345678" } }],
    ["GET user", userLoader, "/admin/users/1", { params: { id: "1" } }],
    [
      "PUT user",
      userAction,
      "/admin/users/1",
      { method: "PUT", json: { name: "x", email: "x@example.com" }, params: { id: "1" } },
    ],
    ["DELETE user", userAction, "/admin/users/1", { method: "DELETE", params: { id: "1" } }],
    ["GET pending", pendingLoader, "/admin/designs/pending", {}],
    [
      "PATCH approve",
      decisionAction,
      "/admin/designs/1/approve",
      { method: "PATCH", params: { id: "1", decision: "approve" } },
    ],
    ["GET orders", ordersLoader, "/admin/orders", {}],
    [
      "PATCH status",
      statusAction,
      "/admin/orders/1/status",
      { method: "PATCH", json: { status: "completed" }, params: { id: "1" } },
    ],
    ["GET statistics", statisticsLoader, "/api/admin/dashboard/statistics", {}],
  ];
  for (const [name, fn, path, options] of calls) {
    it(name, async () => {
      const visitor = await call(fn, path, options);
      expect(statusOf(visitor)).toBe(401);
      expect((await jsonOf(visitor)).error).toBe("กรุณาเข้าสู่ระบบ");
      const notAdmin = await call(fn, path, { ...options, cookie: customer.cookie });
      expect(statusOf(notAdmin)).toBe(403);
      expect((await jsonOf(notAdmin)).error).toBeTruthy();
    });
  }
});

describe("users", () => {
  it("lists, searches and pages users without passwords", async () => {
    for (let i = 0; i < 22; i++) await createTestUser({ name: `สมาชิก ${i}`, email: `member${i}@example.com` });
    const first = await jsonOf(await call(usersLoader, "/api/admin/users", { cookie: admin.cookie }));
    expect(first.total).toBe(24);
    expect(first.users).toHaveLength(20);
    expect(first.pageCount).toBe(2);
    expect(first.users[0]).not.toHaveProperty("passwordHash");
    const second = await jsonOf(await call(usersLoader, "/api/admin/users?page=2", { cookie: admin.cookie }));
    expect(second.users).toHaveLength(4);
    const found = await jsonOf(await call(usersLoader, "/admin/users?q=MEMBER1", { cookie: admin.cookie }));
    // member1, member10..member19
    expect(found.total).toBe(11);
    const byName = await jsonOf(await call(usersLoader, "/admin/users?q=ลูกค้า", { cookie: admin.cookie }));
    expect(byName.users.map((u: { id: number }) => u.id)).toEqual([customer.user.id]);
  });

  it("creates a user with a hashed password and defaults, and refuses a taken email", async () => {
    const created = await call(usersAction, "/admin/users", {
      cookie: admin.cookie,
      json: {
        name: "ช่างใหม่",
        email: "New.Tailor@Example.com",
        password: "secret-123",
        phone: "0899999999",
        address: "บ้านนาดี",
        roles: ["merchant"],
      },
    });
    expect(statusOf(created)).toBe(201);
    const body = await jsonOf(created);
    expect(body.user).toMatchObject({
      name: "ช่างใหม่",
      email: "new.tailor@example.com",
      roles: ["merchant"],
      status: "active",
    });
    const row = await db().user.findUniqueOrThrow({ where: { id: body.user.id } });
    expect(row.passwordHash).not.toContain("secret-123");
    expect(await verifyPassword(row.passwordHash, "secret-123")).toBe(true);

    const again = await call(usersAction, "/admin/users", {
      cookie: admin.cookie,
      json: { name: "ซ้ำ", email: "new.tailor@example.com", password: "secret-123" },
    });
    expect(statusOf(again)).toBe(409);
    expect((await jsonOf(again)).error).toBe("อีเมลนี้มีผู้ใช้แล้ว");

    const defaults = await jsonOf(
      await call(usersAction, "/admin/users", {
        cookie: admin.cookie,
        json: { name: "ค่าเริ่มต้น", email: "d@example.com", password: "secret-123" },
      }),
    );
    expect(defaults.user).toMatchObject({ roles: ["user"], status: "active" });
  });

  it("requires name, email and (on create) password, with the spec's message", async () => {
    const missing = await call(usersAction, "/admin/users", {
      cookie: admin.cookie,
      json: { name: "", email: "a@example.com" },
    });
    expect(statusOf(missing)).toBe(400);
    expect((await jsonOf(missing)).error).toBe("กรุณากรอกข้อมูลที่จำเป็น (ชื่อ, อีเมล, รหัสผ่าน)");
    const badRole = await call(usersAction, "/admin/users", {
      cookie: admin.cookie,
      json: { name: "a", email: "a@example.com", password: "12345678", roles: ["boss"] },
    });
    expect(statusOf(badRole)).toBe(400);
    expect(await db().user.count()).toBe(2);
  });

  it("edits a user; a blank password keeps the old one; inactive ends their sessions", async () => {
    const target = await signedIn({ roles: ["user"], email: "t@example.com" });
    const before = await db().user.findUniqueOrThrow({ where: { id: target.user.id } });
    const result = await call(userAction, `/admin/users/${target.user.id}`, {
      method: "PUT",
      cookie: admin.cookie,
      params: { id: String(target.user.id) },
      json: {
        name: "ชื่อใหม่",
        email: "t@example.com",
        password: "",
        phone: "",
        address: "",
        roles: ["user", "merchant"],
        status: "inactive",
      },
    });
    expect(statusOf(result)).toBe(200);
    const after = await db().user.findUniqueOrThrow({ where: { id: target.user.id } });
    expect(after).toMatchObject({ name: "ชื่อใหม่", roles: ["user", "merchant"], status: "inactive", phone: null });
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(await db().session.count({ where: { userId: target.user.id } })).toBe(0);

    const missing = await call(userAction, "/admin/users/999999", {
      method: "PUT",
      cookie: admin.cookie,
      params: { id: "999999" },
      json: { name: "x", email: "x@example.com" },
    });
    expect(statusOf(missing)).toBe(404);
    expect((await jsonOf(missing)).error).toBe("ไม่พบผู้ใช้");
    // Roles and status left out of a PUT stay as they were.
    const partial = await call(userAction, `/admin/users/${target.user.id}`, {
      method: "PUT",
      cookie: admin.cookie,
      params: { id: String(target.user.id) },
      json: { name: "ชื่อที่สาม", email: "t@example.com" },
    });
    expect(statusOf(partial)).toBe(200);
    expect(await db().user.findUniqueOrThrow({ where: { id: target.user.id } })).toMatchObject({
      name: "ชื่อที่สาม",
      roles: ["user", "merchant"],
      status: "inactive",
    });
    const taken = await call(userAction, `/admin/users/${target.user.id}`, {
      method: "PUT",
      cookie: admin.cookie,
      params: { id: String(target.user.id) },
      json: { name: "x", email: customer.user.email },
    });
    expect(statusOf(taken)).toBe(409);
  });

  it("an admin cannot drop their own admin role, deactivate or delete themselves", async () => {
    const id = String(admin.user.id);
    const demote = await call(userAction, `/admin/users/${id}`, {
      method: "PUT",
      cookie: admin.cookie,
      params: { id },
      json: { name: "แอดมิน", email: admin.user.email, roles: ["user"] },
    });
    expect(statusOf(demote)).toBe(409);
    expect((await jsonOf(demote)).error).toBe("ไม่สามารถถอดสิทธิ์ผู้ดูแลระบบของตัวเองได้");
    const deactivate = await call(userAction, `/admin/users/${id}`, {
      method: "PUT",
      cookie: admin.cookie,
      params: { id },
      json: { name: "แอดมิน", email: admin.user.email, roles: ["admin"], status: "pending" },
    });
    expect(statusOf(deactivate)).toBe(409);
    const remove = await call(userAction, `/admin/users/${id}`, {
      method: "DELETE",
      cookie: admin.cookie,
      params: { id },
    });
    expect(statusOf(remove)).toBe(409);
    expect((await jsonOf(remove)).error).toBe("ไม่สามารถลบบัญชีของตัวเองได้");
    expect(await db().user.findUniqueOrThrow({ where: { id: admin.user.id } })).toMatchObject({
      roles: ["admin"],
      status: "active",
    });
  });

  it("deletes a user without order history; keeps one with placed orders", async () => {
    const gone = await createTestUser({ roles: ["user"] });
    const design = await makeDesign({ ownerId: gone.id });
    await makeOrder({ buyerId: gone.id, designId: design.id, status: "cart" });
    const ok = await call(userAction, `/admin/users/${gone.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
      params: { id: String(gone.id) },
    });
    expect(statusOf(ok)).toBe(200);
    expect((await jsonOf(ok)).message).toBe("ลบผู้ใช้เรียบร้อย");
    expect(await db().user.findUnique({ where: { id: gone.id } })).toBeNull();

    const buyer = await createTestUser({ roles: ["user"] });
    await makeOrder({ buyerId: buyer.id, designId: design.id, status: "completed" });
    const kept = await call(userAction, `/admin/users/${buyer.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
      params: { id: String(buyer.id) },
    });
    expect(statusOf(kept)).toBe(409);
    expect((await jsonOf(kept)).error).toContain("ไม่สามารถลบผู้ใช้ที่มีประวัติคำสั่งซื้อได้");
    expect(await db().user.findUnique({ where: { id: buyer.id } })).not.toBeNull();
  });
});

describe("designs", () => {
  it("lists pending designs and approves or rejects each once", async () => {
    const tailor = await createTestUser({ roles: ["merchant"], name: "ช่างสมศรี" });
    const upload = await makeDesign({ ownerId: tailor.id, status: "pending", type: "upload", price: 990 });
    const orphan = await makeDesign({ status: "pending", type: "design", price: null });
    await makeDesign({ ownerId: tailor.id, status: "approved" });
    const list = await jsonOf(await call(pendingLoader, "/admin/designs/pending", { cookie: admin.cookie }));
    expect(list.designs).toHaveLength(2);
    expect(list.designs[0]).toMatchObject({
      id: upload.id,
      type: "upload",
      price: 990,
      shopName: "ช่างสมศรี",
      status: "pending",
    });
    expect(list.designs[1]).toMatchObject({ id: orphan.id, price: null, shopName: null });

    const approved = await call(decisionAction, `/admin/designs/${upload.id}/approve`, {
      method: "PATCH",
      cookie: admin.cookie,
      params: { id: String(upload.id), decision: "approve" },
    });
    expect(statusOf(approved)).toBe(200);
    expect((await db().design.findUniqueOrThrow({ where: { id: upload.id } })).status).toBe("approved");
    const twice = await call(decisionAction, `/admin/designs/${upload.id}/reject`, {
      method: "PATCH",
      cookie: admin.cookie,
      params: { id: String(upload.id), decision: "reject" },
    });
    expect(statusOf(twice)).toBe(409);
    expect((await db().design.findUniqueOrThrow({ where: { id: upload.id } })).status).toBe("approved");

    const rejected = await call(decisionAction, `/api/admin/designs/${orphan.id}/reject`, {
      method: "PATCH",
      cookie: admin.cookie,
      params: { id: String(orphan.id), decision: "reject" },
    });
    expect(statusOf(rejected)).toBe(200);
    expect((await db().design.findUniqueOrThrow({ where: { id: orphan.id } })).status).toBe("rejected");
    const missing = await call(decisionAction, "/admin/designs/424242/approve", {
      method: "PATCH",
      cookie: admin.cookie,
      params: { id: "424242", decision: "approve" },
    });
    expect(statusOf(missing)).toBe(404);
    expect((await jsonOf(missing)).error).toBe("ไม่พบแบบเสื้อ");
    const badWord = await call(decisionAction, `/admin/designs/${orphan.id}/bless`, {
      method: "PATCH",
      cookie: admin.cookie,
      params: { id: String(orphan.id), decision: "bless" },
    });
    expect(statusOf(badWord)).toBe(404);
    expect(
      (await jsonOf(await call(pendingLoader, "/admin/designs/pending", { cookie: admin.cookie }))).designs,
    ).toHaveLength(0);
  });
});

describe("orders", () => {
  it("overrides a status with an order event; refuses cart, the same status and unknown orders", async () => {
    const design = await makeDesign();
    const order = await makeOrder({ buyerId: customer.user.id, designId: design.id, status: "ordered" });
    const id = String(order.id);
    const done = await call(statusAction, `/admin/orders/${id}/status`, {
      method: "PATCH",
      cookie: admin.cookie,
      params: { id },
      json: { status: "completed" },
    });
    expect(statusOf(done)).toBe(200);
    const body = await jsonOf(done);
    expect(body.order).toMatchObject({ id: order.id, status: "completed" });
    expect(body.message).toBe("อัปเดตสถานะเป็น ตัดเย็บเสร็จแล้ว เรียบร้อย");
    const events = await db().orderEvent.findMany({ where: { orderId: order.id } });
    expect(events).toEqual([
      expect.objectContaining({
        fromStatus: "ordered",
        toStatus: "completed",
        actorId: admin.user.id,
        actorRole: "admin",
      }),
    ]);

    const same = await call(statusAction, `/admin/orders/${id}/status`, {
      method: "PATCH",
      cookie: admin.cookie,
      params: { id },
      json: { status: "completed" },
    });
    expect(statusOf(same)).toBe(409);
    const toCart = await call(statusAction, `/admin/orders/${id}/status`, {
      method: "PATCH",
      cookie: admin.cookie,
      params: { id },
      json: { status: "cart" },
    });
    expect(statusOf(toCart)).toBe(400);
    expect((await jsonOf(toCart)).error).toBe("สถานะใหม่ไม่ถูกต้อง");
    const missing = await call(statusAction, "/admin/orders/999999/status", {
      method: "PATCH",
      cookie: admin.cookie,
      params: { id: "999999" },
      json: { status: "ordered" },
    });
    expect(statusOf(missing)).toBe(404);
    const badBody = await call(statusAction, `/admin/orders/${id}/status`, {
      method: "PATCH",
      cookie: admin.cookie,
      params: { id },
      json: {},
    });
    expect(statusOf(badBody)).toBe(400);
    expect(await db().orderEvent.count({ where: { orderId: order.id } })).toBe(1);
  });

  it("filters by status, sorts by each header and pages", async () => {
    const design = await makeDesign();
    const day = 24 * 60 * 60 * 1000;
    const base = Date.now() - 100 * day;
    const made = [];
    const statuses = ["cart", "ordered", "accepted", "completed", "canceled"] as const;
    for (let i = 0; i < 25; i++) {
      made.push(
        await makeOrder({
          buyerId: customer.user.id,
          designId: design.id,
          status: statuses[i % 5],
          totalPrice: i === 3 ? null : 100 + ((i * 37) % 25) * 10,
          createdAt: new Date(base + i * day),
        }),
      );
    }
    const get = async (query: string) =>
      jsonOf(await call(ordersLoader, `/admin/orders${query}`, { cookie: admin.cookie }));

    const byDefault = await get("");
    expect(byDefault.total).toBe(25);
    expect(byDefault.orders).toHaveLength(20);
    expect(byDefault.orders[0].id).toBe(made[24]!.id);
    expect((await get("?page=2")).orders.map((o: { id: number }) => o.id)).toEqual(
      made
        .slice(0, 5)
        .map((o) => o.id)
        .reverse(),
    );

    const completed = await get("?status=completed");
    expect(completed.total).toBe(5);
    expect(completed.orders.every((o: { status: string }) => o.status === "completed")).toBe(true);

    const idsAsc = (await get("?sort=id&dir=asc")).orders.map((o: { id: number }) => o.id);
    expect(idsAsc).toEqual([...idsAsc].sort((a, b) => a - b));
    const prices = (await get("?sort=price&dir=desc")).orders.map((o: { totalPrice: number | null }) => o.totalPrice);
    const numbers = prices.filter((p: number | null) => p !== null);
    expect(numbers).toEqual([...numbers].sort((a: number, b: number) => b - a));
    const lastPage = (await get("?sort=price&dir=desc&page=2")).orders;
    expect(lastPage.at(-1).totalPrice).toBeNull();
    const byStatus = (await get("?sort=status&dir=asc")).orders.map((o: { status: string }) => o.status);
    expect(byStatus.slice(0, 5)).toEqual(["cart", "cart", "cart", "cart", "cart"]);
    // An unknown filter or sort falls back to the defaults rather than failing.
    expect((await get("?status=lost&sort=drop&dir=sideways")).total).toBe(25);
  });
});
