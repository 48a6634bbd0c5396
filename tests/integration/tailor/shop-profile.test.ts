import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { SHOP_DESCRIPTION_MAX, SHOP_PROFILE_MESSAGES } from "~/domain/merchants/shop-profile";
import { seedCatalogue } from "~/domain/setup/seed.server";
import { action as adminShopAction } from "~/routes/tailor/admin-shop";
import { action as shopApiAction, loader as shopApiLoader } from "~/routes/tailor/api.merchant-shop";
import { loader as publicMerchants } from "~/routes/tailor/api.public-merchants";
import { loader as shopPageLoader } from "~/routes/tailor/shop-page";
import { action as settingsAction, loader as settingsLoader } from "~/routes/tailor/shop-settings";
import { loader as shopsLoader } from "~/routes/tailor/shops";
import { callJson, callRoute, isDataWithResponseInit, locationOf, statusOf } from "../../support/requests";
import { createTestUser, sessionCookieFor, signedIn } from "../../support/users";
import { Browser, openShop } from "../notices/support";

/*
 * A shop of one's own (issue 46): the tailor's name, description, photo and address choice, the
 * rule that lists a shop only once it can take orders, and the shop's own page.
 */

type Fn = Parameters<typeof callRoute>[0];
const fn = (route: unknown) => route as Fn;

beforeAll(openShop, 240_000);

/** A tailor whose shop can take orders: a shop name and one priced part. */
async function readyTailor(input: { shopName?: string; address?: string } = {}) {
  if ((await db().patternOption.count()) === 0) await seedCatalogue(db());
  const tailor = await signedIn({ roles: ["merchant"], address: "99 หมู่ 9 บ้านลับ", ...input });
  await db().partPrice.create({ data: { merchantId: tailor.user.id, patternSid: "shirt1", price: 450 } });
  return tailor;
}

const put = (cookie: string | undefined, json: unknown) =>
  callJson(fn(shopApiAction), "/api/merchants/me/shop", { method: "PUT", cookie, json });

async function publicRows(): Promise<Record<string, unknown>[]> {
  const all: Record<string, unknown>[] = [];
  for (let page = 1; ; page += 1) {
    const response = (await callRoute(fn(publicMerchants), `/api/public/merchants?page=${page}`)) as Response;
    const rows = (await response.json()) as Record<string, unknown>[];
    if (rows.length === 0) return all;
    all.push(...rows);
  }
}

const shopPage = (id: number | string) =>
  callRoute(fn(shopPageLoader), `/merchant/info/${id}`, { params: { id: String(id) } });

