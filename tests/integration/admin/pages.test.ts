import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { PENDING_PAGE_SIZE } from "~/domain/admin/designs.server";
import { requiredSummary } from "~/domain/admin/user-labels";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { action as designsAction, loader as designsLoader } from "~/routes/admin/designs";
import { action as ordersAction, loader as ordersLoader } from "~/routes/admin/orders";
import { action as usersAction, loader as usersLoader } from "~/routes/admin/users";
import { locationOf, noticeOf, refusalOf, statusOf } from "../../support/requests";
import { createTestUser, signedIn } from "../../support/users";
import { call, emptyShop, makeDesign, makeOrder } from "./support";

// The admin pages' loaders and form actions, as a browser without JavaScript uses them.

let admin: Awaited<ReturnType<typeof signedIn>>;
let tailor: Awaited<ReturnType<typeof signedIn>>;

beforeEach(async () => {
  await emptyShop();
  admin = await signedIn({ roles: ["admin"], name: "แอดมิน" });
  tailor = await signedIn({ roles: ["merchant"], name: "ช่างทดสอบ" });
});

const pages = [
  ["/admin", dashboardLoader],
  ["/admin/manage/users", usersLoader],
  ["/admin/manage/designs", designsLoader],
  ["/admin/manage/orders", ordersLoader],
] as const;

