import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import * as selectApi from "~/routes/orders/api.orders-select-merchant";
import * as selectPage from "~/routes/orders/merchant-select";
import { callJson, callRoute, locationOf, statusOf } from "../../support/requests";
import { customerWithDesign, tailorWithPrices } from "./support";

/**
 * The tailor choice lists only real shops (issue 46, decision 104 and 107): the silk shops' rule
 * (an active tailor with a shop name and a priced part), the shop's name, and its address only when
 * the tailor shows it; a tailor it does not list cannot be chosen by a forged form or JSON call.
 */

const call = (fn: unknown, path: string, options?: Parameters<typeof callRoute>[2]) =>
  callRoute(fn as never, path, options);

type Choices = { items: { id: number; shopName: string | null; address: string | null }[]; total: number };

const PRICES = { shirt1: 450, neck1: 60, hem2: 90 };

async function tailors() {
  const hidden = await tailorWithPrices(PRICES, "ร้านไหมซ่อนที่อยู่");
  const shown = await tailorWithPrices(PRICES, "ร้านไหมบอกที่อยู่");
  await db().user.update({
    where: { id: hidden.tailor.id },
    data: { address: "12 ที่อยู่ส่วนตัวของช่าง", showAddress: false },
  });
  await db().user.update({ where: { id: shown.tailor.id }, data: { address: "34 หน้าร้านผ้าไหม", showAddress: true } });
  const nameless = await tailorWithPrices(PRICES);
  await db().user.update({ where: { id: nameless.tailor.id }, data: { shopName: null } });
  const blank = await tailorWithPrices(PRICES);
  await db().user.update({ where: { id: blank.tailor.id }, data: { shopName: "   " } });
  const unpriced = await tailorWithPrices({}, "ร้านยังไม่ตั้งราคา");
  return { hidden, shown, unlisted: [nameless, blank, unpriced] };
}

describe("the tailor choice", () => {
  it("lists only shops that can take orders, by shop name, with the address only when public", async () => {
    const { hidden, shown, unlisted } = await tailors();
    const { cookie, item } = await customerWithDesign();
    const page = (await call(selectPage.loader, `/merchant/select?productId=${item.id}`, { cookie })) as Choices;
    const ids = page.items.map((tailor) => tailor.id);
    expect(ids).toContain(hidden.tailor.id);
    expect(ids).toContain(shown.tailor.id);
    for (const { tailor } of unlisted) expect(ids).not.toContain(tailor.id);
    expect(page.total).toBe(page.items.length);
    for (const tailor of page.items) expect(tailor.shopName?.trim()).toBeTruthy();
    expect(page.items.find((tailor) => tailor.id === hidden.tailor.id)!.address).toBeNull();
    expect(page.items.find((tailor) => tailor.id === shown.tailor.id)!.address).toBe("34 หน้าร้านผ้าไหม");
    expect(JSON.stringify(page)).not.toContain("12 ที่อยู่ส่วนตัวของช่าง");
  });

  it("refuses an unlisted tailor named by a forged form or JSON call, in Thai, and changes nothing", async () => {
    const { hidden, unlisted } = await tailors();
    const { cookie, item } = await customerWithDesign();
    for (const { tailor } of unlisted) {
      const form = await call(selectPage.action, "/merchant/select", {
        cookie,
        form: { productId: String(item.id), merchantId: String(tailor.id) },
      });
      expect(statusOf(form)).toBe(404);
      expect((form as { data: { chooseError: string } }).data.chooseError).toBe(ORDER_MESSAGES.tailorNotListed);
      const json = await callJson(selectApi.action, "/api/orders/select_merchant", {
        method: "POST",
        cookie,
        json: { productId: item.id, merchantId: tailor.id },
      });
      expect(json.status).toBe(404);
      expect(JSON.stringify(json.body)).toContain(ORDER_MESSAGES.tailorNotListed);
      expect((await db().order.findUniqueOrThrow({ where: { id: item.id } })).sellerId).toBeNull();
    }
    // A listed shop is chosen as before.
    const chosen = await call(selectPage.action, "/merchant/select", {
      cookie,
      form: { productId: String(item.id), merchantId: String(hidden.tailor.id) },
    });
    expect(locationOf(chosen)).toBe("/cart");
    expect((await db().order.findUniqueOrThrow({ where: { id: item.id } })).sellerId).toBe(hidden.tailor.id);
  });
});