describe("PUT /api/merchants/me/shop", () => {
  it("saves the tailor's own shop and answers it", async () => {
    const tailor = await readyTailor();
    const answer = await put(tailor.cookie, {
      shopName: "  ร้านผ้าทอริมโขง ",
      description: "ตัดเสื้อผ้าทอมือ\r\nลายขิดโบราณ",
      showAddress: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      shopName: "ร้านผ้าทอริมโขง",
      description: "ตัดเสื้อผ้าทอมือ\nลายขิดโบราณ",
      showAddress: true,
      photoUrl: null,
      ready: true,
    });
    const row = await db().user.findUniqueOrThrow({ where: { id: tailor.user.id } });
    expect([row.shopName, row.shopDetail, row.showAddress]).toEqual(["ร้านผ้าทอริมโขง", "ตัดเสื้อผ้าทอมือ\nลายขิดโบราณ", true]);
    const read = await callJson(fn(shopApiLoader), "/api/merchants/me/shop", { cookie: tailor.cookie });
    expect(read.body).toMatchObject({ shopName: "ร้านผ้าทอริมโขง", showAddress: true });
  });

  it("refuses bad input with a Thai error and saves nothing", async () => {
    const tailor = await readyTailor({ shopName: "ร้านเดิม" });
    const before = await db().user.findUniqueOrThrow({ where: { id: tailor.user.id } });
    const bad: [unknown, string][] = [
      [{ shopName: "   ", description: "", showAddress: false }, SHOP_PROFILE_MESSAGES.nameRequired],
      [{ description: "", showAddress: false }, SHOP_PROFILE_MESSAGES.nameRequired],
      [
        { shopName: "ร้าน", description: "ก".repeat(SHOP_DESCRIPTION_MAX + 1), showAddress: false },
        SHOP_PROFILE_MESSAGES.descriptionTooLong,
      ],
      [{ shopName: "ร้าน", description: "", showAddress: "yes" }, SHOP_PROFILE_MESSAGES.showAddress],
      [{ shopName: "ร้าน", description: "", showAddress: true, address: "ที่อื่น" }, "ข้อมูลร้านไม่ถูกต้อง"],
      [["ร้าน"], "ข้อมูลร้านไม่ถูกต้อง"],
    ];
    for (const [json, message] of bad) {
      const answer = await put(tailor.cookie, json);
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.body.error).toContain(message);
    }
    const after = await db().user.findUniqueOrThrow({ where: { id: tailor.user.id } });
    expect([after.shopName, after.shopDetail, after.showAddress]).toEqual([before.shopName, null, false]);
    // Exactly the limit is taken.
    const longest = { shopName: "ร้าน", description: "ก".repeat(SHOP_DESCRIPTION_MAX), showAddress: false };
    expect((await put(tailor.cookie, longest)).status).toBe(200);
  });

  it("is the tailor's only: a visitor 401, a customer or an admin 403, nothing changed", async () => {
    const customer = await signedIn({ roles: ["user"] });
    const admin = await signedIn({ roles: ["admin"] });
    const body = { shopName: "ร้านของใคร", description: "", showAddress: true };
    expect((await put(undefined, body)).status).toBe(401);
    const asCustomer = await put(customer.cookie, body);
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body.error).toMatch(/[\u0E00-\u0E7F]/);
    expect((await put(admin.cookie, body)).status).toBe(403);
    expect(await db().user.count({ where: { shopName: "ร้านของใคร" } })).toBe(0);
    const wrongMethod = await callJson(fn(shopApiAction), "/api/merchants/me/shop", {
      method: "POST",
      cookie: customer.cookie,
      json: body,
    });
    expect(wrongMethod.status).toBe(405);
  });
});

describe("what the public sees of a shop", () => {
  it("rows carry shopName, description and photoUrl, and the address only when the tailor shows it", async () => {
    const tailor = await readyTailor({ shopName: "ร้านที่อยู่ลับ", address: "12 ซอยลับ" });
    await db().user.update({ where: { id: tailor.user.id }, data: { shopDetail: "ร้านเล็กริมทุ่ง" } });
    const hidden = (await publicRows()).find((row) => row.id === tailor.user.id)!;
    expect(hidden).toMatchObject({
      name: "ร้านที่อยู่ลับ",
      shopName: "ร้านที่อยู่ลับ",
      description: "ร้านเล็กริมทุ่ง",
      photoUrl: null,
      image: null,
      address: null,
      email: tailor.user.email,
    });
    // The spec's fields stay.
    for (const field of ["id", "name", "phone", "email", "address", "image", "designModels"])
      expect(hidden).toHaveProperty(field);
    const shown = await put(tailor.cookie, { shopName: "ร้านที่อยู่ลับ", description: "ร้านเล็กริมทุ่ง", showAddress: true });
    expect(shown.status).toBe(200);
    expect((await publicRows()).find((row) => row.id === tailor.user.id)).toMatchObject({ address: "12 ซอยลับ" });
  });

  it("lists only shops that can take orders: a shop name and a priced part", async () => {
    const ready = await readyTailor({ shopName: "ร้านพร้อม" });
    const unnamed = await readyTailor();
    await db().user.update({ where: { id: unnamed.user.id }, data: { shopName: null } });
    const unpriced = await createTestUser({ roles: ["merchant"], shopName: "ร้านยังไม่ตั้งราคา" });
    const rows = (await publicRows()).map((row) => row.id);
    expect(rows).toContain(ready.user.id);
    expect(rows).not.toContain(unnamed.user.id);
    expect(rows).not.toContain(unpriced.id);

    const page = (await callRoute(fn(shopsLoader), "/merchant/info?page=1")) as { shops: { id: number }[] };
    const listed = page.shops.map((shop) => shop.id);
    expect(listed).not.toContain(unpriced.id);
    // A price makes it ready: listed from then on (the "shops" version rose with the price).
    await db().partPrice.create({ data: { merchantId: unpriced.id, patternSid: "shirt2", price: 300 } });
    expect((await publicRows()).map((row) => row.id)).toContain(unpriced.id);
  });
});