describe("guards on every admin page and form", () => {
  for (const [path, loader] of pages) {
    it(`${path}: visitors go to /login with the notice, other roles to /`, async () => {
      const visitor = await call(loader, path);
      expect(locationOf(visitor)).toMatch(/^\/login/);
      expect(await noticeOf(visitor)).toMatchObject({ message: "กรุณาเข้าสู่ระบบ" });
      expect(locationOf(await call(loader, path, { cookie: tailor.cookie }))).toBe("/");
      expect(statusOf(await call(loader, path, { cookie: admin.cookie }))).toBe(200);
    });
  }

  it("form posts from anyone but an admin change nothing", async () => {
    const design = await makeDesign({ ownerId: tailor.user.id, status: "pending", type: "upload" });
    const order = await makeOrder({ buyerId: tailor.user.id, designId: design.id, status: "ordered" });
    const posts = [
      [
        usersAction,
        "/admin/manage/users?new=1",
        { intent: "create", name: "x", email: "x@example.com", password: "12345678", roles: "user" },
      ],
      [usersAction, "/admin/manage/users", { intent: "delete", id: String(admin.user.id) }],
      [designsAction, "/admin/manage/designs", { intent: "approve", id: String(design.id) }],
      [ordersAction, "/admin/manage/orders", { intent: "status", id: String(order.id), status: "completed" }],
    ] as const;
    for (const [action, path, form] of posts) {
      expect(locationOf(await call(action, path, { form }))).toMatch(/^\/login/);
      expect(locationOf(await call(action, path, { form, cookie: tailor.cookie }))).toBe("/");
    }
    expect(await db().user.count()).toBe(2);
    expect((await db().design.findUniqueOrThrow({ where: { id: design.id } })).status).toBe("pending");
    expect((await db().order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("ordered");
  });
});

describe("/admin/manage/users", () => {
  it("adds a user from the form, with every role ticked and the status chosen", async () => {
    const result = await call(usersAction, "/admin/manage/users?new=1&q=abc", {
      cookie: admin.cookie,
      form: {
        intent: "create",
        name: "ช่างใหม่",
        email: "New@Example.com",
        password: "password-1",
        phone: "0812345678",
        address: "บ้านนาดี",
        roles: ["merchant", "user"],
        status: "pending",
      },
    });
    expect(locationOf(result)).toBe("/admin/manage/users?q=abc");
    expect(await noticeOf(result)).toMatchObject({ type: "success", message: "เพิ่มผู้ใช้เรียบร้อย" });
    expect(await db().user.findUniqueOrThrow({ where: { email: "new@example.com" } })).toMatchObject({
      name: "ช่างใหม่",
      roles: ["merchant", "user"],
      status: "pending",
      phone: "0812345678",
    });
  });

  it("an empty form gets the spec's message and field errors, and saves nothing", async () => {
    const result = (await call(usersAction, "/admin/manage/users?new=1", {
      cookie: admin.cookie,
      form: { intent: "create", name: "", email: "", password: "" },
    })) as { data: { result: { error: Record<string, string[]> } } };
    expect(statusOf(result)).toBe(400);
    const errors = result.data.result.error;
    // Beside each field what it needs; the page says the spec's message once above them (requiredSummary).
    expect(errors.name).toEqual(["กรุณากรอกชื่อ-นามสกุล"]);
    expect(errors.email).toEqual(["กรุณากรอกอีเมล"]);
    expect(errors.password).toEqual(["กรุณากรอกรหัสผ่าน"]);
    expect(requiredSummary("create", errors)).toBe("กรุณากรอกข้อมูลที่จำเป็น (ชื่อ, อีเมล, รหัสผ่าน)");
    // No box ticked is an error too (the spec's default ['user'] is pre-ticked on the form).
    expect(errors.roles).toEqual(["กรุณาเลือกบทบาทอย่างน้อยหนึ่งบทบาท"]);
    expect(await db().user.count()).toBe(2);
  });

  it("a taken email is refused with a notice and the typed values kept", async () => {
    const result = (await call(usersAction, "/admin/manage/users?new=1", {
      cookie: admin.cookie,
      form: {
        intent: "create",
        name: "ซ้ำ",
        email: tailor.user.email,
        password: "password-1",
        roles: "user",
        status: "active",
      },
    })) as { data: { result: { error: Record<string, string[]>; initialValue: Record<string, string> } } };
    expect(statusOf(result)).toBe(409);
    expect(result.data.result.error[""]).toEqual(["อีเมลนี้มีผู้ใช้แล้ว"]);
    expect(result.data.result.initialValue.name).toBe("ซ้ำ");
    expect(result.data.result.initialValue.password).toBeUndefined();
    expect(await noticeOf(result)).toMatchObject({ type: "error", message: "อีเมลนี้มีผู้ใช้แล้ว" });
  });

  it("edits a user; a blank password keeps the old one", async () => {
    const before = await db().user.findUniqueOrThrow({ where: { id: tailor.user.id } });
    const result = await call(usersAction, `/admin/manage/users?edit=${tailor.user.id}`, {
      cookie: admin.cookie,
      form: {
        intent: "update",
        id: String(tailor.user.id),
        name: "ชื่อใหม่",
        email: tailor.user.email,
        password: "",
        roles: ["merchant"],
        status: "active",
      },
    });
    expect(locationOf(result)).toBe("/admin/manage/users");
    expect(await noticeOf(result)).toMatchObject({ message: "อัปเดตผู้ใช้เรียบร้อย" });
    const after = await db().user.findUniqueOrThrow({ where: { id: tailor.user.id } });
    expect(after.name).toBe("ชื่อใหม่");
    expect(after.passwordHash).toBe(before.passwordHash);
  });

  it("an admin cannot remove their own admin role or delete themselves", async () => {
    const demote = await call(usersAction, `/admin/manage/users?edit=${admin.user.id}`, {
      cookie: admin.cookie,
      form: {
        intent: "update",
        id: String(admin.user.id),
        name: "แอดมิน",
        email: admin.user.email,
        roles: ["user"],
        status: "active",
      },
    });
    expect(statusOf(demote)).toBe(409);
    expect(await noticeOf(demote)).toMatchObject({ type: "error", message: "ไม่สามารถถอดสิทธิ์ผู้ดูแลระบบของตัวเองได้" });
    const remove = await call(usersAction, `/admin/manage/users?delete=${admin.user.id}`, {
      cookie: admin.cookie,
      form: { intent: "delete", id: String(admin.user.id) },
    });
    expect(statusOf(remove)).toBe(409);
    expect((await db().user.findUniqueOrThrow({ where: { id: admin.user.id } })).roles).toEqual(["admin"]);
  });

  it("deletes a user after confirmation and shows the dialogs from the address", async () => {
    const page = (await call(usersLoader, `/admin/manage/users?delete=${tailor.user.id}`, {
      cookie: admin.cookie,
    })) as { deleting: { name: string } | null; closeTo: string };
    expect(page.deleting?.name).toBe("ช่างทดสอบ");
    expect(page.closeTo).toBe("/admin/manage/users");
    const result = await call(usersAction, `/admin/manage/users?delete=${tailor.user.id}`, {
      cookie: admin.cookie,
      form: { intent: "delete", id: String(tailor.user.id) },
    });
    expect(locationOf(result)).toBe("/admin/manage/users");
    expect(await noticeOf(result)).toMatchObject({ message: "ลบผู้ใช้เรียบร้อย" });
    expect(await db().user.findUnique({ where: { id: tailor.user.id } })).toBeNull();
  });

  it("searches by name or email and pages on the server", async () => {
    for (let i = 0; i < 21; i++) await createTestUser({ name: `ลูกค้า ${i}`, email: `c${i}@shop.test` });
    const first = (await call(usersLoader, "/admin/manage/users?q=shop.test", { cookie: admin.cookie })) as {
      users: unknown[];
      total: number;
      pageCount: number;
    };
    expect(first.total).toBe(21);
    expect(first.users).toHaveLength(20);
    const second = (await call(usersLoader, "/admin/manage/users?q=shop.test&page=2", { cookie: admin.cookie })) as {
      users: unknown[];
    };
    expect(second.users).toHaveLength(1);
    const none = (await call(usersLoader, "/admin/manage/users?q=nobody-here", { cookie: admin.cookie })) as {
      users: unknown[];
    };
    expect(none.users).toHaveLength(0);
  });
});

describe("/admin/manage/designs", () => {
  it("pages the designs awaiting approval, oldest first, and opens a dialog for one on another page", async () => {
    await db().design.updateMany({ where: { status: "pending" }, data: { status: "rejected" } });
    const pending = [];
    for (let i = 0; i < PENDING_PAGE_SIZE + 3; i++)
      pending.push(await makeDesign({ ownerId: tailor.user.id, status: "pending", type: "upload" }));
    type Listing = {
      designs: { id: number }[];
      page: number;
      pageCount: number;
      total: number;
      viewing: { id: number } | null;
    };
    const first = (await call(designsLoader, "/admin/manage/designs", { cookie: admin.cookie })) as Listing;
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: PENDING_PAGE_SIZE + 3 });
    expect(first.designs.map((d) => d.id)).toEqual(pending.slice(0, PENDING_PAGE_SIZE).map((d) => d.id));
    const second = (await call(designsLoader, "/admin/manage/designs?page=2", { cookie: admin.cookie })) as Listing;
    expect(second.designs.map((d) => d.id)).toEqual(pending.slice(PENDING_PAGE_SIZE).map((d) => d.id));
    expect(
      ((await call(designsLoader, "/admin/manage/designs?page=9", { cookie: admin.cookie })) as Listing).page,
    ).toBe(2);
    // A dialog's address names its design, wherever the table is.
    const last = pending[pending.length - 1]!;
    const viewing = (await call(designsLoader, `/admin/manage/designs?view=${last.id}`, {
      cookie: admin.cookie,
    })) as Listing;
    expect(viewing.viewing?.id).toBe(last.id);
    const approvedOne = await makeDesign({ ownerId: tailor.user.id, status: "approved" });
    for (const bad of ["abc", "99999999", "-1", String(approvedOne.id)])
      expect(
        ((await call(designsLoader, `/admin/manage/designs?view=${bad}`, { cookie: admin.cookie })) as Listing).viewing,
      ).toBeNull();
    // A decision made on page 2 comes back to page 2.
    const decided = await call(designsAction, "/admin/manage/designs", {
      cookie: admin.cookie,
      form: { intent: "approve", id: String(last.id), page: "2" },
    });
    expect(locationOf(decided)).toBe("/admin/manage/designs?page=2");
    await db().design.updateMany({ where: { id: { in: pending.map((d) => d.id) } }, data: { status: "rejected" } });
  });

  it("approves and rejects with notices; the list reloads without them", async () => {
    const first = await makeDesign({ ownerId: tailor.user.id, status: "pending", type: "upload", price: 900 });
    const second = await makeDesign({ ownerId: tailor.user.id, status: "pending", type: "upload" });
    const list = (await call(designsLoader, `/admin/manage/designs?approve=${first.id}`, { cookie: admin.cookie })) as {
      designs: { id: number }[];
      approving: { id: number } | null;
    };
    expect(list.designs.map((d) => d.id)).toEqual([first.id, second.id]);
    expect(list.approving?.id).toBe(first.id);

    const approved = await call(designsAction, "/admin/manage/designs", {
      cookie: admin.cookie,
      form: { intent: "approve", id: String(first.id) },
    });
    expect(locationOf(approved)).toBe("/admin/manage/designs");
    expect(await noticeOf(approved)).toMatchObject({ type: "success", message: "อนุมัติแบบเสื้อเรียบร้อย" });
    const rejected = await call(designsAction, "/admin/manage/designs", {
      cookie: admin.cookie,
      form: { intent: "reject", id: String(second.id), reason: "ภาพไม่ชัด" },
    });
    expect(await noticeOf(rejected)).toMatchObject({ type: "success", message: "ปฏิเสธแบบเสื้อเรียบร้อย" });
    expect((await db().design.findUniqueOrThrow({ where: { id: first.id } })).status).toBe("approved");
    expect((await db().design.findUniqueOrThrow({ where: { id: second.id } })).status).toBe("rejected");

    const again = await call(designsAction, "/admin/manage/designs", {
      cookie: admin.cookie,
      form: { intent: "reject", id: String(first.id), reason: "ตัดสินไปแล้ว" },
    });
    // Refused on the page itself, the reason above the list.
    expect(refusalOf(again)).toMatchObject({ status: 409, reason: "แบบเสื้อนี้ได้รับการพิจารณาไปแล้ว" });
    expect((await db().design.findUniqueOrThrow({ where: { id: first.id } })).status).toBe("approved");
    const after = (await call(designsLoader, "/admin/manage/designs", { cookie: admin.cookie })) as {
      designs: unknown[];
    };
    expect(after.designs).toHaveLength(0);
  });
});

