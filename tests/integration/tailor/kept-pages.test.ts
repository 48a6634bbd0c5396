import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/data/db.server";
import { compressPage } from "~/http/page-compression.server";
import { metrics } from "~/lib/metrics.server";
import { createTestUser, sessionCookieFor, signedIn } from "../../support/users";
import { answerTo, Browser, noticeOn, openShop, textsOf } from "../notices/support";
import { makeOrder } from "../orders/support";

/*
 * Pages kept as drawn while what they show is unchanged (app/http/kept-pages.server.ts): a
 * visitor's on the public routes, a signed-in person's per session. Through the built shop as a
 * browser without JavaScript reads it. Changes are made in plain SQL, as another app process or an
 * operator would make them.
 */

beforeAll(openShop, 240_000);

afterEach(() => {
  vi.useRealTimers();
});

async function keptPages(route: string): Promise<number> {
  const counted = await metrics().keptPages.get();
  return counted.values.find((value) => value.labels.route === route && value.labels.outcome === "kept")?.value ?? 0;
}

describe("a visitor's page kept as drawn", () => {
  it("is served again while the shop is unchanged, and a change to it shows on the next visit", async () => {
    const tailor = await createTestUser({ roles: ["merchant"], shopName: "ร้านเดิมริมน้ำ" });
    await db().design.create({ data: { ownerId: tailor.id, baseId: "shirt4", status: "approved", price: 500 } });
    const visitor = new Browser();
    const address = `/merchant/info?shop=${tailor.id}`;

    expect((await visitor.open(address)).html).toContain("ร้านเดิมริมน้ำ");
    const kept = await keptPages("/merchant/info");
    const again = await visitor.open(address);
    expect(again.html).toContain("ร้านเดิมริมน้ำ");
    expect(await keptPages("/merchant/info")).toBe(kept + 1);

    await db().$executeRaw`UPDATE "User" SET "shopName" = 'ร้านใหม่ริมทุ่ง' WHERE "id" = ${tailor.id}`;
    const changed = await visitor.open(address);
    expect(changed.html).toContain("ร้านใหม่ริมทุ่ง");
    expect(changed.html).not.toContain("ร้านเดิมริมน้ำ");
    expect(await keptPages("/merchant/info")).toBe(kept + 1);
  });

  it("the home page's counts are its version: a new customer shows on the next visit", async () => {
    const visitor = new Browser();
    const customers = (html: string) =>
      Number(
        textsOf(html, /<p[^>]*data-testid="user-count"[^>]*>/)[0]!
          .split(" ")[0]!
          .replaceAll(",", ""),
      );
    const before = customers((await visitor.open("/")).html);
    const kept = await keptPages("/");
    expect(customers((await visitor.open("/")).html)).toBe(before);
    expect(await keptPages("/")).toBe(kept + 1);

    await createTestUser({ roles: ["user"] });
    expect(customers((await visitor.open("/")).html)).toBe(before + 1);
  });

  it("is sent again as bytes kept with it, compressed harder once, and as each client takes it", async () => {
    const bytesOf = async (answer: Response) => Buffer.from(await answer.arrayBuffer());
    const first = await answerTo("/contact", { "Accept-Encoding": "br" });
    expect(first.headers.get("Content-Encoding")).toBe("br");
    const drawn = await bytesOf(first);
    const page = brotliDecompressSync(drawn);
    // Drawn: compressed quickly, for this answer.
    expect(drawn.equals((await compressPage(page, "br")).body)).toBe(true);
    const kept = await keptPages("/contact");

    const again = await answerTo("/contact", { "Accept-Encoding": "gzip, deflate, br" });
    expect(again.headers.get("Content-Encoding")).toBe("br");
    const keptBytes = await bytesOf(again);
    expect(again.headers.get("Content-Length")).toBe(String(keptBytes.length));
    // Sent again: the same page compressed as a kept page is, once.
    expect(keptBytes.equals(drawn)).toBe(false);
    expect(keptBytes.equals((await compressPage(page, "br", "kept")).body)).toBe(true);
    // Then those very bytes: no part of the page is drawn for each answer (its scripts are allowed by hash).
    expect((await bytesOf(await answerTo("/contact", { "Accept-Encoding": "br" }))).equals(keptBytes)).toBe(true);
    expect(await keptPages("/contact")).toBe(kept + 2);

    const gzipped = await answerTo("/contact", { "Accept-Encoding": "gzip" });
    expect(gzipped.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(await bytesOf(gzipped)).equals(page)).toBe(true);
    const plain = await answerTo("/contact");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect((await bytesOf(plain)).equals(page)).toBe(true);
    expect(await keptPages("/contact")).toBe(kept + 4);
  });

  it("is never a signed-in person's page, nor the one with a notice waiting", async () => {
    const tailor = await createTestUser({ roles: ["merchant"], shopName: "ร้านผ้าทอบ้านนา" });
    await db().design.create({ data: { ownerId: tailor.id, baseId: "shirt2", status: "approved", price: 700 } });
    const address = `/merchant/info?shop=${tailor.id}`;
    await new Browser().open(address);
    await new Browser().open(address);
    const kept = await keptPages("/merchant/info");

    const { user, cookie } = await signedIn({ name: "สมหญิง รักผ้าไทย" });
    const customer = new Browser(cookie);
    const page = await customer.open(address);
    expect(page.html).toContain(user.name);
    expect(page.html).toContain("ร้านผ้าทอบ้านนา");
    expect(await keptPages("/merchant/info")).toBe(kept);

    // Signed out, the login page carries the notice that says so: drawn, not the visitors' page.
    await new Browser().open("/login");
    await new Browser().open("/login");
    const keptLogin = await keptPages("/login");
    const login = await customer.submit("/", {}, "/logout");
    expect(login.url).toBe("/login");
    expect(noticeOn(login)).toBe("ออกจากระบบเรียบร้อยแล้ว");
    expect(await keptPages("/login")).toBe(keptLogin);
  });

  it("leaves a client-side navigation's data to React Router", async () => {
    await new Browser().open("/merchant/info");
    await new Browser().open("/merchant/info");
    const data = await answerTo("/merchant/info.data");
    expect(data.status).toBe(200);
    expect(data.headers.get("Content-Type")).not.toContain("text/html");
    expect(await data.text()).toContain("routes/tailor/shops");
  });
});

