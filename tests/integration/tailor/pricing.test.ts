import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { MERCHANTS_PAGE_SIZE } from "~/domain/pricing/merchant-pricing.server";
import { PRICED_SIDS } from "~/domain/pricing/part-prices";
import { seedCatalogue } from "~/domain/setup/seed.server";
import { action as adminAction, loader as adminLoader } from "~/routes/tailor/admin-pricings";
import { action as apiAction, loader as apiLoader } from "~/routes/tailor/api.merchants-pricing";
import { action as pageAction, loader as pageLoader } from "~/routes/tailor/pricing";
import { callRoute, locationOf, noticeOf, statusOf } from "../../support/requests";
import { statementsDuring } from "../../support/statement-count";
import { createTestUser, signedIn } from "../../support/users";

type Fn = Parameters<typeof callRoute>[0];
const page = { loader: pageLoader as unknown as Fn, action: pageAction as unknown as Fn };
const admin = { loader: adminLoader as unknown as Fn, action: adminAction as unknown as Fn };
const api = { loader: apiLoader as unknown as Fn, action: apiAction as unknown as Fn };

/** Every field of the form as the browser sends it: empty unless given. */
function priceForm(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(PRICED_SIDS.map((sid) => [sid, values[sid] ?? ""]));
}

async function pricesOf(merchantId: number): Promise<Record<string, number>> {
  const rows = await db().partPrice.findMany({ where: { merchantId }, orderBy: { patternSid: "asc" } });
  return Object.fromEntries(rows.map((row) => [row.patternSid, Number(row.price)]));
}

beforeEach(async () => {
  // One database per file: each test starts without prices.
  await db().partPrice.deleteMany();
  await seedCatalogue(db());
});

async function merchantIds(): Promise<number[]> {
  return (await db().user.findMany({ select: { id: true } })).map((user) => user.id);
}