describe("/admin/manage/orders", () => {
  it("overrides a status from the form, records the event and returns to the same table", async () => {
    const buyer = await createTestUser({ name: "ผู้ซื้อ" });
    const design = await makeDesign();
    const order = await makeOrder({
      buyerId: buyer.id,
      sellerId: tailor.user.id,
      designId: design.id,
      status: "accepted",
    });
    const result = await call(
      ordersAction,
      `/admin/manage/orders?status=accepted&sort=price&dir=asc&change=${order.id}`,
      {
        cookie: admin.cookie,
        form: { intent: "status", id: String(order.id), status: "canceled", reasonChoice: "ลูกค้าขอยกเลิก" },
      },
    );
    expect(locationOf(result)).toBe("/admin/manage/orders?status=accepted&sort=price&dir=asc");
    expect(await noticeOf(result)).toMatchObject({ type: "success", message: "อัปเดตสถานะเป็น ยกเลิก เรียบร้อย" });
    expect(await db().orderEvent.findFirst({ where: { orderId: order.id } })).toMatchObject({
      fromStatus: "accepted",
      toStatus: "canceled",
      actorId: admin.user.id,
      actorRole: "admin",
    });

    const same = await call(ordersAction, "/admin/manage/orders", {
      cookie: admin.cookie,
      form: { intent: "status", id: String(order.id), status: "canceled", reasonChoice: "ลูกค้าขอยกเลิก" },
    });
    // Refused on the page, with why: the order is canceled already.
    expect(refusalOf(same)).toMatchObject({ status: 409, reason: expect.stringMatching(/[\u0E00-\u0E7F]/) });
    const toCart = await call(ordersAction, "/admin/manage/orders", {
      cookie: admin.cookie,
      form: { intent: "status", id: String(order.id), status: "cart" },
    });
    expect(refusalOf(toCart)).toMatchObject({ status: 400, reason: "สถานะใหม่ไม่ถูกต้อง" });
    expect(await db().orderEvent.count({ where: { orderId: order.id } })).toBe(1);
  });

  it("loads the table with the details and change dialogs from the address", async () => {
    const buyer = await createTestUser({ name: "ผู้ซื้อ" });
    const design = await makeDesign();
    const order = await makeOrder({ buyerId: buyer.id, designId: design.id, status: "cart", totalPrice: null });
    const page = (await call(ordersLoader, `/admin/manage/orders?order=${order.id}&change=${order.id}`, {
      cookie: admin.cookie,
    })) as {
      orders: { id: number; sellerName: string | null; buyerName: string | null }[];
      statusCounts: Record<string, number>;
      detail: { id: number; buyerUser: { name: string } } | null;
      changing: { id: number } | null;
      query: { sort: string; dir: string };
    };
    expect(page.orders.map((o) => o.id)).toEqual([order.id]);
    // Exactly what the table shows: no contact data, no design.
    expect(page.orders[0]).toEqual({
      id: order.id,
      buyerId: buyer.id,
      buyerName: "ผู้ซื้อ",
      sellerName: null,
      totalPrice: null,
      status: "cart",
      createdAt: order.createdAt.toISOString(),
      paymentStatus: null,
      delivery: null,
      // Why a canceled order ended, shown short in the status cell (none: not canceled).
      cancelReason: null,
      canceledBy: null,
    });
    // Contact data stays out of the table's rows; the details dialog has it.
    expect(JSON.stringify(page.orders)).not.toContain(buyer.email);
    expect(page.statusCounts).toEqual({ cart: 1, ordered: 0, accepted: 0, completed: 0, canceled: 0 });
    expect(page.detail?.buyerUser.name).toBe("ผู้ซื้อ");
    expect(page.changing?.id).toBe(order.id);
    expect(page.query).toMatchObject({ sort: "created", dir: "desc" });
  });
});

