import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { loader as apiLoader } from "~/routes/tailor/api.public-merchants";
import { loader as shopPageLoader } from "~/routes/tailor/shop-page";
import { loader as pageLoader, shouldRevalidate } from "~/routes/tailor/shops";
import { callRoute, statusOf } from "../../support/requests";
import { readyShop } from "../../support/shops";
import { createTestUser, signedIn } from "../../support/users";

type Fn = Parameters<typeof callRoute>[0];

async function shopWorld() {
  const open = await createTestUser({
    roles: ["merchant"],
    name: "ช่าง เปิดร้าน",
    shopName: "ร้านเปิด",
    phone: "0811111111",
    address: "1 หมู่ 1",
  });
  const closed = await createTestUser({ roles: ["merchant"], status: "inactive", shopName: "ร้านปิด" });
  const customer = await createTestUser({ roles: ["user"] });
  // Both can take orders (a shop name and a price); the open one shows its address (issue 46).
  await readyShop(open.id, { showAddress: true });
  await readyShop(closed.id);
  const approved = await db().design.create({
    data: { ownerId: open.id, baseId: "shirt4", status: "approved", price: 1250 },
  });
  const pending = await db().design.create({
    data: { ownerId: open.id, baseId: "shirt1", status: "pending", type: "upload", price: 900 },
  });
  const rejected = await db().design.create({
    data: { ownerId: open.id, baseId: "shirt2", status: "rejected", price: 900 },
  });
  const unpriced = await db().design.create({
    data: { ownerId: open.id, baseId: "shirt3", status: "approved", price: null },
  });
  // Saved from the designer without a price: the spec's default 0.
  const zero = await db().design.create({
    data: { ownerId: open.id, baseId: "shirt1", status: "approved", price: 0 },
  });
  const hidden = await db().design.create({
    data: { ownerId: closed.id, baseId: "shirt5", status: "approved", price: 700 },
  });
  const customersOwn = await db().design.create({
    data: { ownerId: customer.id, baseId: "shirt6", status: "approved" },
  });
  return { open, closed, customer, approved, pending, rejected, unpriced, zero, hidden, customersOwn };
}

describe("GET /api/public/merchants", () => {
  it("lists active tailors with contact details and only their designs on sale (approved and priced)", async () => {
    const world = await shopWorld();
    const response = (await callRoute(apiLoader as unknown as Fn, "/api/public/merchants")) as Response;
    expect(response.status).toBe(200);
    const body = (await response.json()) as { id: number; designModels: { id: number }[] }[];
    const ids = body.map((shop) => shop.id);
    expect(ids).toContain(world.open.id);
    expect(ids).not.toContain(world.closed.id);
    expect(ids).not.toContain(world.customer.id);
    const shop = body.find((entry) => entry.id === world.open.id)!;
    expect(shop).toEqual({
      id: world.open.id,
      name: "ร้านเปิด",
      phone: "0811111111",
      email: world.open.email,
      address: "1 หมู่ 1",
      image: null,
      shopName: "ร้านเปิด",
      description: null,
      photoUrl: null,
      designCount: 1,
      // No reviews yet (issue 22): the JSON says so rather than leaving the field out.
      rating: { average: 0, count: 0 },
      // The tailor's terms (issue 45): the defaults of a new tailor, and no PromptPay account.
      shippingFee: 50,
      leadTimeDays: 7,
      promptPay: false,
      // Not the pending, rejected, unpriced (null) or 0-baht ones: nothing free is ever offered.
      designModels: [{ id: world.approved.id, image: `/api/designs/${world.approved.id}/preview.svg`, price: 1250 }],
    });
  });
});

describe("/merchant/info", () => {
  it("is public; a visitor is offered the login, a customer the cart, a tailor neither", async () => {
    await shopWorld();
    const page = pageLoader as unknown as Fn;
    const visitor = (await callRoute(page, "/merchant/info")) as {
      access: { kind: string; loginHref?: string };
      shops: unknown[];
      error: null;
    };
    expect(visitor.error).toBeNull();
    expect(visitor.shops.length).toBeGreaterThan(0);
    expect(visitor.access).toEqual({ kind: "visitor", loginHref: "/login?redirectTo=%2Fmerchant%2Finfo" });
    const customer = await signedIn({ roles: ["user"] });
    expect(
      ((await callRoute(page, "/merchant/info", { cookie: customer.cookie })) as { access: unknown }).access,
    ).toEqual({ kind: "customer" });
    const tailor = await signedIn({ roles: ["merchant"] });
    expect(
      ((await callRoute(page, "/merchant/info", { cookie: tailor.cookie })) as { access: unknown }).access,
    ).toEqual({ kind: "none" });
  });

  it("does not load the shops again when only the enlarged view opens or closes", () => {
    const args = (from: string, to: string, formMethod?: string) =>
      ({
        currentUrl: new URL(from, "http://shop.test"),
        nextUrl: new URL(to, "http://shop.test"),
        formMethod,
        defaultShouldRevalidate: true,
      }) as never;
    expect(shouldRevalidate(args("/merchant/info", "/merchant/info?view=3"))).toBe(false);
    expect(shouldRevalidate(args("/merchant/info?view=3", "/merchant/info"))).toBe(false);
    expect(shouldRevalidate(args("/merchant/info", "/merchant/info", "POST"))).toBe(true);
    expect(shouldRevalidate(args("/merchant/info", "/cart"))).toBe(true);
  });
});