describe("/merchant/pricing", () => {
  it("is for tailors only", async () => {
    expect(locationOf(await callRoute(page.loader, "/merchant/pricing"))).toMatch(/^\/login/);
    const customer = await signedIn({ roles: ["user"] });
    expect(locationOf(await callRoute(page.loader, "/merchant/pricing", { cookie: customer.cookie }))).toBe("/");
    expect(
      locationOf(
        await callRoute(page.action, "/merchant/pricing", {
          cookie: customer.cookie,
          form: priceForm({ shirt1: "1" }),
        }),
      ),
    ).toBe("/");
    expect(await db().partPrice.count({ where: { merchantId: { in: await merchantIds() } } })).toBe(0);
    const boss = await signedIn({ roles: ["admin"] });
    expect(locationOf(await callRoute(page.loader, "/merchant/pricing", { cookie: boss.cookie }))).toBe(
      "/admin/manage/pricings",
    );
    expect(
      locationOf(
        await callRoute(page.action, "/merchant/pricing", { cookie: boss.cookie, form: priceForm({ shirt1: "1" }) }),
      ),
    ).toBe("/");
  });

  it("lists every priced part with its picture, grouped by the eight categories, then cutting to measure", async () => {
    const tailor = await signedIn({ roles: ["merchant"] });
    await db().partPrice.create({ data: { merchantId: tailor.user.id, patternSid: "neck2", price: "65.50" } });
    const result = (await callRoute(page.loader, "/merchant/pricing", { cookie: tailor.cookie })) as {
      groups: { category: string; labelTh: string; parts: { sid: string; imageUrl: string; price: number | null }[] }[];
    };
    expect(result.groups.map((group) => group.category)).toEqual([
      "shirt",
      "neck",
      "placket",
      "seam",
      "bag",
      "side",
      "arm",
      "hem",
      "size",
    ]);
    expect(result.groups[1]!.labelTh).toBe("คอเสื้อ");
    expect(result.groups[8]).toMatchObject({
      labelTh: "ตัดตามสัดส่วนของลูกค้า",
      parts: [{ sid: "size_custom", price: null }],
    });
    const parts = result.groups.flatMap((group) => group.parts);
    expect(parts.map((part) => part.sid).sort()).toEqual([...PRICED_SIDS].sort());
    expect(parts.find((part) => part.sid === "neck2")).toMatchObject({
      price: 65.5,
      imageUrl: expect.stringContaining("neck2"),
    });
    expect(parts.find((part) => part.sid === "neck1")!.price).toBeNull();
  });

  it("reads the prices, the shipping, deposit and PromptPay terms and the checklist in one statement beside the session's", async () => {
    const tailor = await signedIn({ roles: ["merchant"] });
    await db().user.update({
      where: { id: tailor.user.id },
      data: {
        shippingFee: 60,
        leadTimeDays: 7,
        depositPercent: 30,
        promptpayId: "0812345678",
        promptpayName: "ร้านทดสอบ",
      },
    });
    await db().partPrice.create({ data: { merchantId: tailor.user.id, patternSid: "shirt1", price: 450 } });
    let result: unknown;
    const sent = await statementsDuring(async () => {
      result = await callRoute(page.loader, "/merchant/pricing", { cookie: tailor.cookie });
    });
    expect(result).toMatchObject({
      shipping: { shippingFee: 60, leadTimeDays: 7 },
      deposit: { depositPercent: 30, cashOnDelivery: false },
      promptPay: { promptpayId: "0812345678", promptpayName: "ร้านทดสอบ" },
      shop: { checklist: { prices: true, promptPay: true, design: false } },
    });
    expect(sent, sent.join("\n\n")).toHaveLength(2);
  });

  it("saves every price at once and says so", async () => {
    const tailor = await signedIn({ roles: ["merchant"] });
    await db().partPrice.create({ data: { merchantId: tailor.user.id, patternSid: "hem4", price: 99 } });
    const result = await callRoute(page.action, "/merchant/pricing", {
      cookie: tailor.cookie,
      form: priceForm({ shirt1: "450", neck1: "60.5", bag3: " 0 ", arm2: "12.34" }),
    });
    expect(locationOf(result)).toBe("/merchant/pricing");
    expect(await noticeOf(result)).toEqual({ type: "success", message: "ราคาถูกบันทึกเรียบร้อยแล้ว" });
    // hem4 was left empty: the tailor no longer offers it.
    expect(await pricesOf(tailor.user.id)).toEqual({ arm2: 12.34, bag3: 0, neck1: 60.5, shirt1: 450 });
  });

  it.each([
    ["-5", "ราคาต้องไม่ติดลบ"],
    ["abc", "กรุณากรอกราคาเป็นตัวเลข"],
    ["12abc", "กรุณากรอกราคาเป็นตัวเลข"],
    ["1e3", "กรุณากรอกราคาเป็นตัวเลข"],
    ["Infinity", "กรุณากรอกราคาเป็นตัวเลข"],
    ["10.005", "ราคาระบุทศนิยมได้ไม่เกิน 2 ตำแหน่ง"],
    ["2000000", "ราคาต้องไม่เกิน 1,000,000 บาท"],
  ])("refuses %s with a clear message and saves nothing", async (typed, message) => {
    const tailor = await signedIn({ roles: ["merchant"] });
    await db().partPrice.create({ data: { merchantId: tailor.user.id, patternSid: "shirt1", price: 450 } });
    const result = await callRoute(page.action, "/merchant/pricing", {
      cookie: tailor.cookie,
      form: priceForm({ shirt1: "999", neck3: typed }),
    });
    expect(statusOf(result)).toBe(400);
    const body = (
      result as { data: { result: { error: Record<string, string[]>; initialValue: Record<string, string> } } }
    ).data.result;
    expect(body.error).toEqual({ "": ["เกิดข้อผิดพลาดในการบันทึกราคา"], neck3: [message] });
    expect(body.initialValue.neck3).toBe(typed);
    expect(body.initialValue.shirt1).toBe("999");
    expect(await pricesOf(tailor.user.id)).toEqual({ shirt1: 450 });
  });
});

