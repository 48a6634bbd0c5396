import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { getOrder } from "~/domain/admin/orders.server";
import { seedCatalogue } from "~/domain/setup/seed.server";
import * as measurementsPage from "~/routes/account/measurements";
import * as apiDesign from "~/routes/designer/api.design";
import * as designPage from "~/routes/designer/design";
import * as popularDesigns from "~/routes/designer/popular-designs";
import * as apiCartItem from "~/routes/orders/api.cart-item";
import * as apiOrder from "~/routes/orders/api.order";
import * as cartPage from "~/routes/orders/cart";
import * as merchantOrder from "~/routes/orders/merchant-order";
import * as workSheet from "~/routes/orders/merchant-order-sheet";
import * as selectPage from "~/routes/orders/merchant-select";
import { INCHES as inches } from "../../support/measurements";
import { callJson, callRoute, fullNoticeOf, locationOf, noticeOf, statusOf } from "../../support/requests";
import { signedIn } from "../../support/users";
import { cartRefusalOf, tailorWithPrices } from "./support";

// The route functions take React Router's full argument type; callRoute passes what they read.
const call = (fn: unknown, path: string, options?: Parameters<typeof callRoute>[2]) =>
  callRoute(fn as never, path, options);
const api = (fn: unknown, path: string, options?: Parameters<typeof callRoute>[2]) =>
  callJson(fn as never, path, options);
type Loaded<T> = T extends (...args: never[]) => Promise<infer R> ? Exclude<R, Response> : never;

/** The designer's add-to-cart form as the page sends it, sized to measure. */
const customDesign = {
  intent: "add-to-cart",
  baseId: "shirt1",
  collarId: "neck1",
  hemId: "hem2",
  sizeId: "size_custom",
  isTTape: "false",
  layout: "{}",
  image: "",
  quantity: "1",
};

/** A customer with a profile typed in inches, through the page's own form. */
async function customerWithProfile(name = "ตัวฉัน") {
  if ((await db().patternOption.count()) === 0) await seedCatalogue(db());
  const customer = await signedIn();
  await call(measurementsPage.action, "/profile/measurements", {
    cookie: customer.cookie,
    form: { intent: "save", name, unit: "in", ...inches },
  });
  const profile = await db().measurementProfile.findFirstOrThrow({ where: { userId: customer.user.id, name } });
  return { ...customer, profile };
}

async function cartOf(cookie: string) {
  return (await call(cartPage.loader, "/cart", { cookie })) as Loaded<typeof cartPage.loader>;
}

async function addToCart(cookie: string, fields: Record<string, string>) {
  return call(designPage.action, "/design?category=size", { cookie, form: { ...customDesign, ...fields } });
}

const counts = async () => ({ designs: await db().design.count(), orders: await db().order.count() });

