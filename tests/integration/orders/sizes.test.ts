import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { selectTailor } from "~/domain/orders/select-tailor.server";
import { seedCatalogue } from "~/domain/setup/seed.server";
import * as adminOrderStatus from "~/routes/admin/api.order-status";
import * as adminOrders from "~/routes/admin/api.orders";
import * as apiDesign from "~/routes/designer/api.design";
import * as designPage from "~/routes/designer/design";
import * as apiCart from "~/routes/orders/api.cart";
import * as apiCartAdd from "~/routes/orders/api.cart-add";
import * as apiCartItem from "~/routes/orders/api.cart-item";
import * as apiMerchantOrder from "~/routes/orders/api.merchant-order";
import * as apiMerchantOrders from "~/routes/orders/api.merchant-orders";
import * as apiMyOrders from "~/routes/orders/api.my-orders";
import * as apiOrder from "~/routes/orders/api.order";
import * as apiPlace from "~/routes/orders/api.orders-place";
import * as apiSelect from "~/routes/orders/api.orders-select-merchant";
import * as cartPage from "~/routes/orders/cart";
import * as cartAdd from "~/routes/orders/cart-add";
import * as workSheet from "~/routes/orders/merchant-order-sheet";
import * as userProduct from "~/routes/orders/user-product";
import { callJson, callRoute, fullNoticeOf, locationOf, noticeOf, statusOf } from "../../support/requests";
import { createTestUser, sessionCookieFor, signedIn } from "../../support/users";
import { cartRefusalOf, tailorWithPrices } from "./support";

/*
 * A design needs a size before the cart: the designer's form and POST /api/design refuse one
 * without, the silk shops page and POST /api/cart/add take the customer's own, the cart shows and
 * changes each line's size, and an item put in the cart before sizes were asked for cannot be
 * placed until it has one. The JSON rows, the order pages and the tailor's work sheet carry it.
 */

// The route functions take React Router's full argument type; callRoute passes what they read.
const call = (fn: unknown, path: string, options?: Parameters<typeof callRoute>[2]) =>
  callRoute(fn as never, path, options);
const api = (fn: unknown, path: string, options?: Parameters<typeof callRoute>[2]) =>
  callJson(fn as never, path, options);
type Loaded<T> = T extends (...args: never[]) => Promise<infer R> ? Exclude<R, Response> : never;

const SIZE_REQUIRED = "กรุณาเลือกขนาดเสื้อ";
const M = { sid: "size2", name: "M รอบอก 38 นิ้ว" };
const XL = { sid: "size4", name: "XL รอบอก 42 นิ้ว" };

/** The designer's add-to-cart form as a browser without JavaScript sends it (its hidden fields). */
const designForm = {
  intent: "add-to-cart",
  baseId: "shirt1",
  collarId: "neck1",
  placketId: "",
  shoulderId: "",
  pocketId: "",
  sideId: "",
  armId: "",
  hemId: "hem2",
  colorId: "",
  fabricId: "",
  threadId: "",
  isTTape: "false",
  sizeId: "",
  layout: "{}",
  image: "",
  quantity: "1",
};

/** The same design as POST /api/design's JSON takes it (spec section 3's add-to-cart payload). */
const designJson = { baseId: "shirt1", collarId: "neck1", hemId: "hem2", isTTape: false, quantity: 1 };

const counts = async () => ({
  designs: await db().design.count(),
  orders: await db().order.count(),
  images: await db().storedImage.count(),
});

async function cartOf(cookie: string) {
  return (await call(cartPage.loader, "/cart", { cookie })) as Loaded<typeof cartPage.loader>;
}

async function orderRow(id: number) {
  return db().order.findUniqueOrThrow({
    where: { id },
    select: {
      sizeId: true,
      status: true,
      quantity: true,
      unitPrice: true,
      totalPrice: true,
      priceLines: true,
      updatedAt: true,
    },
  });
}

/** A tailor's shop design on sale, with or without a size of its own. */
async function shopDesign(sizeId: string | null = null, price = 890) {
  const tailor = await createTestUser({ roles: ["merchant"] });
  const design = await db().design.create({
    data: { ownerId: tailor.id, baseId: "shirt4", status: "approved", price, sizeId },
  });
  return { tailor, design };
}

async function profileOf(userId: number, name = "ตัวฉัน") {
  return db().measurementProfile.create({
    data: {
      userId,
      name,
      unit: "in",
      chest: 96.5,
      waist: 81.3,
      hips: 99.1,
      shoulder: 44.5,
      sleeve: 61,
      shirtLength: 73.7,
      neck: 39.4,
    },
  });
}