/** Closes the shops earlier tests in this file opened: the counts below are of this test's shops. */
async function closeEveryShop() {
  await db().user.updateMany({ where: { roles: { has: "merchant" } }, data: { status: "inactive" } });
}

/** `count` more open shops, each with `designs` designs on sale (the newest has the highest id). */
async function openShops(count: number, designs = 0) {
  const shops = [];
  for (let index = 0; index < count; index += 1) {
    const shop = await createTestUser({ roles: ["merchant"], shopName: `ร้านที่ ${index + 1}` });
    await readyShop(shop.id);
    for (let design = 0; design < designs; design += 1)
      await db().design.create({
        data: {
          ownerId: shop.id,
          baseId: "shirt1",
          status: "approved",
          price: 500 + design,
          createdAt: new Date(Date.UTC(2026, 0, 1 + design)),
        },
      });
    shops.push(shop);
  }
  return shops;
}

type ShopsPage = {
  shops: { id: number; designCount: number; designModels: { id: number; price: number }[] }[];
  page: number;
  pageCount: number;
  total: number;
};

describe("a shop ten years on: the silk shops a page at a time", () => {
  it("/merchant/info shows 10 shops a page in the order they opened, each with its 4 newest designs and a link to the rest", async () => {
    await closeEveryShop();
    const shops = await openShops(23);
    const busy = (await openShops(1, 25))[0]!;
    const page = pageLoader as unknown as Fn;
    const first = (await callRoute(page, "/merchant/info")) as ShopsPage;
    expect(first).toMatchObject({ page: 1, pageCount: 3, total: 24 });
    expect(first.shops.map((shop) => shop.id)).toEqual(shops.slice(0, 10).map((shop) => shop.id));
    const last = (await callRoute(page, "/merchant/info?page=3")) as ShopsPage;
    expect(last.shops.map((shop) => shop.id)).toEqual([...shops.slice(20), busy].map((shop) => shop.id));
    // Past the end, or nonsense: the nearest page there is.
    const past = (await callRoute(page, "/merchant/info?page=99")) as ShopsPage;
    expect(past).toMatchObject({ page: 3, pageCount: 3, total: 24 });
    expect(past.shops.map((shop) => shop.id)).toEqual(last.shops.map((shop) => shop.id));
    const before = (await callRoute(page, "/merchant/info?page=-1")) as ShopsPage;
    expect(before.page).toBe(1);
    expect(before.shops.map((shop) => shop.id)).toEqual(first.shops.map((shop) => shop.id));

    const card = last.shops.find((shop) => shop.id === busy.id)!;
    expect(card.designCount).toBe(25);
    // Newest first: the designs made on 25, 24, 23 and 22 January.
    expect(card.designModels.map((design) => design.price)).toEqual([524, 523, 522, 521]);
  });

  it("/merchant/info/{id} is one shop with all its designs, 20 a page; a closed, unknown or malformed shop is not found", async () => {
    const busy = (await openShops(1, 25))[0]!;
    const closed = await createTestUser({ roles: ["merchant"], status: "inactive" });
    await readyShop(closed.id);
    const page = shopPageLoader as unknown as Fn;
    type OneShop = { shop: ShopsPage["shops"][number]; page: number; pageCount: number };
    const open = (id: string, search = "") => callRoute(page, `/merchant/info/${id}${search}`, { params: { id } });
    const one = (await open(String(busy.id))) as OneShop;
    expect(one).toMatchObject({ page: 1, pageCount: 2 });
    expect(one.shop.designModels.map((design) => design.price)).toEqual(
      Array.from({ length: 20 }, (_, index) => 524 - index),
    );
    const second = (await open(String(busy.id), "?page=2")) as OneShop;
    expect(second.shop.designModels.map((design) => design.price)).toEqual([504, 503, 502, 501, 500]);
    for (const shop of [String(closed.id), "999999", "abc", "99999999999"])
      expect(statusOf(await open(shop))).toBe(404);
    // The old address of a shop's page (?shop=id) moves to it; a malformed one is not found.
    expect(statusOf(await callRoute(pageLoader as unknown as Fn, `/merchant/info?shop=${busy.id}`))).toBe(301);
    expect(statusOf(await callRoute(pageLoader as unknown as Fn, "/merchant/info?shop=abc"))).toBe(404);
  });

  it("GET /api/public/merchants pages 20 tailors at a time and says where it stands in its headers", async () => {
    await closeEveryShop();
    const shops = await openShops(45);
    const first = (await callRoute(apiLoader as unknown as Fn, "/api/public/merchants")) as Response;
    expect(first.headers.get("X-Total-Count")).toBe("45");
    expect(first.headers.get("Link")).toBe('</api/public/merchants?page=2>; rel="next"');
    expect(((await first.json()) as { id: number }[]).map((shop) => shop.id)).toEqual(
      shops.slice(0, 20).map((shop) => shop.id),
    );
    const third = (await callRoute(apiLoader as unknown as Fn, "/api/public/merchants?page=3")) as Response;
    expect(third.headers.get("Link")).toBe('</api/public/merchants?page=2>; rel="prev"');
    expect(((await third.json()) as { id: number }[]).map((shop) => shop.id)).toEqual(
      shops.slice(40).map((shop) => shop.id),
    );
    const past = (await callRoute(apiLoader as unknown as Fn, "/api/public/merchants?page=4")) as Response;
    expect(await past.json()).toEqual([]);
    expect(past.headers.get("Link")).toBeNull();
  });
});