describe("a shirt cut to the customer's own measurements", () => {
  it("profile in inches → designer → tailor → order: the tailor, the buyer and the admin see the measurements frozen, whatever the profile becomes", async () => {
    const buyer = await customerWithProfile();
    const measuring = await tailorWithPrices({ shirt1: 450, neck1: 60, hem2: 90, size_custom: 150 }, "ร้านตัดตามตัว");
    const readyOnly = await tailorWithPrices({ shirt1: 400, neck1: 50, hem2: 80 }, "ร้านไซซ์มาตรฐาน");

    // The designer offers the customer's profiles; the design is added with the one chosen.
    const designer = (await call(designPage.loader, "/design?category=size&size=size_custom", {
      cookie: buyer.cookie,
    })) as Loaded<typeof designPage.loader>;
    expect(designer.profiles).toEqual([{ id: buyer.profile.id, name: "ตัวฉัน" }]);
    const added = await addToCart(buyer.cookie, { measurementProfileId: String(buyer.profile.id) });
    expect(locationOf(added)).toBe("/cart");
    let cart = await cartOf(buyer.cookie);
    const item = cart.items[0]!;
    expect(item).toMatchObject({ customSize: true, measurements: { name: "ตัวฉัน", unit: "in" } });
    expect(item.measurements!.values).toMatchObject({ chest: 96.5, neck: 39.4, shoulder: 44.5 });
    expect(cart.profiles).toEqual([{ id: buyer.profile.id, name: "ตัวฉัน" }]);

    // Only a tailor who prices cutting to measure can make it; the other is told why not.
    const choices = (await call(selectPage.loader, `/merchant/select?productId=${item.id}`, {
      cookie: buyer.cookie,
    })) as Loaded<typeof selectPage.loader>;
    const quoted = choices.items.find((tailor) => tailor.id === measuring.tailor.id)!;
    expect(quoted.quote).toMatchObject({ available: true, unitPrice: 750 });
    const refusedTailor = choices.items.find((tailor) => tailor.id === readyOnly.tailor.id)!;
    expect(refusedTailor.quote.available).toBe(false);
    expect(refusedTailor.unavailableReason).toBe("ร้านนี้ไม่รับตัดตามสัดส่วน");
    await call(selectPage.action, "/merchant/select", {
      cookie: buyer.cookie,
      form: { productId: String(item.id), merchantId: String(measuring.tailor.id) },
    });
    cart = await cartOf(buyer.cookie);
    const placed = await call(cartPage.action, "/cart", {
      cookie: buyer.cookie,
      form: { intent: "place", item: cart.items.map((entry) => `${entry.id}:${entry.version}`) },
    });
    expect(locationOf(placed)).toBe("/user/orders");
    const order = await db().order.findUniqueOrThrow({ where: { id: item.id } });
    expect(order.priceLines).toContainEqual({ category: "size", sid: "size_custom", price: 150 });
    expect(order.measurements).toEqual({
      name: "ตัวฉัน",
      unit: "in",
      values: { chest: 96.5, waist: 81.3, hips: 99.1, shoulder: 44.5, sleeve: 61, shirtLength: 73.7, neck: 39.4 },
    });

    // The customer changes the profile (and renames it), then deletes it: the order keeps what it was placed with.
    const edited = await call(measurementsPage.action, "/profile/measurements", {
      cookie: buyer.cookie,
      form: {
        intent: "save",
        id: String(buyer.profile.id),
        name: "ตัวฉันปีนี้",
        unit: "cm",
        ...inches,
        chest: "110",
        waist: "100",
        hips: "105",
        shoulder: "46",
        sleeve: "62",
        shirtLength: "75",
        neck: "41",
      },
    });
    expect((await fullNoticeOf(edited))?.type).toBe("success");
    expect(Number((await db().measurementProfile.findUniqueOrThrow({ where: { id: buyer.profile.id } })).chest)).toBe(
      110,
    );
    const tailorSees = (await call(merchantOrder.loader, `/merchant/order/${item.id}`, {
      cookie: measuring.cookie,
      params: { id: String(item.id) },
    })) as Loaded<typeof merchantOrder.loader>;
    expect(tailorSees.order.measurements).toEqual(order.measurements);

    await call(measurementsPage.action, "/profile/measurements", {
      cookie: buyer.cookie,
      form: { intent: "delete", id: String(buyer.profile.id) },
    });
    expect(await db().measurementProfile.count({ where: { userId: buyer.user.id } })).toBe(0);

    // The work sheet, the buyer's JSON detail and the admin's details: the same frozen set.
    const sheet = (await call(workSheet.loader, `/merchant/order/${item.id}/sheet`, {
      cookie: measuring.cookie,
      params: { id: String(item.id) },
    })) as Loaded<typeof workSheet.loader>;
    expect(sheet.order.measurements).toEqual(order.measurements);
    expect(sheet.order.parts.map((part) => part.sid)).toEqual(expect.arrayContaining(["shirt1", "size_custom"]));
    const detail = await api(apiOrder.loader, `/api/orders/${item.id}`, {
      cookie: buyer.cookie,
      params: { id: String(item.id) },
    });
    expect(detail.body).toMatchObject({ customSize: true, measurements: order.measurements });
    expect((await getOrder(item.id)).measurements).toEqual(order.measurements);
  });

  it("the work sheet is the order's tailor's and the admins': another tailor and the buyer are refused", async () => {
    const buyer = await customerWithProfile();
    const measuring = await tailorWithPrices({ shirt1: 450, neck1: 60, hem2: 90, size_custom: 150 });
    await addToCart(buyer.cookie, { measurementProfileId: String(buyer.profile.id) });
    const item = (await cartOf(buyer.cookie)).items[0]!;
    await db().order.update({ where: { id: item.id }, data: { sellerId: measuring.tailor.id, totalPrice: 750 } });
    const path = `/merchant/order/${item.id}/sheet`;
    const params = { id: String(item.id) };
    // Still in the cart: not the tailor's order yet.
    expect(statusOf(await call(workSheet.loader, path, { cookie: measuring.cookie, params }))).toBe(409);
    await db().order.update({ where: { id: item.id }, data: { status: "ordered", orderedAt: new Date() } });
    const other = await tailorWithPrices({ shirt1: 1 });
    expect(statusOf(await call(workSheet.loader, path, { cookie: other.cookie, params }))).toBe(403);
    expect(statusOf(await call(workSheet.loader, path, { cookie: buyer.cookie, params }))).toBe(403);
    expect(locationOf(await call(workSheet.loader, path, { params }))).toMatch(/^\/login/);
    const admin = await signedIn({ roles: ["admin"] });
    expect(statusOf(await call(workSheet.loader, path, { cookie: admin.cookie, params }))).toBe(200);
  });

  it("refuses a size cut to measure without a profile, with another person's, or in a tailor's shop design; nothing is saved", async () => {
    const buyer = await customerWithProfile();
    const stranger = await customerWithProfile("ของคนอื่น");
    const before = await counts();

    const none = await addToCart(buyer.cookie, {});
    expect(statusOf(none)).toBe(400);
    expect(JSON.stringify(none)).toContain("กรุณาเลือกสัดส่วนที่จะใช้ตัดเสื้อตัวนี้");
    const theirs = await addToCart(buyer.cookie, { measurementProfileId: String(stranger.profile.id) });
    expect(statusOf(theirs)).toBe(400);
    expect(JSON.stringify(theirs)).toContain("ไม่พบสัดส่วนที่เลือก กรุณาเลือกใหม่");
    const nonsense = await api(apiDesign.action, "/api/design", {
      method: "POST",
      cookie: buyer.cookie,
      json: { baseId: "shirt1", sizeId: "size_custom", measurementProfileId: "abc", quantity: 1 },
    });
    expect(nonsense).toEqual({ status: 400, body: { error: "ไม่พบสัดส่วนที่เลือก กรุณาเลือกใหม่" } });
    const tailor = await signedIn({ roles: ["merchant"] });
    const shopDesign = await call(popularDesigns.action, "/merchant/popular_design?category=size", {
      cookie: tailor.cookie,
      form: { ...customDesign, intent: "save-design" },
    });
    expect(statusOf(shopDesign)).toBe(400);
    expect(JSON.stringify(shopDesign)).toContain("แบบเสื้อของร้านใช้ขนาดตามสัดส่วนของลูกค้าไม่ได้");
    expect(await counts()).toEqual(before);

    // A ready size keeps no profile, even when one is sent.
    await addToCart(buyer.cookie, { sizeId: "size3", measurementProfileId: String(buyer.profile.id) });
    const design = await db().design.findFirstOrThrow({ where: { ownerId: buyer.user.id } });
    expect(design).toMatchObject({ sizeId: "size3", measurementProfileId: null });
  });

  it("a profile deleted before the order is placed: placing is refused until another is chosen in the cart", async () => {
    const buyer = await customerWithProfile("พ่อ");
    const measuring = await tailorWithPrices({ shirt1: 450, neck1: 60, hem2: 90, size_custom: 150 });
    await addToCart(buyer.cookie, { measurementProfileId: String(buyer.profile.id) });
    const item = (await cartOf(buyer.cookie)).items[0]!;
    await call(selectPage.action, "/merchant/select", {
      cookie: buyer.cookie,
      form: { productId: String(item.id), merchantId: String(measuring.tailor.id) },
    });
    await db().measurementProfile.delete({ where: { id: buyer.profile.id } });

    let cart = await cartOf(buyer.cookie);
    expect(cart.items[0]).toMatchObject({ customSize: true, measurements: null });
    const refused = await call(cartPage.action, "/cart", {
      cookie: buyer.cookie,
      form: { intent: "place", item: cart.items.map((entry) => `${entry.id}:${entry.version}`) },
    });
    expect(cartRefusalOf(refused)).toBe("สัดส่วนที่เลือกไว้ถูกลบไปแล้ว กรุณาเลือกสัดส่วนใหม่ในตะกร้า");
    expect((await db().order.findUniqueOrThrow({ where: { id: item.id } })).status).toBe("cart");

    // Another profile, chosen in the cart (the form, then the JSON call); a stranger's is refused.
    const mother = await call(measurementsPage.action, "/profile/measurements", {
      cookie: buyer.cookie,
      form: { intent: "save", name: "แม่", unit: "in", ...inches, chest: "36" },
    });
    expect((await fullNoticeOf(mother))?.type).toBe("success");
    const motherId = (await db().measurementProfile.findFirstOrThrow({ where: { userId: buyer.user.id } })).id;
    const stranger = await customerWithProfile();
    const wrong = await api(apiCartItem.action, `/api/cart/${item.id}`, {
      method: "PATCH",
      cookie: buyer.cookie,
      params: { id: String(item.id) },
      json: { measurementProfileId: stranger.profile.id },
    });
    expect(wrong).toEqual({ status: 400, body: { error: "ไม่พบสัดส่วนที่เลือก กรุณาเลือกใหม่" } });
    const chosen = await call(cartPage.action, "/cart", {
      cookie: buyer.cookie,
      form: { intent: "measurements", itemId: String(item.id), measurementProfileId: String(motherId) },
    });
    expect(await noticeOf(chosen)).toEqual({ type: "success", message: "เปลี่ยนสัดส่วนของรายการนี้แล้ว" });
    const byJson = await api(apiCartItem.action, `/api/cart/${item.id}`, {
      method: "PATCH",
      cookie: buyer.cookie,
      params: { id: String(item.id) },
      json: { measurementProfileId: motherId },
    });
    expect(byJson.status).toBe(200);

    cart = await cartOf(buyer.cookie);
    expect(cart.items[0]!.measurements).toMatchObject({ name: "แม่", values: { chest: 91.4 } });
    const placed = await call(cartPage.action, "/cart", {
      cookie: buyer.cookie,
      form: { intent: "place", item: cart.items.map((entry) => `${entry.id}:${entry.version}`) },
    });
    expect(locationOf(placed)).toBe("/user/orders");
    expect((await db().order.findUniqueOrThrow({ where: { id: item.id } })).measurements).toMatchObject({
      name: "แม่",
      values: { chest: 91.4 },
    });
  });

  it("a ready-size item has no profile to change; a profile deleted while it is being chosen never answers 500", async () => {
    const buyer = await customerWithProfile();
    await addToCart(buyer.cookie, { sizeId: "size2" });
    const ready = (await cartOf(buyer.cookie)).items[0]!;
    const refused = await api(apiCartItem.action, `/api/cart/${ready.id}`, {
      method: "PATCH",
      cookie: buyer.cookie,
      params: { id: String(ready.id) },
      json: { measurementProfileId: buyer.profile.id },
    });
    expect(refused).toEqual({ status: 409, body: { error: "รายการนี้ไม่ได้เลือกขนาดตามสัดส่วน" } });

    // Adding to the cart and deleting the profile at once: either the design has it and the
    // delete cleared it, or the add was refused in Thai. Never a 500, never a dangling profile.
    const results = await Promise.allSettled([
      addToCart(buyer.cookie, { measurementProfileId: String(buyer.profile.id) }),
      call(measurementsPage.action, "/profile/measurements", {
        cookie: buyer.cookie,
        form: { intent: "delete", id: String(buyer.profile.id) },
      }),
    ]);
    for (const result of results) expect(result.status).toBe("fulfilled");
    const added = (results[0] as PromiseFulfilledResult<unknown>).value;
    expect([302, 400]).toContain(statusOf(added));
    const designs = await db().design.findMany({ where: { ownerId: buyer.user.id, sizeId: "size_custom" } });
    for (const design of designs) expect(design.measurementProfileId).toBeNull();
  });
});