/** An item put in the cart before sizes were asked for: no size on the item nor on its design. */
async function sizelessShopItem(buyerId: number) {
  const { tailor, design } = await shopDesign(null, 700);
  const item = await db().order.create({
    data: {
      buyerId,
      sellerId: tailor.id,
      designId: design.id,
      name: "เสื้อหญิงแขนกระบอก",
      unitPrice: 700,
      totalPrice: 700,
    },
  });
  return { tailor, design, item };
}

beforeAll(async () => {
  if ((await db().patternOption.count()) === 0) await seedCatalogue(db());
});

describe("the designer: nothing goes into the cart without a size", () => {
  it("POST /api/design without a size is 400 naming the size, and saves nothing", async () => {
    const { cookie } = await signedIn();
    const before = await counts();
    const withoutSize = designJson;
    for (const json of [withoutSize, { ...withoutSize, sizeId: null }, { ...withoutSize, sizeId: "" }]) {
      const refused = await api(apiDesign.action, "/api/design", { cookie, json });
      expect(refused).toEqual({ status: 400, body: { error: SIZE_REQUIRED } });
    }
    const unknown = await api(apiDesign.action, "/api/design", { cookie, json: { ...withoutSize, sizeId: "size9" } });
    expect(unknown).toEqual({ status: 400, body: { error: "ไม่พบขนาดที่เลือกในรายการ" } });
    expect(await counts()).toEqual(before);

    const added = await api(apiDesign.action, "/api/design", { cookie, json: { ...withoutSize, sizeId: "size2" } });
    expect(added.status).toBe(201);
    const { cartItemId, designId } = added.body as { cartItemId: number; designId: number };
    expect((await orderRow(cartItemId)).sizeId).toBe("size2");
    expect((await db().design.findUniqueOrThrow({ where: { id: designId } })).sizeId).toBe("size2");
    const cart = await api(apiCart.loader, "/api/cart", { cookie });
    expect(cart.body).toEqual([
      expect.objectContaining({ id: cartItemId, size: M, needsSize: false, customSize: false, measurements: null }),
    ]);
  });

  it("the page's form (no JavaScript) refuses beside the size picker, saves nothing, and adds once a size is chosen", async () => {
    const { user, cookie } = await signedIn();
    const before = await counts();
    const refused = await call(designPage.action, "/design?category=neck&shirt=shirt1&neck=neck1&hem=hem2", {
      cookie,
      form: designForm,
    });
    expect(statusOf(refused)).toBe(400);
    // The size picker's own error (beside it), not the form's general one.
    expect((refused as { data: { result: unknown } }).data.result).toEqual({
      status: "error",
      error: { sizeId: [SIZE_REQUIRED] },
    });
    expect(await counts()).toEqual(before);

    const added = await call(designPage.action, "/design?category=neck&shirt=shirt1&neck=neck1&hem=hem2&size=size4", {
      cookie,
      form: { ...designForm, sizeId: "size4" },
    });
    expect(locationOf(added)).toBe("/cart");
    expect(await noticeOf(added)).toEqual({ type: "success", message: "เพิ่มลงตะกร้าเรียบร้อยแล้ว" });
    const cart = await cartOf(cookie);
    expect(cart.items).toEqual([expect.objectContaining({ buyerId: user.id, size: XL, needsSize: false })]);
  });

  it("cut to measure counts as a size: with a profile it goes in, shown by its measurements (size null)", async () => {
    const { user, cookie } = await signedIn();
    const profile = await profileOf(user.id);
    const added = await call(designPage.action, "/design?category=size", {
      cookie,
      form: { ...designForm, sizeId: "size_custom", measurementProfileId: String(profile.id) },
    });
    expect(locationOf(added)).toBe("/cart");
    const [item] = (await api(apiCart.loader, "/api/cart", { cookie })).body as unknown as Record<string, unknown>[];
    expect(item).toMatchObject({ size: null, needsSize: false, customSize: true, measurements: { name: "ตัวฉัน" } });
    expect((await orderRow(item!.id as number)).sizeId).toBe("size_custom");
  });
});