type PricingScreen = {
  merchants: { items: { id: number }[]; total: number; page: number } | null;
  selected: { id: number } | null;
  notFound: boolean;
  groups: unknown[];
};

describe("/admin/manage/pricings", () => {
  it("lets an admin pick a tailor and change that tailor's prices only", async () => {
    const boss = await signedIn({ roles: ["admin"] });
    const tailorA = await createTestUser({ roles: ["merchant"] });
    const tailorB = await createTestUser({ roles: ["merchant"] });
    const listing = (await callRoute(admin.loader, `/admin/manage/pricings?q=${encodeURIComponent(tailorB.name)}`, {
      cookie: boss.cookie,
    })) as PricingScreen;
    expect(listing.merchants?.items.map((merchant) => merchant.id)).toEqual([tailorB.id]);
    expect(listing.selected).toBeNull();
    const chosen = (await callRoute(admin.loader, `/admin/manage/pricings?merchantId=${tailorB.id}`, {
      cookie: boss.cookie,
    })) as PricingScreen;
    expect(chosen.selected?.id).toBe(tailorB.id);
    expect(chosen.groups).toHaveLength(9);
    // With a tailor chosen the list stays closed; the admin searches to choose another.
    expect(chosen.merchants).toBeNull();

    const result = await callRoute(admin.action, "/admin/manage/pricings", {
      cookie: boss.cookie,
      form: { ...priceForm({ placket2: "75" }), merchantId: String(tailorB.id) },
    });
    expect(locationOf(result)).toBe(`/admin/manage/pricings?merchantId=${tailorB.id}`);
    expect(await noticeOf(result)).toEqual({ type: "success", message: "ราคาถูกบันทึกเรียบร้อยแล้ว" });
    expect(await pricesOf(tailorB.id)).toEqual({ placket2: 75 });
    expect(await pricesOf(tailorA.id)).toEqual({});
  });

  it("lists tailors a page at a time, customers and admins never, and finds them by shop name", async () => {
    const boss = await signedIn({ roles: ["admin"] });
    const customer = await createTestUser({ roles: ["user"] });
    const tailors = [];
    for (let i = 0; i < MERCHANTS_PAGE_SIZE + 2; i++) tailors.push(await createTestUser({ roles: ["merchant"] }));
    await db().user.update({ where: { id: tailors[3]!.id }, data: { shopName: "ร้านไหมมัดหมี่ทดสอบ" } });
    const all = (await db().user.findMany({ where: { roles: { has: "merchant" } }, select: { id: true } })).map(
      (user) => user.id,
    );
    const pageOne = (await callRoute(admin.loader, "/admin/manage/pricings", { cookie: boss.cookie })) as PricingScreen;
    expect(pageOne.merchants?.items).toHaveLength(MERCHANTS_PAGE_SIZE);
    expect(pageOne.merchants?.total).toBe(all.length);
    const lastPage = Math.ceil(all.length / MERCHANTS_PAGE_SIZE);
    const last = (await callRoute(admin.loader, `/admin/manage/pricings?page=${lastPage + 5}`, {
      cookie: boss.cookie,
    })) as PricingScreen;
    expect(last.merchants?.page).toBe(lastPage);
    const seen = new Set<number>();
    for (let page = 1; page <= lastPage; page++) {
      const screen = (await callRoute(admin.loader, `/admin/manage/pricings?page=${page}`, {
        cookie: boss.cookie,
      })) as PricingScreen;
      for (const merchant of screen.merchants?.items ?? []) seen.add(merchant.id);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([...all].sort((a, b) => a - b));
    expect(seen.has(customer.id)).toBe(false);
    expect(seen.has(boss.user.id)).toBe(false);
    const found = (await callRoute(admin.loader, `/admin/manage/pricings?q=${encodeURIComponent("มัดหมี่ทดสอบ")}`, {
      cookie: boss.cookie,
    })) as PricingScreen;
    expect(found.merchants?.items.map((merchant) => merchant.id)).toEqual([tailors[3]!.id]);
    const none = (await callRoute(admin.loader, `/admin/manage/pricings?q=${encodeURIComponent(customer.name)}`, {
      cookie: boss.cookie,
    })) as PricingScreen;
    expect(none.merchants?.total).toBe(0);
    for (const bad of ["abc", String(customer.id), "99999999"]) {
      const screen = (await callRoute(admin.loader, `/admin/manage/pricings?merchantId=${bad}`, {
        cookie: boss.cookie,
      })) as PricingScreen;
      expect(screen.notFound).toBe(true);
      expect(screen.selected).toBeNull();
      expect(screen.groups).toEqual([]);
    }
  });

  it("refuses a customer's id as the tailor, and anyone but an admin", async () => {
    const boss = await signedIn({ roles: ["admin"] });
    const customer = await createTestUser({ roles: ["user"] });
    const result = await callRoute(admin.action, "/admin/manage/pricings", {
      cookie: boss.cookie,
      form: { ...priceForm({ shirt1: "1" }), merchantId: String(customer.id) },
    });
    expect(statusOf(result)).toBe(404);
    expect((result as { data: { result: { error: Record<string, string[]> } } }).data.result.error[""]).toEqual([
      "ไม่พบร้านค้าที่เลือก",
    ]);
    const tailor = await signedIn({ roles: ["merchant"] });
    expect(locationOf(await callRoute(admin.loader, "/admin/manage/pricings", { cookie: tailor.cookie }))).toBe("/");
    expect(
      locationOf(
        await callRoute(admin.action, "/admin/manage/pricings", {
          cookie: tailor.cookie,
          form: { ...priceForm({ shirt1: "1" }), merchantId: String(tailor.user.id) },
        }),
      ),
    ).toBe("/");
    expect(await db().partPrice.count({ where: { merchantId: { in: await merchantIds() } } })).toBe(0);
  });
});

describe("GET/PATCH /api/merchants/pricing", () => {
  async function json(result: unknown) {
    const response = result as Response;
    return { status: response.status, body: await response.json() };
  }

  it("answers 401 to visitors and 403 to customers", async () => {
    expect((await json(await callRoute(api.loader, "/api/merchants/pricing"))).status).toBe(401);
    const customer = await signedIn({ roles: ["user"] });
    const refused = await json(
      await callRoute(api.action, "/api/merchants/pricing", {
        method: "PATCH",
        cookie: customer.cookie,
        json: { basePricing: { shirt1: 1 } },
      }),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBeTruthy();
    expect(await db().partPrice.count({ where: { merchantId: { in: await merchantIds() } } })).toBe(0);
  });

  it("reads and changes the eight maps", async () => {
    const tailor = await signedIn({ roles: ["merchant"] });
    await db().partPrice.createMany({
      data: [
        { merchantId: tailor.user.id, patternSid: "shirt2", price: 500 },
        { merchantId: tailor.user.id, patternSid: "arm1", price: 40 },
      ],
    });
    const empty = {
      basePricing: {},
      collarPricing: {},
      placketPricing: {},
      shoulderPricing: {},
      pocketPricing: {},
      sidePricing: {},
      armPricing: {},
      hemPricing: {},
      customSizePrice: null,
      // Beside the maps (issue 45): a new tailor's defaults.
      shippingFee: 50,
      leadTimeDays: 7,
      // And the deposit terms (issue 49): none asked, no cash on delivery.
      depositPercent: 0,
      cashOnDelivery: false,
    };
    expect(await json(await callRoute(api.loader, "/api/merchants/pricing", { cookie: tailor.cookie }))).toEqual({
      status: 200,
      body: { ...empty, basePricing: { shirt2: 500 }, armPricing: { arm1: 40 } },
    });

    const changed = await json(
      await callRoute(api.action, "/api/merchants/pricing", {
        method: "PATCH",
        cookie: tailor.cookie,
        json: { basePricing: { shirt1: 450.25 }, shoulderPricing: { seam3: 0 }, armPricing: { arm1: null } },
      }),
    );
    expect(changed).toEqual({
      status: 200,
      body: { ...empty, basePricing: { shirt1: 450.25, shirt2: 500 }, shoulderPricing: { seam3: 0 } },
    });
  });

  it("sets and stops the price of cutting to a customer's measurements (customSizePrice), in the JSON call and the form", async () => {
    const tailor = await signedIn({ roles: ["merchant"] });
    const patch = (body: object) =>
      callRoute(api.action, "/api/merchants/pricing", { method: "PATCH", cookie: tailor.cookie, json: body }).then(
        json,
      );
    expect(await patch({ customSizePrice: 150.5 })).toMatchObject({ status: 200, body: { customSizePrice: 150.5 } });
    expect(await pricesOf(tailor.user.id)).toEqual({ size_custom: 150.5 });
    expect(await patch({ customSizePrice: -5 })).toMatchObject({ status: 400, body: { error: "ราคาต้องไม่ติดลบ" } });
    expect(await patch({ sizePricing: { size_custom: 1 } })).toMatchObject({ status: 400 });
    expect(await patch({ customSizePrice: null })).toMatchObject({ status: 200, body: { customSizePrice: null } });
    expect(await pricesOf(tailor.user.id)).toEqual({});
    // The page's form has a field for it like any part.
    const result = await callRoute(page.action, "/merchant/pricing", {
      cookie: tailor.cookie,
      form: priceForm({ shirt1: "450", size_custom: "200" }),
    });
    expect(locationOf(result)).toBe("/merchant/pricing");
    expect(await pricesOf(tailor.user.id)).toEqual({ shirt1: 450, size_custom: 200 });
  });

  it.each([
    [{ basePricing: { shirt1: -1 } }, "ราคาต้องไม่ติดลบ"],
    [{ basePricing: { shirt1: "450" } }, "กรุณากรอกราคาเป็นตัวเลข"],
    [{ collarPricing: { neck1: 1.001 } }, "ราคาระบุทศนิยมได้ไม่เกิน 2 ตำแหน่ง"],
    [{ collarPricing: { shirt1: 10 } }, 'ไม่พบชิ้นส่วน "shirt1" ใน collarPricing'],
    [{ hemPricing: { hem9: 10 } }, 'ไม่พบชิ้นส่วน "hem9" ใน hemPricing'],
    [{ colorPricing: { color1: 10 } }, "ข้อมูลราคาไม่ถูกต้อง"],
  ])("refuses %j with 400 and saves nothing", async (body, message) => {
    const tailor = await signedIn({ roles: ["merchant"] });
    const result = await json(
      await callRoute(api.action, "/api/merchants/pricing", {
        method: "PATCH",
        cookie: tailor.cookie,
        json: { armPricing: { arm1: 40 }, ...body },
      }),
    );
    expect(result.status).toBe(400);
    expect(result.body.error).toContain(message);
    expect(await db().partPrice.count({ where: { merchantId: { in: await merchantIds() } } })).toBe(0);
  });

  it("lets an admin name the tailor, and refuses other methods", async () => {
    const boss = await signedIn({ roles: ["admin"] });
    const tailor = await createTestUser({ roles: ["merchant"] });
    expect((await json(await callRoute(api.loader, "/api/merchants/pricing", { cookie: boss.cookie }))).status).toBe(
      400,
    );
    const saved = await json(
      await callRoute(api.action, `/api/merchants/pricing?merchantId=${tailor.id}`, {
        method: "PATCH",
        cookie: boss.cookie,
        json: { hemPricing: { hem1: 80 } },
      }),
    );
    expect(saved.status).toBe(200);
    expect(await pricesOf(tailor.id)).toEqual({ hem1: 80 });
    expect(
      (await json(await callRoute(api.loader, "/api/merchants/pricing?merchantId=999999", { cookie: boss.cookie })))
        .status,
    ).toBe(404);
    expect(
      (
        (await callRoute(api.action, "/api/merchants/pricing", {
          method: "POST",
          cookie: boss.cookie,
          json: {},
        })) as Response
      ).status,
    ).toBe(405);
  });

  it("lets a tailor name only themselves: another tailor is 403 and nothing changes", async () => {
    const tailor = await signedIn({ roles: ["merchant"] });
    const other = await createTestUser({ roles: ["merchant"] });
    await db().partPrice.create({ data: { merchantId: other.id, patternSid: "hem1", price: 80 } });
    for (const named of [String(other.id), "999999", "abc", ""]) {
      const read = await json(
        await callRoute(api.loader, `/api/merchants/pricing?merchantId=${named}`, { cookie: tailor.cookie }),
      );
      expect(read.status).toBe(403);
      expect(read.body.error).toBe("แก้ไขได้เฉพาะราคาของร้านคุณเอง");
      const written = await json(
        await callRoute(api.action, `/api/merchants/pricing?merchantId=${named}`, {
          method: "PATCH",
          cookie: tailor.cookie,
          json: { hemPricing: { hem1: 1 }, basePricing: { shirt1: 2 } },
        }),
      );
      expect(written.status).toBe(403);
      expect(written.body.error).toBe("แก้ไขได้เฉพาะราคาของร้านคุณเอง");
    }
    expect(await pricesOf(other.id)).toEqual({ hem1: 80 });
    expect(await pricesOf(tailor.user.id)).toEqual({});

    // Naming themselves is fine; other query parameters stay ignored.
    const own = await json(
      await callRoute(api.action, `/api/merchants/pricing?merchantId=${tailor.user.id}&foo=1`, {
        method: "PATCH",
        cookie: tailor.cookie,
        json: { hemPricing: { hem1: 5 } },
      }),
    );
    expect(own.status).toBe(200);
    expect(own.body.hemPricing).toEqual({ hem1: 5 });
    expect(
      (
        await json(
          await callRoute(api.loader, `/api/merchants/pricing?merchantId=${tailor.user.id}`, { cookie: tailor.cookie }),
        )
      ).body.hemPricing,
    ).toEqual({ hem1: 5 });
    expect(
      (await json(await callRoute(api.loader, "/api/merchants/pricing?other=2", { cookie: tailor.cookie }))).status,
    ).toBe(200);
    expect(await pricesOf(other.id)).toEqual({ hem1: 80 });
  });
});

describe("prices and placed orders", () => {
  it("changing a price leaves the price of a placed order as it was", async () => {
    const tailor = await signedIn({ roles: ["merchant"] });
    const buyer = await createTestUser({ roles: ["user"] });
    await db().partPrice.createMany({
      data: [
        { merchantId: tailor.user.id, patternSid: "shirt1", price: 450 },
        { merchantId: tailor.user.id, patternSid: "neck1", price: 60 },
      ],
    });
    const design = await db().design.create({ data: { ownerId: buyer.id, baseId: "shirt1", collarId: "neck1" } });
    const order = await db().order.create({
      data: {
        buyerId: buyer.id,
        sellerId: tailor.user.id,
        designId: design.id,
        name: "เสื้อ",
        quantity: 2,
        unitPrice: 510,
        totalPrice: 1020,
        status: "ordered",
        orderedAt: new Date(),
        priceLines: [
          { sid: "shirt1", price: 450 },
          { sid: "neck1", price: 60 },
        ],
      },
    });
    await callRoute(page.action, "/merchant/pricing", {
      cookie: tailor.cookie,
      form: priceForm({ shirt1: "900", neck1: "100" }),
    });
    expect(await pricesOf(tailor.user.id)).toEqual({ neck1: 100, shirt1: 900 });
    const after = await db().order.findUniqueOrThrow({ where: { id: order.id } });
    expect([Number(after.unitPrice), Number(after.totalPrice)]).toEqual([510, 1020]);
    expect(after.priceLines).toEqual([
      { sid: "shirt1", price: 450 },
      { sid: "neck1", price: 60 },
    ]);
  });
});