describe("/merchant/info/{id}", () => {
  it("shows a ready shop with its designs, prices, shipping fee and lead time", async () => {
    const tailor = await readyTailor({ shopName: "ร้านหน้าของตัวเอง" });
    await db().user.update({ where: { id: tailor.user.id }, data: { shippingFee: 80, leadTimeDays: 12 } });
    const design = await db().design.create({
      data: { ownerId: tailor.user.id, baseId: "shirt4", status: "approved", price: 990 },
    });
    const page = (await shopPage(tailor.user.id)) as {
      shop: {
        name: string;
        shippingFee: number;
        leadTimeDays: number;
        address: string | null;
        designModels: { id: number }[];
      };
      prices: { sid: string; price: number }[];
    };
    expect(page.shop.name).toBe("ร้านหน้าของตัวเอง");
    expect(page.shop.address).toBeNull();
    expect([page.shop.shippingFee, page.shop.leadTimeDays]).toEqual([80, 12]);
    expect(page.shop.designModels.map((entry) => entry.id)).toEqual([design.id]);
    expect(page.prices).toEqual([{ sid: "shirt1", label: expect.any(String), price: 450 }]);
  });

  it("is 404 for an unknown, closed or not yet ready shop", async () => {
    const closed = await readyTailor();
    await db().user.update({ where: { id: closed.user.id }, data: { status: "inactive" } });
    const unpriced = await createTestUser({ roles: ["merchant"], shopName: "ร้านยังไม่พร้อม" });
    const customer = await createTestUser({ roles: ["user"] });
    for (const id of [999_999, "abc", closed.user.id, unpriced.id, customer.id]) {
      expect(statusOf(await shopPage(id)), String(id)).toBe(404);
    }
  });

  it("the old address ?shop=id moves to the shop's own page", async () => {
    const tailor = await readyTailor();
    const moved = await callRoute(fn(shopsLoader), `/merchant/info?shop=${tailor.user.id}&page=2`);
    expect(statusOf(moved)).toBe(301);
    expect(locationOf(moved)).toBe(`/merchant/info/${tailor.user.id}?page=2`);
  });
});

