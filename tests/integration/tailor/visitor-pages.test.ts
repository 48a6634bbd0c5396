import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { readyShop } from "../../support/shops";
import { createTestUser, signedIn } from "../../support/users";
import { answerTo, Browser, noticeOn, openShop, textsOf } from "../notices/support";

/*
 * A visitor's page is drawn for each request, as a signed-in person's is: no page is kept in the
 * process. What a browser or a proxy may keep is the visitor's page with its ETag, asked for again
 * before each use (app/http/shared-pages.server.ts). Through the built shop as a browser without
 * JavaScript reads it. Changes are made in plain SQL, as another app process or an operator would
 * make them.
 */

beforeAll(openShop, 240_000);

describe("a visitor's page", () => {
  it("shows a change to the shop on the next visit", async () => {
    const tailor = await createTestUser({ roles: ["merchant"], shopName: "ร้านเดิมริมน้ำ" });
    await readyShop(tailor.id);
    await db().design.create({ data: { ownerId: tailor.id, baseId: "shirt4", status: "approved", price: 500 } });
    const visitor = new Browser();
    const address = `/merchant/info/${tailor.id}`;

    expect((await visitor.open(address)).html).toContain("ร้านเดิมริมน้ำ");
    expect((await visitor.open(address)).html).toContain("ร้านเดิมริมน้ำ");

    await db().$executeRaw`UPDATE "User" SET "shopName" = 'ร้านใหม่ริมทุ่ง' WHERE "id" = ${tailor.id}`;
    const changed = await visitor.open(address);
    expect(changed.html).toContain("ร้านใหม่ริมทุ่ง");
    expect(changed.html).not.toContain("ร้านเดิมริมน้ำ");
  });

  it("the home page's counts: a new customer shows on the next visit", async () => {
    const visitor = new Browser();
    const customers = (html: string) =>
      Number(
        textsOf(html, /<p[^>]*data-testid="user-count"[^>]*>/)[0]!
          .split(" ")[0]!
          .replaceAll(",", ""),
      );
    const before = customers((await visitor.open("/")).html);
    expect(customers((await visitor.open("/")).html)).toBe(before);
    await createTestUser({ roles: ["user"] });
    expect(customers((await visitor.open("/")).html)).toBe(before + 1);
  });

  it("is never a signed-in person's page, nor the one with a notice waiting", async () => {
    const tailor = await createTestUser({ roles: ["merchant"], shopName: "ร้านผ้าทอบ้านนา" });
    await readyShop(tailor.id);
    await db().design.create({ data: { ownerId: tailor.id, baseId: "shirt2", status: "approved", price: 700 } });
    const address = `/merchant/info/${tailor.id}`;
    await new Browser().open(address);

    const { user, cookie } = await signedIn({ name: "สมหญิง รักผ้าไทย" });
    const customer = new Browser(cookie);
    const page = await customer.open(address);
    expect(page.html).toContain(user.name);
    expect(page.html).toContain("ร้านผ้าทอบ้านนา");
    const personal = await answerTo(address, { Cookie: cookie });
    expect(personal.headers.get("Cache-Control")).toBe("private, no-store");
    expect(personal.headers.get("ETag")).toBeNull();
    await personal.body?.cancel();

    // Signed out, the login page carries the notice that says so; a visitor's login page does not.
    const login = await customer.submit("/", {}, "/logout");
    expect(login.url).toBe("/login");
    expect(noticeOn(login)).toBe("ออกจากระบบเรียบร้อยแล้ว");
    expect(noticeOn(await new Browser().open("/login"))).toBeNull();
  });

  it("is the one a browser gets after its notice was shown: the notice's cookie is deleted, not left empty", async () => {
    const { cookie } = await signedIn();
    const browser = new Browser(cookie);
    const login = await browser.submit("/", {}, "/logout");
    expect(noticeOn(login)).toBe("ออกจากระบบเรียบร้อยแล้ว");
    // Signed out and the notice shown: the browser holds no cookie of the shop's any more.
    expect(browser.cookieNames()).toEqual([]);
    expect(noticeOn(await browser.open("/login"))).toBeNull();
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
      // Drawn again, the same page has the same tag; the client that holds it gets no body.
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
    const withDevice = await answerTo("/privacy", { Cookie: device });
    expect(withDevice.status).toBe(200);
    expect(withDevice.headers.get("ETag")).not.toBeNull();
    expect(withDevice.headers.get("Cache-Control")).toBe("no-cache");
    await withDevice.body?.cancel();
    // The device cookie beside anything else is somebody's request: drawn for them, stored by no cache.
    for (const header of [`${device}; theme=dark`, `${device}x=1`, `theme=dark; ${device}`, `${device}; ${cookie}`]) {
      const answer = await answerTo("/privacy", { Cookie: header });
      expect(answer.headers.get("Cache-Control"), header).toBe("private, no-store");
      expect(answer.headers.get("ETag"), header).toBeNull();
      await answer.body?.cancel();
    }
  });

  it("leaves a client-side navigation's data to React Router", async () => {
    const data = await answerTo("/merchant/info.data");
    expect(data.status).toBe(200);
    expect(data.headers.get("Content-Type")).not.toContain("text/html");
    expect(await data.text()).toContain("routes/tailor/shops");
  });
});
