import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { SHIPPING_MESSAGES } from "~/domain/pricing/shipping";
import { seedCatalogue } from "~/domain/setup/seed.server";
import { action as apiAction, loader as apiLoader } from "~/routes/tailor/api.merchants-pricing";
import { loader as publicMerchants } from "~/routes/tailor/api.public-merchants";
import { action as pageAction, loader as pageLoader } from "~/routes/tailor/pricing";
import { callJson, callRoute, locationOf, noticeOf, statusOf } from "../../support/requests";
import { readyShop } from "../../support/shops";
import { createTestUser, signedIn } from "../../support/users";

/**
 * A tailor's shipping fee and lead time (issue 45): set beside the part prices (the JSON call and
 * the pricing page), checked whole and within bounds with nothing saved on a refusal, and shown
 * to the public with whether the tailor takes PromptPay.
 */

type Fn = Parameters<typeof callRoute>[0];

beforeAll(async () => {
  await seedCatalogue(db());
});
const api = { loader: apiLoader as unknown as Fn, action: apiAction as unknown as Fn };
const page = { loader: pageLoader as unknown as Fn, action: pageAction as unknown as Fn };

async function termsOf(id: number) {
  const row = await db().user.findUniqueOrThrow({ where: { id }, select: { shippingFee: true, leadTimeDays: true } });
  return row;
}

async function patch(cookie: string, json: unknown, query = "") {
  return callJson(api.action, `/api/merchants/pricing${query}`, { method: "PATCH", cookie, json });
}

describe("PATCH /api/merchants/pricing: shippingFee and leadTimeDays", () => {
  it("a new tailor starts at 50 baht and 7 days; both change beside the maps, in one call with a price", async () => {
    const tailor = await signedIn({ roles: ["merchant"] });
    expect((await callJson(api.loader, "/api/merchants/pricing", { cookie: tailor.cookie })).body).toMatchObject({
      shippingFee: 50,
      leadTimeDays: 7,
    });
    const changed = await patch(tailor.cookie, { basePricing: { shirt1: 450 }, shippingFee: 0, leadTimeDays: 90 });
    expect(changed).toMatchObject({
      status: 200,
      body: { basePricing: { shirt1: 450 }, shippingFee: 0, leadTimeDays: 90 },
    });
    expect(await termsOf(tailor.user.id)).toEqual({ shippingFee: 0, leadTimeDays: 90 });
    // Only what a call names changes.
    expect((await patch(tailor.cookie, { shippingFee: 1000 })).body).toMatchObject({
      shippingFee: 1000,
      leadTimeDays: 90,
    });
    expect((await patch(tailor.cookie, { leadTimeDays: 1 })).body).toMatchObject({
      shippingFee: 1000,
      leadTimeDays: 1,
    });
  });

  it.each([
    ["a fee below 0", { shippingFee: -1 }, SHIPPING_MESSAGES.fee],
    ["a fee above 1,000", { shippingFee: 1001 }, SHIPPING_MESSAGES.fee],
    ["a fee with satang", { shippingFee: 12.5 }, SHIPPING_MESSAGES.fee],
    ["a fee as a string", { shippingFee: "50" }, SHIPPING_MESSAGES.fee],
    ["a fee of null", { shippingFee: null }, SHIPPING_MESSAGES.fee],
    ["0 days", { leadTimeDays: 0 }, SHIPPING_MESSAGES.leadTime],
    ["91 days", { leadTimeDays: 91 }, SHIPPING_MESSAGES.leadTime],
    ["half a day more", { leadTimeDays: 7.5 }, SHIPPING_MESSAGES.leadTime],
    ["days as a string", { leadTimeDays: "7" }, SHIPPING_MESSAGES.leadTime],
  ])(
    "refuses %s with a Thai 400, and saves nothing of the call (not even its valid price)",
    async (_, bad, message) => {
      const tailor = await signedIn({ roles: ["merchant"] });
      const answer = await patch(tailor.cookie, {
        basePricing: { shirt1: 450 },
        shippingFee: 80,
        leadTimeDays: 10,
        ...bad,
      });
      expect(answer).toEqual({ status: 400, body: { error: message } });
      expect(await termsOf(tailor.user.id)).toEqual({ shippingFee: 50, leadTimeDays: 7 });
      expect(await db().partPrice.count({ where: { merchantId: tailor.user.id } })).toBe(0);
    },
  );

  it("another tailor's terms cannot be changed; an admin changes them for a named tailor", async () => {
    const tailor = await signedIn({ roles: ["merchant"] });
    const other = await createTestUser({ roles: ["merchant"] });
    expect((await patch(tailor.cookie, { shippingFee: 0 }, `?merchantId=${other.id}`)).status).toBe(403);
    expect(await termsOf(other.id)).toEqual({ shippingFee: 50, leadTimeDays: 7 });
    const boss = await signedIn({ roles: ["admin"] });
    expect((await patch(boss.cookie, { shippingFee: 120 }, `?merchantId=${other.id}`)).status).toBe(200);
    expect(await termsOf(other.id)).toEqual({ shippingFee: 120, leadTimeDays: 7 });
  });
});