describe("the shop settings page (/merchant/shop)", () => {
  async function photo(width: number, height: number) {
    return sharp({ create: { width, height, channels: 3, background: "#7a2e8c" } })
      .jpeg()
      .toBuffer();
  }

  it("saves the form, and a refused form keeps the messages beside the fields and saves nothing", async () => {
    const tailor = await signedIn({ roles: ["merchant"], shopName: "ร้านเก่า" });
    const refused = await callRoute(fn(settingsAction), "/merchant/shop", {
      cookie: tailor.cookie,
      form: { intent: "profile", shopName: "", description: "ข".repeat(501) },
    });
    expect(statusOf(refused)).toBe(400);
    const reply = (refused as { data: { form: string; result: { error: Record<string, string[]> } } }).data;
    expect(reply.form).toBe("profile");
    expect(reply.result.error.shopName).toEqual([SHOP_PROFILE_MESSAGES.nameRequired]);
    expect(reply.result.error.description).toEqual([SHOP_PROFILE_MESSAGES.descriptionTooLong]);
    expect((await db().user.findUniqueOrThrow({ where: { id: tailor.user.id } })).shopName).toBe("ร้านเก่า");

    const saved = await callRoute(fn(settingsAction), "/merchant/shop", {
      cookie: tailor.cookie,
      form: { intent: "profile", shopName: "ร้านใหม่", description: "คำอธิบาย", showAddress: "on" },
    });
    expect(locationOf(saved)).toBe("/merchant/shop");
    const row = await db().user.findUniqueOrThrow({ where: { id: tailor.user.id } });
    expect([row.shopName, row.shopDetail, row.showAddress]).toEqual(["ร้านใหม่", "คำอธิบาย", true]);
    // Unticked, the box sends nothing: the address is hidden again.
    await callRoute(fn(settingsAction), "/merchant/shop", {
      cookie: tailor.cookie,
      form: { intent: "profile", shopName: "ร้านใหม่", description: "" },
    });
    expect((await db().user.findUniqueOrThrow({ where: { id: tailor.user.id } })).showAddress).toBe(false);
  });

  it("takes a real photo through the image pipeline, refuses a file that is not one, and shows the checklist", async () => {
    const tailor = await signedIn({ roles: ["merchant"], shopName: "ร้านมีรูป" });
    const first = await callRoute(fn(settingsAction), "/merchant/shop", {
      cookie: tailor.cookie,
      form: { intent: "photo", photo: new File([await photo(2400, 1600)], "shop.jpg", { type: "image/jpeg" }) },
    });
    expect(locationOf(first)).toBe("/merchant/shop");
    const row = await db().user.findUniqueOrThrow({ where: { id: tailor.user.id } });
    const stored = await db().storedImage.findUniqueOrThrow({ where: { id: row.shopImageId! } });
    expect([stored.contentType, stored.width, stored.height]).toEqual(["image/jpeg", 1200, 800]);

    // A second photo replaces the first, which is removed.
    await callRoute(fn(settingsAction), "/merchant/shop", {
      cookie: tailor.cookie,
      form: { intent: "photo", photo: new File([await photo(300, 300)], "shop.png", { type: "image/png" }) },
    });
    const replaced = await db().user.findUniqueOrThrow({ where: { id: tailor.user.id } });
    expect(replaced.shopImageId).not.toBe(row.shopImageId);
    expect(await db().storedImage.count({ where: { id: row.shopImageId! } })).toBe(0);

    const refused = await callRoute(fn(settingsAction), "/merchant/shop", {
      cookie: tailor.cookie,
      form: { intent: "photo", photo: new File(["not a picture"], "shop.jpg", { type: "image/jpeg" }) },
    });
    expect(statusOf(refused)).toBe(400);
    const reply = (refused as { data: { form: string; result: { error: Record<string, string[]> } } }).data;
    expect(reply.form).toBe("photo");
    expect(reply.result.error[""]![0]).toMatch(/[\u0E00-\u0E7F]/);
    expect((await db().user.findUniqueOrThrow({ where: { id: tailor.user.id } })).shopImageId).toBe(
      replaced.shopImageId,
    );

    // No file chosen (a browser without JavaScript sends an empty file part): the photo field's own reason.
    const none = await callRoute(fn(settingsAction), "/merchant/shop", {
      cookie: tailor.cookie,
      form: { intent: "photo", photo: new File([], "") },
    });
    expect(statusOf(none)).toBe(400);
    expect((none as { data: { result: { error: Record<string, string[]> } } }).data.result.error.photo).toEqual([
      "กรุณาเลือกไฟล์รูปภาพ",
    ]);

    const page = (await callRoute(fn(settingsLoader), "/merchant/shop", { cookie: tailor.cookie })) as {
      profile: { photoUrl: string; checklist: Record<string, boolean>; ready: boolean };
    };
    expect(page.profile.photoUrl).toBe(`/api/images/${replaced.shopImageId}`);
    expect(page.profile.checklist).toEqual({ shopName: true, prices: false, promptPay: false, design: false });
    expect(page.profile.ready).toBe(false);

    const customer = await signedIn({ roles: ["user"] });
    const stranger = await callRoute(fn(settingsAction), "/merchant/shop", {
      cookie: customer.cookie,
      form: { intent: "profile", shopName: "ร้านแปลก" },
    });
    expect(statusOf(stranger)).toBe(302);
    expect(await db().user.count({ where: { shopName: "ร้านแปลก" } })).toBe(0);
  });
});

