import { brotliDecompressSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { metrics } from "~/lib/metrics.server";
import { createTestUser, signedIn } from "../../support/users";
import { answerTo, Browser, noticeOn, openShop, textsOf } from "../notices/support";

/*
 * A visitor's page on the public routes is kept as drawn while what it shows is unchanged
 * (app/http/kept-pages.server.ts), through the built shop as a browser without JavaScript reads
 * it. Changes are made in plain SQL, as another app process or an operator would make them.
 */

beforeAll(openShop, 240_000);

async function keptPages(route: string): Promise<number> {
  const counted = await metrics().keptPages.get();
  return counted.values.find((value) => value.labels.route === route && value.labels.outcome === "kept")?.value ?? 0;
}

const noncesIn = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map(([, nonce]) => nonce!);
const withoutNonces = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');

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

  it("gives each answer its own nonce, in the same page, compressed for the client", async () => {
    const first = await (await answerTo("/contact")).text();
    const kept = await keptPages("/contact");
    const answer = await answerTo("/contact", { "Accept-Encoding": "br" });
    expect(answer.headers.get("Content-Encoding")).toBe("br");
    const second = brotliDecompressSync(Buffer.from(await answer.arrayBuffer())).toString("utf8");
    expect(await keptPages("/contact")).toBe(kept + 1);

    const [firstNonce] = new Set(noncesIn(first));
    expect(new Set(noncesIn(second))).toEqual(new Set([expect.any(String)]));
    expect(noncesIn(second)).toHaveLength(noncesIn(first).length);
    expect(noncesIn(second)[0]).not.toBe(firstNonce);
    expect(withoutNonces(second)).toBe(withoutNonces(first));
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
