import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/data/db.server";
import { compressPage } from "~/http/page-compression.server";
import { metrics } from "~/lib/metrics.server";
import { readyShop } from "../../support/shops";
import { createTestUser, signedIn } from "../../support/users";
import { answerTo, Browser, noticeOn, openShop, textsOf } from "../notices/support";

/*
 * Pages kept as drawn while what they show is unchanged (app/http/kept-pages.server.ts): a
 * visitor's on the public routes; a signed-in person's page is drawn for each request
 * (tests/integration/hardening/shared-pages.test.ts sends the session cookie every way it can be
 * spelled). Through the built shop as a
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
    await readyShop(tailor.id);
    await db().design.create({ data: { ownerId: tailor.id, baseId: "shirt4", status: "approved", price: 500 } });
    const visitor = new Browser();
    const address = `/merchant/info/${tailor.id}`;

    expect((await visitor.open(address)).html).toContain("ร้านเดิมริมน้ำ");
    const kept = await keptPages("/merchant/info/:id");
    const again = await visitor.open(address);
    expect(again.html).toContain("ร้านเดิมริมน้ำ");
    expect(await keptPages("/merchant/info/:id")).toBe(kept + 1);

    await db().$executeRaw`UPDATE "User" SET "shopName" = 'ร้านใหม่ริมทุ่ง' WHERE "id" = ${tailor.id}`;
    const changed = await visitor.open(address);
    expect(changed.html).toContain("ร้านใหม่ริมทุ่ง");
    expect(changed.html).not.toContain("ร้านเดิมริมน้ำ");
    expect(await keptPages("/merchant/info/:id")).toBe(kept + 1);
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
    await readyShop(tailor.id);
    await db().design.create({ data: { ownerId: tailor.id, baseId: "shirt2", status: "approved", price: 700 } });
    const address = `/merchant/info/${tailor.id}`;
    await new Browser().open(address);
    await new Browser().open(address);
    const kept = await keptPages("/merchant/info/:id");

    const { user, cookie } = await signedIn({ name: "สมหญิง รักผ้าไทย" });
    const customer = new Browser(cookie);
    const page = await customer.open(address);
    expect(page.html).toContain(user.name);
    expect(page.html).toContain("ร้านผ้าทอบ้านนา");
    expect(await keptPages("/merchant/info/:id")).toBe(kept);

    // Signed out, the login page carries the notice that says so: drawn, not the visitors' page.
    await new Browser().open("/login");
    await new Browser().open("/login");
    const keptLogin = await keptPages("/login");
    const login = await customer.submit("/", {}, "/logout");
    expect(login.url).toBe("/login");
    expect(noticeOn(login)).toBe("ออกจากระบบเรียบร้อยแล้ว");
    expect(await keptPages("/login")).toBe(keptLogin);
  });

  it("is the one a browser gets after its notice was shown: the notice's cookie is deleted, not left empty", async () => {
    const { cookie } = await signedIn();
    const browser = new Browser(cookie);
    const login = await browser.submit("/", {}, "/logout");
    expect(noticeOn(login)).toBe("ออกจากระบบเรียบร้อยแล้ว");
    // Signed out and the notice shown: the browser holds no cookie of the shop's any more.
    expect(browser.cookieNames()).toEqual([]);
    expect(noticeOn(await browser.open("/login"))).toBeNull();

    await new Browser().open("/contact");
    const kept = await keptPages("/contact");
    await browser.open("/contact");
    expect(await keptPages("/contact")).toBe(kept + 1);
  });

  it("carries its ETag: a browser or proxy that holds the page gets 304, a changed page is sent whole", async () => {
    const tailor = await createTestUser({ roles: ["merchant"], shopName: "ร้านป้ายเดิม" });
    await readyShop(tailor.id);
    await db().design.create({ data: { ownerId: tailor.id, baseId: "shirt3", status: "approved", price: 650 } });
    for (const address of [`/merchant/info/${tailor.id}`, "/design?category=shirt", "/contact"]) {
      const first = await answerTo(address);
      expect(first.status, `${address} → ${first.headers.get("Location")}`).toBe(200);
      const etag = first.headers.get("ETag");
      expect(etag, address).toMatch(/^"[\w-]{20,}"$/);
      expect(first.headers.get("Cache-Control")).toBe("no-cache");
      expect(first.headers.get("Vary")).toContain("Cookie");
      await first.body?.cancel();
      // Drawn or kept, the same page has the same tag; the client that holds it gets no body.
      for (let again = 0; again < 2; again++) {
        const unchanged = await answerTo(address, { "If-None-Match": etag! });
        expect(unchanged.status, address).toBe(304);
        expect(unchanged.headers.get("ETag")).toBe(etag);
        expect(await unchanged.text()).toBe("");
      }
      // Someone with a cookie never gets the visitors' page by its tag, nor a tag of their own.
      const { cookie } = await signedIn();
      const person = await answerTo(address, { "If-None-Match": etag!, Cookie: cookie });
      expect(person.status).toBe(200);
      expect(person.headers.get("ETag")).toBeNull();
      expect(person.headers.get("Cache-Control")).toBe("private, no-store");
      await person.body?.cancel();
    }

    const address = `/merchant/info/${tailor.id}`;
    const before = (await answerTo(address)).headers.get("ETag")!;
    await db().$executeRaw`UPDATE "User" SET "shopName" = 'ร้านป้ายใหม่' WHERE "id" = ${tailor.id}`;
    const changed = await answerTo(address, { "If-None-Match": before });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).not.toBe(before);
    expect(await changed.text()).toContain("ร้านป้ายใหม่");
  });

  it("is a visitor's page also for a browser holding only the device cookie of an earlier login, never with any other cookie", async () => {
    const { cookie } = await signedIn();
    const device = `shop_device=${encodeURIComponent("eyJlIjoieCIsImQiOiJ5In0=.c2lnbmF0dXJl")}`;
    await new Browser().open("/privacy");
    const kept = await keptPages("/privacy");
    const withDevice = await answerTo("/privacy", { Cookie: device });
    expect(withDevice.status).toBe(200);
    expect(withDevice.headers.get("ETag")).not.toBeNull();
    await withDevice.body?.cancel();
    expect(await keptPages("/privacy")).toBe(kept + 1);
    // The device cookie beside anything else is somebody's request: drawn for them, stored by no cache.
    for (const header of [`${device}; theme=dark`, `${device}x=1`, `theme=dark; ${device}`, `${device}; ${cookie}`]) {
      const answer = await answerTo("/privacy", { Cookie: header });
      expect(answer.headers.get("Cache-Control"), header).toBe("private, no-store");
      await answer.body?.cancel();
    }
    expect(await keptPages("/privacy")).toBe(kept + 1);
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
