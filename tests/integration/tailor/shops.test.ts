import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { loader as apiLoader } from "~/routes/tailor/api.public-merchants";
import { loader as pageLoader, shouldRevalidate } from "~/routes/tailor/shops";
import { callRoute } from "../../support/requests";
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