describe("a shop's design goes into the cart in the customer's size", () => {
  it("POST /api/cart/add takes sizeId; without one it uses the design's own size, and refuses when the design has none", async () => {
    const { cookie } = await signedIn();
    const bare = await shopDesign(null);
    const sized = await shopDesign("size3");
    const before = await counts();

    const refused = await api(apiCartAdd.action, "/api/cart/add", {
      cookie,
      json: { designId: bare.design.id, quantity: 1 },
    });
    expect(refused).toEqual({ status: 400, body: { error: SIZE_REQUIRED } });
    const custom = await api(apiCartAdd.action, "/api/cart/add", {
      cookie,
      json: { designId: bare.design.id, quantity: 1, sizeId: "size_custom" },
    });
    expect(custom).toEqual({ status: 400, body: { error: "แบบเสื้อของร้านเลือกได้เฉพาะขนาดมาตรฐาน (S ถึง 3XL)" } });
    const unknown = await api(apiCartAdd.action, "/api/cart/add", {
      cookie,
      json: { designId: bare.design.id, quantity: 1, sizeId: "XL" },
    });
    expect(unknown).toEqual({ status: 400, body: { error: "ไม่พบขนาดที่เลือกในรายการ" } });
    expect(await counts()).toEqual(before);

    const inM = await api(apiCartAdd.action, "/api/cart/add", {
      cookie,
      json: { designId: bare.design.id, quantity: 1, sizeId: "size2" },
    });
    expect(inM.status).toBe(201);
    // The same design in another size is a line of its own; the same size again grows its line.
    const inXl = await api(apiCartAdd.action, "/api/cart/add", {
      cookie,
      json: { designId: bare.design.id, quantity: 2, sizeId: "size4" },
    });
    const inMAgain = await api(apiCartAdd.action, "/api/cart/add", {
      cookie,
      json: { designId: bare.design.id, quantity: 1, sizeId: "size2" },
    });
    expect(inXl.body.id).not.toBe(inM.body.id);
    expect(inMAgain.body.id).toBe(inM.body.id);
    const theDesigns = await api(apiCartAdd.action, "/api/cart/add", { cookie, json: { designId: sized.design.id } });
    expect(theDesigns.status).toBe(201);

    const cart = (await api(apiCart.loader, "/api/cart", { cookie })).body as unknown as Record<string, unknown>[];
    expect(cart.map((row) => [row.id, row.quantity, row.size])).toEqual([
      [inM.body.id, 2, M],
      [inXl.body.id, 2, XL],
      [theDesigns.body.id, 1, { sid: "size3", name: "L รอบอก 40 นิ้ว" }],
    ]);
  });

  it("the silk shops page's form asks for the size: without one it goes back with the message beside that design, adding nothing", async () => {
    const { cookie } = await signedIn();
    const { design, tailor } = await shopDesign("size3");
    const before = await counts();
    const refused = await call(cartAdd.action, "/cart/add", {
      cookie,
      form: { designId: String(design.id), quantity: "1", sizeId: "" },
      headers: { Referer: "http://shop.test/merchant/info?page=1" },
    });
    // Even a design with a size of its own: the page asks for the customer's.
    expect(locationOf(refused)).toBe(`/merchant/info?page=1&needSize=${design.id}#design-${design.id}`);
    expect(await fullNoticeOf(refused)).toEqual({
      type: "error",
      message: "ไม่สามารถเพิ่มสินค้าลงตะกร้าได้",
      description: SIZE_REQUIRED,
    });
    // From the enlarged view it stays open (no jump to the card underneath).
    const fromViewer = await call(cartAdd.action, "/cart/add", {
      cookie,
      form: { designId: String(design.id), quantity: "1" },
      headers: { Referer: `http://shop.test/merchant/info?view=${design.id}&needSize=99` },
    });
    expect(locationOf(fromViewer)).toBe(`/merchant/info?view=${design.id}&needSize=${design.id}`);
    expect(await counts()).toEqual(before);

    const added = await call(cartAdd.action, "/cart/add", {
      cookie,
      form: { designId: String(design.id), quantity: "1", sizeId: "size4" },
      headers: { Referer: `http://shop.test/merchant/info?needSize=${design.id}` },
    });
    expect(locationOf(added)).toBe("/cart");
    const cart = await cartOf(cookie);
    expect(cart.items).toEqual([expect.objectContaining({ designId: design.id, sellerId: tailor.id, size: XL })]);
  });
});

