import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { CATEGORY_KEYS } from "~/domain/catalogue/categories";
import { PATTERN_OPTIONS } from "~/domain/catalogue/options";
import { ensureFirstAdmin, seedCatalogue } from "~/domain/setup/seed.server";
import { verifyPassword } from "~/domain/users/password.server";
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from "../../scripts/db/demo-data";

async function counts() {
  return {
    users: await db().user.count(),
    options: await db().patternOption.count(),
    prices: await db().partPrice.count(),
    designs: await db().design.count(),
    orders: await db().order.count(),
    events: await db().orderEvent.count(),
  };
}

describe("demo data", () => {
  it("fills the catalogue, the demo logins, tailors' prices, designs and orders in every status", async () => {
    await seedDemo(db());
    expect(await db().patternOption.count()).toBe(PATTERN_OPTIONS.length);
    for (const category of CATEGORY_KEYS) {
      expect(await db().patternOption.count({ where: { category } }), category).toBeGreaterThan(0);
    }
    for (const login of DEMO_LOGINS) {
      const user = await db().user.findUniqueOrThrow({ where: { email: login.email } });
      expect(user.roles).toContain(login.role);
      expect(await verifyPassword(user.passwordHash, DEMO_PASSWORD)).toBe(true);
    }
    const tailors = await db().user.findMany({
      where: { roles: { has: "merchant" } },
      include: { _count: { select: { partPrices: true } } },
    });
    expect(tailors).toHaveLength(3);
    const pricedOptions = await db().patternOption.count({
      where: { category: { in: ["shirt", "neck", "placket", "seam", "bag", "side", "arm", "hem"] } },
    });
    // Every part priced; the first two tailors also cut to a customer's measurements.
    const cutToMeasure = await db().partPrice.count({ where: { patternSid: "size_custom" } });
    expect(cutToMeasure).toBe(2);
    for (const tailor of tailors) {
      expect(tailor.shopName).toBeTruthy();
      expect([pricedOptions, pricedOptions + 1]).toContain(tailor._count.partPrices);
    }
    // A placed order cut to measure keeps its measurements; the buyer's cart has one waiting.
    const measured = await db().order.findMany({
      where: { design: { sizeId: "size_custom" } },
      select: { status: true, measurements: true, design: { select: { measurementProfileId: true } } },
    });
    expect(measured.map((order) => order.status).sort()).toEqual(["accepted", "cart"]);
    for (const order of measured) expect(order.design.measurementProfileId).not.toBeNull();
    expect(measured.find((order) => order.status === "accepted")?.measurements).toMatchObject({
      name: "ตัวฉัน",
      unit: "in",
      values: { chest: 86.4, neck: 34.3 },
    });
    expect(
      await db().design.count({
        where: { status: "approved", price: { not: null }, owner: { roles: { has: "merchant" } } },
      }),
    ).toBeGreaterThan(0);
    expect(await db().design.count({ where: { status: "pending" } })).toBeGreaterThan(0);
    for (const status of ["cart", "ordered", "accepted", "completed", "canceled"] as const) {
      expect(await db().order.count({ where: { status } }), status).toBeGreaterThan(0);
    }
    // Every placed order has its history.
    const placed = await db().order.findMany({
      where: { status: { not: "cart" } },
      include: { events: { where: { kind: "status" }, orderBy: { createdAt: "asc" } }, payment: true },
    });
    for (const order of placed) {
      expect(order.events.at(-1)?.toStatus).toBe(order.status);
      expect(order.deliveryAddress).toBeTruthy();
      // A taken order has its payment, for its total (some paid, to show every state the pages know).
      if (order.status === "accepted" || order.status === "completed")
        expect(Number(order.payment?.amount)).toBe(Number(order.totalPrice));
    }
    expect(await db().orderPayment.count({ where: { status: "paid" } })).toBeGreaterThan(0);
    expect(await db().orderDelivery.count()).toBeGreaterThan(0);
  });

  it("is idempotent: a second run changes nothing", async () => {
    await seedDemo(db());
    const before = await counts();
    await seedDemo(db());
    await seedCatalogue(db());
    expect(await counts()).toEqual(before);
  });

  it("creates the first admin of a real deployment only when there is none", async () => {
    await db().user.deleteMany({ where: { roles: { has: "admin" } } });
    expect(await ensureFirstAdmin(db(), "Boss@Example.org", "a-long-password")).toBe("boss@example.org");
    expect(await ensureFirstAdmin(db(), "other@example.org", "a-long-password")).toBeNull();
    const admins = await db().user.findMany({ where: { roles: { has: "admin" } } });
    expect(admins.map((admin) => admin.email)).toEqual(["boss@example.org"]);
  });
});
