import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { databaseSnapshot } from "../../support/database-snapshot";
import { type CallOptions, callRoute, statusOf } from "../../support/requests";
import { createTestUser, signedIn } from "../../support/users";
import { flatRoutes } from "../hardening/route-table";
import { makeDesign, makeOrder } from "./support";

/**
 * Every admin JSON call (spec section 7: under /api/admin/... and /admin/..., found in the route
 * table so a new one cannot be missed) refuses a tailor and a customer with 403 and changes
 * nothing, even when the request is one an admin would be answered with a change: make someone
 * admin, delete a user, approve a design, complete an order.
 */

const appDir = path.resolve(import.meta.dirname, "../../../app");

interface Fixture {
  victimId: number;
  designIds: [number, number];
  orderId: number;
  /** An open problem a buyer reported (issue 46). */
  problemId: number;
}

type AdminCall = { method: string; params?: Record<string, string>; json?: unknown; query?: string };

/** What each admin JSON module is asked: every method it answers, with a body an admin would succeed with. */
const CALLS: Record<string, (f: Fixture) => AdminCall[]> = {
  "routes/admin/api.statistics.ts": () => [{ method: "GET", query: "?period=week" }],
  "routes/admin/api.users.ts": () => [
    { method: "GET" },
    {
      method: "POST",
      json: { name: "แอดมินเถื่อน", email: "rogue@example.com", password: "secret-123", roles: ["admin"] },
    },
  ],
  "routes/admin/api.user.ts": (f) => [
    { method: "GET", params: { id: String(f.victimId) } },
    {
      method: "PUT",
      params: { id: String(f.victimId) },
      json: {
        name: "ถูกแก้",
        email: "victim@example.com",
        roles: ["admin"],
        status: "active",
        password: "new-password-1",
      },
    },
    { method: "DELETE", params: { id: String(f.victimId) } },
  ],
  "routes/admin/api.designs-pending.ts": () => [{ method: "GET" }],
  "routes/admin/api.design-decision.ts": (f) => [
    { method: "PATCH", params: { id: String(f.designIds[0]), decision: "approve" } },
    { method: "PATCH", params: { id: String(f.designIds[1]), decision: "reject" } },
  ],
  "routes/admin/api.orders.ts": () => [{ method: "GET" }],
  "routes/admin/api.order-status.ts": (f) => [
    { method: "PATCH", params: { id: String(f.orderId) }, json: { status: "completed" } },
  ],
  "routes/admin/api.problems.ts": () => [{ method: "GET" }],
  "routes/admin/api.problem-close.ts": (f) => [
    { method: "POST", params: { id: String(f.problemId) }, json: { decision: "refund_due", note: "คืนเงินเต็มจำนวน" } },
  ],
};

/** The admin JSON routes of the route table: both prefixes of each. */
const adminJsonRoutes = flatRoutes().filter((route) => /^routes\/admin\/api\./.test(route.file));

function pathFor(pattern: string, call: AdminCall): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => call.params?.[name] ?? "1") + (call.query ?? "");
}

let fixture: Fixture;
let callers: { role: string; cookie: string }[];

beforeAll(async () => {
  await createTestUser({ roles: ["admin"], email: "the-admin@example.com" });
  const tailor = await signedIn({ roles: ["merchant"] });
  const customer = await signedIn({ roles: ["user"] });
  const victim = await createTestUser({ roles: ["user"], email: "victim@example.com" });
  const design = await makeDesign({ ownerId: tailor.user.id, status: "pending", type: "upload", price: 990 });
  const another = await makeDesign({ ownerId: tailor.user.id, status: "pending", type: "upload", price: 450 });
  const order = await makeOrder({
    buyerId: customer.user.id,
    sellerId: tailor.user.id,
    designId: design.id,
    status: "ordered",
  });
  const shipped = await makeOrder({
    buyerId: customer.user.id,
    sellerId: tailor.user.id,
    designId: another.id,
    status: "accepted",
  });
  const problem = await db().orderProblem.create({
    data: { orderId: shipped.id, reason: "ยังไม่ได้รับสินค้า" },
    select: { id: true },
  });
  fixture = { victimId: victim.id, designIds: [design.id, another.id], orderId: order.id, problemId: problem.id };
  callers = [
    { role: "tailor", cookie: tailor.cookie },
    { role: "customer", cookie: customer.cookie },
  ];
});

describe("the admin JSON calls are for admins only", () => {
  it("the route table has every admin JSON call under both prefixes, and this test asks each of them", () => {
    const files = [...new Set(adminJsonRoutes.map((route) => route.file))].sort();
    expect(files).toEqual(Object.keys(CALLS).sort());
    for (const file of files) {
      expect(
        adminJsonRoutes.filter((route) => route.file === file).map((route) => route.path.startsWith("/api/admin/")),
      ).toEqual([true, false]);
    }
  });

  for (const role of ["tailor", "customer"]) {
    it(`a ${role} gets 403 from every one of them, and nothing in the database changes`, async () => {
      const before = await databaseSnapshot();
      const answers: string[] = [];
      for (const route of adminJsonRoutes) {
        const module = (await import(path.join(appDir, route.file))) as { loader?: unknown; action?: unknown };
        for (const call of CALLS[route.file]!(fixture)) {
          const fn = call.method === "GET" ? module.loader : module.action;
          expect(fn, `${route.file} answers ${call.method}`).toBeTypeOf("function");
          const options: CallOptions = {
            method: call.method,
            params: call.params,
            json: call.json,
            cookie: callers.find((caller) => caller.role === role)!.cookie,
          };
          const result = await callRoute(fn as never, pathFor(route.path, call), options);
          const body = result instanceof Response ? await result.json() : null;
          answers.push(`${call.method} ${pathFor(route.path, call)} → ${statusOf(result)} ${JSON.stringify(body)}`);
        }
      }
      const refused = answers.map((answer) => answer.replace(/→ .*/, `→ 403 {"error":"คุณไม่มีสิทธิ์ใช้งานส่วนนี้"}`));
      expect(answers).toEqual(refused);
      expect(await databaseSnapshot()).toEqual(before);
    });
  }

  it("an admin is answered (2xx) by each of the same calls, so the refusals above are about the role", async () => {
    const admin = await signedIn({ roles: ["admin"] });
    const statuses: string[] = [];
    for (const route of adminJsonRoutes.filter((entry) => entry.path.startsWith("/api/admin/"))) {
      const module = (await import(path.join(appDir, route.file))) as { loader?: unknown; action?: unknown };
      for (const call of CALLS[route.file]!(fixture)) {
        const result = await callRoute(
          (call.method === "GET" ? module.loader : module.action) as never,
          pathFor(route.path, call),
          { method: call.method, params: call.params, json: call.json, cookie: admin.cookie },
        );
        statuses.push(
          `${call.method} ${pathFor(route.path, call)} → ${statusOf(result) < 300 ? "2xx" : statusOf(result)}`,
        );
      }
    }
    expect(statuses).toEqual(statuses.map((entry) => entry.replace(/→ .*/, "→ 2xx")));
    expect(await db().user.findUnique({ where: { id: fixture.victimId } })).toBeNull();
    expect((await db().order.findUniqueOrThrow({ where: { id: fixture.orderId } })).status).toBe("completed");
  });
});