describe("the cart shows each line's size and changes it", () => {
  it("PATCH /api/cart/{id} { sizeId } and the line's own form change the size and move the item's version", async () => {
    const { cookie } = await signedIn();
    const { design } = await shopDesign("size3");
    const { body } = await api(apiCartAdd.action, "/api/cart/add", {
      cookie,
      json: { designId: design.id, sizeId: "size2" },
    });
    const id = body.id as number;
    const seen = (await orderRow(id)).updatedAt;

    const changed = await api(apiCartItem.action, `/api/cart/${id}`, {
      cookie,
      method: "PATCH",
      params: { id: String(id) },
      json: { sizeId: "size4" },
    });
    expect(changed).toEqual({ status: 200, body: { id, size: XL, message: "เปลี่ยนขนาดเสื้อแล้ว" } });
    const after = await orderRow(id);
    expect(after.sizeId).toBe("size4");
    expect(after.updatedAt.getTime()).toBeGreaterThan(seen.getTime());

    const page = await call(cartPage.action, "/cart", {
      cookie,
      form: { intent: "size", itemId: String(id), sizeId: "size1" },
    });
    expect(locationOf(page)).toBe("/cart");
    expect(await noticeOf(page)).toEqual({ type: "success", message: "เปลี่ยนขนาดเสื้อแล้ว" });
    expect((await cartOf(cookie)).items[0]).toMatchObject({ id, size: { sid: "size1", name: "S รอบอก 36 นิ้ว" } });
  });

  it("refuses a size that is not a ready one, someone else's item and a size that meets another line, changing nothing", async () => {
    const { cookie } = await signedIn();
    const { design } = await shopDesign(null);
    const add = async (sizeId: string) =>
      (await api(apiCartAdd.action, "/api/cart/add", { cookie, json: { designId: design.id, sizeId } })).body
        .id as number;
    const inM = await add("size2");
    const inL = await add("size3");
    const patch = (id: number, json: unknown, who = cookie) =>
      api(apiCartItem.action, `/api/cart/${id}`, { cookie: who, method: "PATCH", params: { id: String(id) }, json });

    expect(await patch(inM, { sizeId: "size_custom" })).toEqual({
      status: 400,
      body: { error: "การตัดตามสัดส่วนเลือกได้ในหน้าออกแบบเสื้อ ในตะกร้าเปลี่ยนได้เฉพาะขนาดมาตรฐาน" },
    });
    expect(await patch(inM, { sizeId: "size99" })).toEqual({ status: 400, body: { error: "ไม่พบขนาดที่เลือกในรายการ" } });
    expect((await patch(inM, { sizeId: 4 })).status).toBe(400);
    const other = await signedIn();
    expect((await patch(inM, { sizeId: "size1" }, other.cookie)).status).toBe(403);
    // M → L would be a second line of L of the same design from the same tailor.
    expect(await patch(inM, { sizeId: "size3" })).toEqual({
      status: 409,
      body: { error: "ตะกร้ามีแบบเสื้อนี้ในขนาดนี้อยู่แล้ว กรุณาเพิ่มจำนวนที่รายการนั้นแทน" },
    });
    const page = await call(cartPage.action, "/cart", {
      cookie,
      form: { intent: "size", itemId: String(inM), sizeId: "size3" },
    });
    expect(cartRefusalOf(page)).toBe("ตะกร้ามีแบบเสื้อนี้ในขนาดนี้อยู่แล้ว กรุณาเพิ่มจำนวนที่รายการนั้นแทน");
    expect([(await orderRow(inM)).sizeId, (await orderRow(inL)).sizeId]).toEqual(["size2", "size3"]);
  });

  it("an item cut to measure changed to a ready size drops the price of cutting to measure, not the parts'", async () => {
    const { user, cookie } = await signedIn();
    const profile = await profileOf(user.id);
    const { tailor } = await tailorWithPrices({ shirt1: 450, neck1: 60, hem2: 90, size_custom: 150 });
    const added = await api(apiDesign.action, "/api/design", {
      cookie,
      json: { ...designJson, quantity: 2, sizeId: "size_custom", measurementProfileId: profile.id },
    });
    const { cartItemId: id, designId } = added.body as { cartItemId: number; designId: number };
    await api(apiSelect.action, "/api/orders/select_merchant", {
      cookie,
      json: { productId: id, merchantId: tailor.id },
    });
    expect(await orderRow(id)).toMatchObject({ sizeId: "size_custom" });
    expect(Number((await orderRow(id)).unitPrice)).toBe(750);

    const changed = await api(apiCartItem.action, `/api/cart/${id}`, {
      cookie,
      method: "PATCH",
      params: { id: String(id) },
      json: { sizeId: "size2" },
    });
    expect(changed.status).toBe(200);
    const row = await orderRow(id);
    expect([row.sizeId, Number(row.unitPrice), Number(row.totalPrice)]).toEqual(["size2", 600, 1200]);
    expect((row.priceLines as { sid: string }[]).map((line) => line.sid)).toEqual(["shirt1", "neck1", "hem2"]);
    expect(await db().design.findUniqueOrThrow({ where: { id: designId } })).toMatchObject({
      sizeId: "size2",
      measurementProfileId: null,
    });
    const [item] = (await api(apiCart.loader, "/api/cart", { cookie })).body as unknown as Record<string, unknown>[];
    expect(item).toMatchObject({ size: M, customSize: false, measurements: null, sellerId: tailor.id });
  });

  it("a size change and a tailor chosen at the same moment never leave a price for another size", async () => {
    const { user, cookie } = await signedIn();
    const profile = await profileOf(user.id);
    const first = await tailorWithPrices({ shirt1: 450, neck1: 60, hem2: 90, size_custom: 150 });
    const second = await tailorWithPrices({ shirt1: 400, neck1: 60, hem2: 90, size_custom: 200 });
    for (let round = 0; round < 8; round += 1) {
      const added = await api(apiDesign.action, "/api/design", {
        cookie,
        json: { ...designJson, sizeId: "size_custom", measurementProfileId: profile.id },
      });
      const id = (added.body as { cartItemId: number }).cartItemId;
      await selectTailor(user.id, id, first.tailor.id);
      await Promise.allSettled([
        api(apiCartItem.action, `/api/cart/${id}`, {
          cookie,
          method: "PATCH",
          params: { id: String(id) },
          json: { sizeId: "size3" },
        }),
        selectTailor(user.id, id, second.tailor.id),
      ]);
      const row = await orderRow(id);
      const lines = row.priceLines as { sid: string; price: number }[];
      expect(row.sizeId).toBe("size3");
      expect(lines.map((line) => line.sid)).not.toContain("size_custom");
      expect(Number(row.unitPrice)).toBe(lines.reduce((sum, line) => sum + line.price, 0));
    }
  });
});