describe("/admin dashboard", () => {
  it("reads the period and the table sorts from the address", async () => {
    const page = (await call(dashboardLoader, "/admin?period=month&usort=name&udir=asc&msort=bogus", {
      cookie: admin.cookie,
    })) as {
      period: string;
      userSort: { key: string; dir: string };
      merchantSort: { key: string; dir: string };
      merchantStats: { name: string; totalRevenue: number }[];
    };
    expect(page.period).toBe("month");
    expect(page.userSort).toEqual({ key: "name", dir: "asc" });
    expect(page.merchantSort).toEqual({ key: "totalRevenue", dir: "desc" });
    expect(page.merchantStats).toEqual([expect.objectContaining({ name: "ช่างทดสอบ", totalRevenue: 0 })]);
    const fallback = (await call(dashboardLoader, "/admin?period=forever", { cookie: admin.cookie })) as {
      period: string;
    };
    expect(fallback.period).toBe("all");
  });

  it("sends the sales trend once, inside the two charts (the page reads it nowhere else)", async () => {
    const page = (await call(dashboardLoader, "/admin?period=week", { cookie: admin.cookie })) as {
      platformStats: Record<string, unknown>;
      charts: Record<"orders" | "revenue", { spec: { points: { date: string }[] } }>;
    };
    expect(page.platformStats).not.toHaveProperty("salesTrend");
    expect(page.platformStats).toHaveProperty("recentOrders");
    expect(page.charts.orders.spec.points).toHaveLength(7);
    expect(page.charts.revenue.spec.points).toHaveLength(7);
  });
});