describe("/merchant/pricing: the shipping form", () => {
  it("shows the tailor's terms and saves both with the notice", async () => {
    const tailor = await signedIn({ roles: ["merchant"] });
    const loaded = (await callRoute(page.loader, "/merchant/pricing", { cookie: tailor.cookie })) as {
      shipping: { shippingFee: number; leadTimeDays: number };
    };
    expect(loaded.shipping).toEqual({ shippingFee: 50, leadTimeDays: 7 });
    const saved = await callRoute(page.action, "/merchant/pricing", {
      cookie: tailor.cookie,
      form: { intent: "shipping", shippingFee: "35", leadTimeDays: "12" },
    });
    expect(locationOf(saved)).toBe("/merchant/pricing");
    expect(await noticeOf(saved)).toEqual({ type: "success", message: SHIPPING_MESSAGES.saved });
    expect(await termsOf(tailor.user.id)).toEqual({ shippingFee: 35, leadTimeDays: 12 });
  });

  it.each([
    ["a fee above 1,000", { shippingFee: "1001", leadTimeDays: "7" }, "shippingFee", SHIPPING_MESSAGES.fee],
    ["a fee with satang", { shippingFee: "12.5", leadTimeDays: "7" }, "shippingFee", SHIPPING_MESSAGES.fee],
    ["a fee in words", { shippingFee: "ห้าสิบ", leadTimeDays: "7" }, "shippingFee", SHIPPING_MESSAGES.fee],
    ["no fee at all", { shippingFee: "", leadTimeDays: "7" }, "shippingFee", SHIPPING_MESSAGES.fee],
    ["0 days", { shippingFee: "50", leadTimeDays: "0" }, "leadTimeDays", SHIPPING_MESSAGES.leadTime],
    ["91 days", { shippingFee: "50", leadTimeDays: "91" }, "leadTimeDays", SHIPPING_MESSAGES.leadTime],
  ])("refuses %s beside the field, and saves nothing", async (_, form, field, message) => {
    const tailor = await signedIn({ roles: ["merchant"] });
    const refused = (await callRoute(page.action, "/merchant/pricing", {
      cookie: tailor.cookie,
      form: { intent: "shipping", ...form },
    })) as { data: { form: string; result: { error: Record<string, string[]> } } };
    expect(statusOf(refused)).toBe(400);
    expect(refused.data.form).toBe("shipping");
    expect(refused.data.result.error[field]).toEqual([message]);
    expect(await termsOf(tailor.user.id)).toEqual({ shippingFee: 50, leadTimeDays: 7 });
  });
});

describe("GET /api/public/merchants: the tailor's terms", () => {
  it("each row carries shippingFee, leadTimeDays and promptPay (true only with a PromptPay account)", async () => {
    const withPromptPay = await createTestUser({ roles: ["merchant"] });
    await db().user.update({
      where: { id: withPromptPay.id },
      data: { promptpayId: "0891234567", promptpayName: "ร้านมีพร้อมเพย์", shippingFee: 0, leadTimeDays: 3 },
    });
    const without = await createTestUser({ roles: ["merchant"] });
    // Both can take orders (issue 46: listed only then).
    await readyShop(withPromptPay.id);
    await readyShop(without.id);
    type Row = { id: number; shippingFee: number; leadTimeDays: number; promptPay: boolean };
    // Every page (the file's other tests made tailors too; the list is oldest first).
    const rows = async () => {
      const all: Row[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await callJson(publicMerchants as unknown as Fn, `/api/public/merchants?page=${page}`);
        expect(answer.status).toBe(200);
        const shown = answer.body as unknown as Row[];
        if (shown.length === 0) break;
        all.push(...shown);
      }
      return new Map(all.map((row) => [row.id, row]));
    };
    let seen = await rows();
    expect(seen.get(withPromptPay.id)).toMatchObject({ shippingFee: 0, leadTimeDays: 3, promptPay: true });
    expect(seen.get(without.id)).toMatchObject({ shippingFee: 50, leadTimeDays: 7, promptPay: false });
    // A change shows at once (the kept list is dropped when the tailor's terms change).
    await db().user.update({ where: { id: without.id }, data: { shippingFee: 65, leadTimeDays: 20 } });
    await db().user.update({ where: { id: withPromptPay.id }, data: { promptpayId: null, promptpayName: null } });
    seen = await rows();
    expect(seen.get(without.id)).toMatchObject({ shippingFee: 65, leadTimeDays: 20, promptPay: false });
    expect(seen.get(withPromptPay.id)).toMatchObject({ promptPay: false });
    // The PromptPay id itself is never shown.
    expect(JSON.stringify([...seen.values()])).not.toContain("0891234567");
  });
});