/**
 * Reads until the shop serves the answer as kept, and returns that answer. A signed-in person's
 * page is kept under the database's state, and on a PostgreSQL server that state is the whole
 * server's: another database's commit between two reads (here, the other test files running at
 * the same time, each in a database of its own) draws the page again, as any commit would. So a
 * read may be drawn again and again while they write; on PGlite the second read is kept.
 */
async function readUntilKept<T>(route: string, read: () => Promise<T>): Promise<T> {
  const attempts = 200;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const before = await keptPages(route);
    const answer = await read();
    if ((await keptPages(route)) > before) return answer;
  }
  throw new Error(`${route} was drawn ${attempts} times in a row, never served as kept`);
}

describe("a signed-in person's page kept as drawn", () => {
  it("is served again to the same session while nothing changed, and drawn again after any change in the shop", async () => {
    const { user, cookie } = await signedIn({ name: "มาลี ทอผ้างาม" });
    const person = new Browser(cookie);
    expect((await person.open("/profile")).html).toContain("มาลี ทอผ้างาม");
    expect((await readUntilKept("/profile", () => person.open("/profile"))).html).toContain("มาลี ทอผ้างาม");

    // The person's own name, changed by someone else: the next page shows it.
    await db().$executeRaw`UPDATE "User" SET "name" = 'มาลี ใจดี' WHERE "id" = ${user.id}`;
    const kept = await keptPages("/profile");
    const renamed = await person.open("/profile");
    expect(renamed.html).toContain("มาลี ใจดี");
    expect(renamed.html).not.toContain("มาลี ทอผ้างาม");
    expect(await keptPages("/profile")).toBe(kept);

    // A change the page does not show draws it again too: the version is the whole database's.
    await readUntilKept("/profile", () => person.open("/profile"));
    await createTestUser({ roles: ["user"] });
    const keptBefore = await keptPages("/profile");
    await person.open("/profile");
    expect(await keptPages("/profile")).toBe(keptBefore);
  });

  it("is never another session's, not even the same person's in another browser", async () => {
    const first = await signedIn({ name: "บุญมี ผ้าขาวม้า" });
    const second = await signedIn({ name: "บุญชู ผ้าซิ่น" });
    // Every session is made before the pages are read: a new one is a change in the shop.
    const firstElsewhere = new Browser(await sessionCookieFor(first.user.id));
    const firstBrowser = new Browser(first.cookie);
    await firstBrowser.open("/profile");
    await readUntilKept("/profile", () => firstBrowser.open("/profile"));
    const kept = await keptPages("/profile");

    const other = await new Browser(second.cookie).open("/profile");
    expect(other.html).toContain("บุญชู ผ้าซิ่น");
    expect(other.html).not.toContain("บุญมี ผ้าขาวม้า");
    expect((await firstElsewhere.open("/profile")).html).toContain("บุญมี ผ้าขาวม้า");
    expect(await keptPages("/profile")).toBe(kept);
  });

  it("holds for the day in Bangkok only", async () => {
    // A minute before midnight in Bangkok (UTC+7): 16:59 UTC.
    const beforeMidnight = new Date();
    beforeMidnight.setUTCHours(16, 59, 0, 0);
    vi.useFakeTimers({ toFake: ["Date"], now: beforeMidnight });
    const { cookie } = await signedIn();
    const person = new Browser(cookie);
    await person.open("/profile/edit");
    await readUntilKept("/profile/edit", () => person.open("/profile/edit"));

    vi.setSystemTime(new Date(beforeMidnight.getTime() + 2 * 60_000));
    const kept = await keptPages("/profile/edit");
    await person.open("/profile/edit");
    expect(await keptPages("/profile/edit")).toBe(kept);
  });

  it("with a review still open to changes, holds until the review's time is up", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date() });
    const { buyer, tailor, order } = await makeOrder({ status: "completed" });
    // Written 30 days ago less an hour: its author may change it for one more hour.
    const written = new Date(Date.now() - 30 * 86_400_000 + 3_600_000);
    await db().review.create({
      data: { orderId: order.id, authorId: buyer.id, merchantId: tailor.id, rating: 5, createdAt: written },
    });
    const buyerBrowser = new Browser(await sessionCookieFor(buyer.id));
    const address = `/user/product/${order.id}`;
    await buyerBrowser.open(address);
    await readUntilKept("/user/product/:id", () => buyerBrowser.open(address));

    vi.setSystemTime(new Date(Date.now() + 2 * 3_600_000));
    const kept = await keptPages("/user/product/:id");
    await buyerBrowser.open(address);
    expect(await keptPages("/user/product/:id")).toBe(kept);
  });

  it("a JSON read the same way: the same answer while nothing changed, the new figures after a change", async () => {
    const { cookie } = await signedIn({ roles: ["admin"] });
    const address = "/api/admin/dashboard/statistics";
    const read = async () => {
      const answer = await answerTo(address, { Cookie: cookie });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("Content-Type")).toContain("application/json");
      return (await answer.json()) as { platformStats: { totalUsers: number } };
    };
    const first = await read();
    expect(await readUntilKept(address, read)).toEqual(first);
    // Served as kept a second time: the same JSON, not a body used up by the first.
    expect(await readUntilKept(address, read)).toEqual(first);

    await createTestUser({ roles: ["user"] });
    const kept = await keptPages(address);
    expect((await read()).platformStats.totalUsers).toBe(first.platformStats.totalUsers + 1);
    expect(await keptPages(address)).toBe(kept);
  });
});