describe("the admin sets a tailor's shop (/admin/manage/shops)", () => {
  it("saves it and records in the audit log which fields changed, never their values", async () => {
    const admin = await signedIn({ roles: ["admin"] });
    const tailor = await createTestUser({ roles: ["merchant"], shopName: "ร้านก่อนแอดมิน" });
    const saved = await callRoute(fn(adminShopAction), `/admin/manage/shops?merchantId=${tailor.id}`, {
      cookie: admin.cookie,
      form: { intent: "profile", shopName: "ร้านหลังแอดมิน", description: "แอดมินเขียนให้", showAddress: "on" },
    });
    expect(locationOf(saved)).toBe(`/admin/manage/shops?merchantId=${tailor.id}`);
    const row = await db().user.findUniqueOrThrow({ where: { id: tailor.id } });
    expect([row.shopName, row.shopDetail, row.showAddress]).toEqual(["ร้านหลังแอดมิน", "แอดมินเขียนให้", true]);
    const entry = await db().auditEntry.findFirstOrThrow({
      where: { action: "user.update", targetId: tailor.id, actorId: admin.user.id },
    });
    expect(entry.changes).toEqual({ shopName: {}, shopDetail: {}, showAddress: {} });
    expect(JSON.stringify(entry)).not.toContain("ร้านหลังแอดมิน");

    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#225588" } })
      .png()
      .toBuffer();
    await callRoute(fn(adminShopAction), `/admin/manage/shops?merchantId=${tailor.id}`, {
      cookie: admin.cookie,
      form: { intent: "photo", photo: new File([photo], "p.png", { type: "image/png" }) },
    });
    expect(
      await db().auditEntry.count({
        where: { action: "user.update", targetId: tailor.id, changes: { equals: { shopPhoto: {} } } },
      }),
    ).toBe(1);

    // A customer is not a shop; a tailor cannot use the admin's page.
    const customer = await createTestUser({ roles: ["user"] });
    const notAShop = await callRoute(fn(adminShopAction), `/admin/manage/shops?merchantId=${customer.id}`, {
      cookie: admin.cookie,
      form: { intent: "profile", shopName: "ร้านลูกค้า" },
    });
    expect(statusOf(notAShop)).toBe(404);
    const asTailor = await callRoute(fn(adminShopAction), `/admin/manage/shops?merchantId=${tailor.id}`, {
      cookie: await sessionCookieFor(tailor.id),
      form: { intent: "profile", shopName: "ร้านแอบแก้" },
    });
    expect(statusOf(asTailor)).toBe(302);
    expect((await db().user.findUniqueOrThrow({ where: { id: tailor.id } })).shopName).toBe("ร้านหลังแอดมิน");
    expect(isDataWithResponseInit(notAShop)).toBe(true);
  });
});

describe("kept visitor pages", () => {
  it("a change of the shop's name, description, photo or address choice shows on the visitor's next visit", async () => {
    const tailor = await readyTailor({ shopName: "ร้านชื่อแรก", address: "77 ถนนสายไหม" });
    const visitor = new Browser();
    const own = `/merchant/info/${tailor.user.id}`;
    for (const address of [own, "/merchant/info"]) {
      const first = await visitor.open(address);
      expect(first.status).toBe(200);
      expect((await visitor.open(address)).html).toContain("ร้านชื่อแรก");
    }
    expect((await visitor.open(own)).html).not.toContain("77 ถนนสายไหม");

    const owner = new Browser(tailor.cookie);
    const saved = await owner.submit("/merchant/shop", {
      intent: "profile",
      shopName: "ร้านชื่อใหม่",
      description: "คำอธิบายใหม่ของร้าน",
      showAddress: "on",
    });
    expect(saved.url).toContain("/merchant/shop");
    const page = (await visitor.open(own)).html;
    expect(page).toContain("ร้านชื่อใหม่");
    expect(page).toContain("คำอธิบายใหม่ของร้าน");
    expect(page).toContain("77 ถนนสายไหม");
    expect(page).not.toContain("ร้านชื่อแรก");
    expect((await visitor.open("/merchant/info")).html).toContain("ร้านชื่อใหม่");

    // Hiding the address again raises the version on its own.
    await db().$executeRaw`UPDATE "User" SET "showAddress" = false WHERE id = ${tailor.user.id}`;
    expect((await visitor.open(own)).html).not.toContain("77 ถนนสายไหม");
  });
});