describe("an item without a size cannot be placed until it has one", () => {
  it("the JSON call answers 409 in Thai and places nothing; the cart says which line; a size chosen, it is placed", async () => {
    const { user, cookie } = await signedIn();
    const { item } = await sizelessShopItem(user.id);

    const refused = await api(apiPlace.action, "/api/orders/place", { cookie, method: "PATCH" });
    expect(refused).toEqual({ status: 409, body: { error: "กรุณาเลือกขนาดเสื้อให้ครบทุกรายการก่อนสั่งตัด" } });
    expect((await orderRow(item.id)).status).toBe("cart");
    expect(await db().orderEvent.count({ where: { orderId: item.id } })).toBe(0);

    const cart = await cartOf(cookie);
    expect(cart.items).toEqual([
      expect.objectContaining({ id: item.id, size: null, needsSize: true, customSize: false }),
    ]);
    const json = (await api(apiCart.loader, "/api/cart", { cookie })).body as unknown as Record<string, unknown>[];
    expect(json[0]).toMatchObject({ size: null, needsSize: true });

    // The page's place form: the cart again with the message, nothing placed.
    const shown = cart.items.map((row) => `${row.id}:${row.version}`);
    const page = await call(cartPage.action, "/cart", { cookie, form: { intent: "place", item: shown } });
    expect(cartRefusalOf(page)).toBe("กรุณาเลือกขนาดเสื้อให้ครบทุกรายการก่อนสั่งตัด");
    expect((await orderRow(item.id)).status).toBe("cart");

    // The line's own form gives it a size; the cart shown before is stale, the one shown after places.
    await call(cartPage.action, "/cart", {
      cookie,
      form: { intent: "size", itemId: String(item.id), sizeId: "size2" },
    });
    const stale = await call(cartPage.action, "/cart", { cookie, form: { intent: "place", item: shown } });
    expect(cartRefusalOf(stale)).toBe("ตะกร้าสินค้ามีการเปลี่ยนแปลง กรุณาตรวจสอบรายการอีกครั้งก่อนสั่งตัด");
    const fresh = (await cartOf(cookie)).items.map((row) => `${row.id}:${row.version}`);
    const placed = await call(cartPage.action, "/cart", { cookie, form: { intent: "place", item: fresh } });
    expect(locationOf(placed)).toBe("/user/orders");
    expect(await orderRow(item.id)).toMatchObject({ status: "ordered", sizeId: "size2" });
  });

  it("an admin's override cannot place it either", async () => {
    const buyer = await createTestUser();
    const { item } = await sizelessShopItem(buyer.id);
    const admin = await signedIn({ roles: ["admin"] });
    const refused = await api(adminOrderStatus.action, `/admin/orders/${item.id}/status`, {
      cookie: admin.cookie,
      method: "PATCH",
      params: { id: String(item.id) },
      json: { status: "ordered" },
    });
    expect(refused).toEqual({ status: 409, body: { error: "รายการนี้ยังไม่ได้เลือกขนาดเสื้อ จึงย้ายเป็นคำสั่งซื้อไม่ได้" } });
    expect((await orderRow(item.id)).status).toBe("cart");
  });
});

