import path from "node:path";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { keptAreasOf } from "~/http/visitor-pages.server";
import { metrics } from "~/lib/metrics.server";
import { prepareBuild } from "../../support/http-server";
import { readyShop } from "../../support/shops";
import { createTestUser, signedIn } from "../../support/users";
import { alertsOn, answerTo, Browser, faultLogged, openShop, whileTableIsGone } from "../notices/support";

/*
 * A route that keeps its visitors' pages (app/http/visitor-pages.server.ts: keepForVisitors)
 * promises that its page is drawn from the address, the data areas it names and the day, and
 * from nothing else. This file walks every such route of the built shop and holds it to that: after
 * writes of every kind the areas do not count, the page a visitor is answered from memory is the
 * very page drawn anew from the database. Writes are plain SQL, as another app process makes them.
 */

let build: ServerBuild;
let tailorId: number;

beforeAll(async () => {
  await openShop();
  build = (await import(pathToFileURL(path.join(prepareBuild(), "build", "server", "index.js")).href)) as ServerBuild;
  const tailor = await createTestUser({ roles: ["merchant"], shopName: "ร้านทอมือริมโขง" });
  tailorId = tailor.id;
  await readyShop(tailorId);
  const design = await db().design.create({
    data: { ownerId: tailorId, baseId: "shirt3", status: "approved", price: 650 },
  });
  const buyer = await createTestUser({ roles: ["user"], name: "ลูกค้าคนแรก" });
  const order = await db().order.create({
    data: {
      buyerId: buyer.id,
      sellerId: tailorId,
      designId: design.id,
      name: "เสื้อทดสอบ",
      status: "completed",
      totalPrice: 650,
      orderedAt: new Date(),
    },
  });
  await db().review.create({
    data: { orderId: order.id, authorId: buyer.id, merchantId: tailorId, rating: 5, comment: "ผ้าสวย ตัดเย็บดี" },
  });
}, 240_000);

/** An address of each route that keeps its visitors' pages: a new one must be added here, and so be held to its promise. */
const addressOf: Record<string, () => string> = {
  "/merchant/info": () => "/merchant/info",
  "/merchant/info/:id": () => `/merchant/info/${tailorId}`,
  "/merchant/info/:id/reviews": () => `/merchant/info/${tailorId}/reviews`,
  "/register": () => "/register?redirectTo=%2Fcart",
  "/measurements/guide": () => "/measurements/guide",
};

/** The route table's full patterns of the routes whose module keeps its visitors' pages. */
function keptRoutes(): string[] {
  const patternOf = (id: string | undefined): string => {
    const route = id ? build.routes[id] : undefined;
    if (!route) return "";
    const parent = patternOf(route.parentId);
    return route.path ? `${parent.replace(/\/$/, "")}/${route.path}` : parent;
  };
  return Object.values(build.routes)
    .filter((route) => route && keptAreasOf(route.module) !== null)
    .map((route) => patternOf(route!.id) || "/")
    .sort();
}

async function keptCount(): Promise<number> {
  const { values } = await metrics().keptPages.get();
  return values.filter((value) => value.labels.outcome === "kept").reduce((sum, value) => sum + value.value, 0);
}

/** The page a visitor gets, as its HTML (uncompressed, or gzip that is undone here). */
async function visit(address: string, encoding: "identity" | "gzip"): Promise<{ status: number; html: string }> {
  const response = await answerTo(address, { "Accept-Encoding": encoding });
  const bytes = Buffer.from(await response.arrayBuffer());
  const gzipped = response.headers.get("Content-Encoding") === "gzip";
  return { status: response.status, html: (gzipped ? gunzipSync(bytes) : bytes).toString("utf8") };
}