describe("orders carry their size to the buyer, the tailor and the admin", () => {
  it("every order JSON row, the order pages and the work sheet show the item's size (a shop design in the buyer's size)", async () => {
    const { cookie } = await signedIn();
    // The tailor made the design in L; the customer ordered it in XL.
    const { tailor, design } = await shopDesign("size3");
    const tailorCookie = await sessionCookieFor(tailor.id);
    const { body } = await api(apiCartAdd.action, "/api/cart/add", {
      cookie,
      json: { designId: design.id, sizeId: "size4" },
    });
    const id = body.id as number;
    expect((await api(apiPlace.action, "/api/orders/place", { cookie, method: "PATCH" })).status).toBe(200);

    const order = await api(apiOrder.loader, `/api/orders/${id}`, { cookie, params: { id: String(id) } });
    expect(order.body).toMatchObject({ id, size: XL, needsSize: false });
    expect(
      (order.body.parts as { category: string; label: string }[]).find((part) => part.category === "size"),
    ).toMatchObject({
      label: XL.name,
    });
    const mine = await api(apiMyOrders.loader, "/api/user/my_orders", { cookie });
    expect((mine.body.items as Record<string, unknown>[])[0]).toMatchObject({ id, size: XL });
    const theirs = await api(apiMerchantOrders.loader, "/api/merchants/orders/me", { cookie: tailorCookie });
    expect(JSON.stringify(theirs.body)).toContain(JSON.stringify(XL));
    const detail = await api(apiMerchantOrder.loader, `/api/merchants/order/${id}/details`, {
      cookie: tailorCookie,
      params: { id: String(id) },
    });
    expect(detail.body).toMatchObject({ id, size: XL });
    const admin = await signedIn({ roles: ["admin"] });
    const listed = await api(adminOrders.loader, "/admin/orders?sort=id&dir=desc", { cookie: admin.cookie });
    expect((listed.body.orders as Record<string, unknown>[]).find((row) => row.id === id)).toMatchObject({ size: XL });

    const sheet = (await call(workSheet.loader, `/merchant/order/${id}/sheet`, {
      cookie: tailorCookie,
      params: { id: String(id) },
    })) as Loaded<typeof workSheet.loader>;
    expect(sheet.order).toMatchObject({ size: XL, customSize: false });
    expect(sheet.order.parts.find((part) => part.category === "size")).toMatchObject({ sid: "size4", label: XL.name });
    const page = (await call(userProduct.loader, `/user/product/${id}`, {
      cookie,
      params: { id: String(id) },
    })) as { order: { size: unknown } };
    expect(page.order.size).toEqual(XL);
  });

  it("an order placed before sizes were asked for reads as no size given, never another size", async () => {
    const { user, cookie } = await signedIn();
    const { tailor, item } = await sizelessShopItem(user.id);
    await db().order.update({
      where: { id: item.id },
      data: { status: "ordered", orderedAt: new Date(), deliveryAddress: "1 หมู่ 1" },
    });
    const sheet = (await call(workSheet.loader, `/merchant/order/${item.id}/sheet`, {
      cookie: await sessionCookieFor(tailor.id),
      params: { id: String(item.id) },
    })) as Loaded<typeof workSheet.loader>;
    expect(sheet.order).toMatchObject({ size: null, needsSize: true, customSize: false });
    expect(sheet.order.parts.some((part) => part.category === "size")).toBe(false);
    const order = await api(apiOrder.loader, `/api/orders/${item.id}`, { cookie, params: { id: String(item.id) } });
    expect(order.body).toMatchObject({ size: null, needsSize: true });
  });
});