describe("a route that keeps its visitors' pages", () => {
  it("is one this file walks", () => {
    expect(keptRoutes()).toEqual(Object.keys(addressOf).sort());
  });

  it("answers, from memory, the page it would draw anew after every write its areas do not count", async () => {
    const addresses = Object.values(addressOf).map((address) => address());
    const before = new Map<string, string>();
    for (const address of addresses) {
      const drawn = await visit(address, "identity");
      expect(drawn.status, address).toBe(200);
      before.set(address, drawn.html);
    }

    // Writes of every kind the shops' area does not count, on the very rows its pages show.
    const customer = await createTestUser({ roles: ["user"], name: "ลูกค้าคนใหม่" });
    const design = await db().design.findFirstOrThrow({ where: { ownerId: tailorId } });
    await db()
      .$executeRaw`INSERT INTO "Order" ("buyerId", "sellerId", "designId", "name", "status", "totalPrice", "orderedAt", "updatedAt")
      VALUES (${customer.id}, ${tailorId}, ${design.id}, 'สั่งใหม่', 'ordered', 650, now(), now())`;
    await db()
      .$executeRaw`UPDATE "Order" SET "status" = 'completed' WHERE "sellerId" = ${tailorId} AND "status" = 'ordered'`;
    await db().$executeRaw`INSERT INTO "Design" ("ownerId", "baseId", "status", "type", "updatedAt")
      VALUES (${tailorId}, 'shirt2', 'pending', 'upload', now()), (${customer.id}, 'shirt1', 'approved', 'design', now())`;
    await db()
      .$executeRaw`UPDATE "User" SET "address" = 'บ้านเลขที่ 9', "phone" = '0812345678' WHERE "id" = ${customer.id}`;
    await db().$executeRaw`UPDATE "User" SET "updatedAt" = now() WHERE "id" = ${tailorId}`;
    await db()
      .$executeRaw`INSERT INTO "Notification" ("userId", "kind", "text", "href") VALUES (${tailorId}, 'order_placed', 'มีคำสั่งซื้อใหม่', '/merchant')`;

    const keptBefore = await keptCount();
    for (const address of addresses) expect((await visit(address, "identity")).html, address).toBe(before.get(address));
    // Every one of those answers came from memory.
    expect((await keptCount()) - keptBefore).toBe(addresses.length);

    // Drawn anew: the areas' versions moved on (nothing read before counts) and another encoding (another key).
    await db().$executeRaw`UPDATE "DataVersion" SET "version" = "version" + 1`;
    for (const address of addresses) {
      const fresh = await visit(address, "gzip");
      expect(fresh.status, address).toBe(200);
      expect(fresh.html, address).toBe(before.get(address));
    }
  });

  it("draws the page anew once a change its areas count is committed", async () => {
    await visit(`/merchant/info/${tailorId}/reviews`, "identity");
    await visit("/merchant/info", "identity");
    await db().$executeRaw`UPDATE "User" SET "shopName" = 'ร้านทอมือริมชี' WHERE "id" = ${tailorId}`;
    for (const address of ["/merchant/info", `/merchant/info/${tailorId}`, `/merchant/info/${tailorId}/reviews`]) {
      const { html } = await visit(address, "identity");
      expect(html, address).toContain("ร้านทอมือริมชี");
      expect(html, address).not.toContain("ร้านทอมือริมโขง");
    }
  });

  it("answers as it would without keeping while the database cannot say what changed", async () => {
    const page = await whileTableIsGone("DataVersion", () => faultLogged(() => new Browser().open("/merchant/info")));
    expect(page.status).toBe(503);
    expect(alertsOn(page)).toEqual(["ไม่สามารถโหลดข้อมูลร้านค้าได้"]);
  });

  it("keeps no page of a signed-in person, nor React Router's data for a page", async () => {
    const keptBefore = await keptCount();
    const data = await answerTo(`/merchant/info/${tailorId}.data`);
    const again = await answerTo(`/merchant/info/${tailorId}.data`);
    expect([data.status, again.status]).toEqual([200, 200]);
    await Promise.all([data.body?.cancel(), again.body?.cancel()]);
    const { user, cookie } = await signedIn({ name: "สมใจ ใฝ่ผ้าทอ" });
    for (let visit = 0; visit < 2; visit++) {
      const page = await new Browser(cookie).open(`/merchant/info/${tailorId}`);
      expect(page.html).toContain(user.name);
    }
    expect(await keptCount()).toBe(keptBefore);
  });
});
