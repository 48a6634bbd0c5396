import { describe, expect, it, onTestFinished, vi } from "vitest";
import { db } from "~/data/db.server";
import { addRefusalFor } from "~/domain/orders/add-refusals";
import * as cartPage from "~/routes/orders/cart";
import * as cartAdd from "~/routes/orders/cart-add";
import * as merchantOrder from "~/routes/orders/merchant-order";
import * as merchantOrders from "~/routes/orders/merchant-orders";
import * as selectPage from "~/routes/orders/merchant-select";
import * as userOrders from "~/routes/orders/user-orders";
import * as userProduct from "~/routes/orders/user-product";
import { callRoute, locationOf, noticeOf, refusalOf, statusOf } from "../../support/requests";
import { sessionCookieFor, signedIn } from "../../support/users";
import { cartRefusalOf, customerWithDesign, makeOrder, tailorWithPrices } from "./support";

// The route functions take React Router's full argument type; callRoute passes what they read.
const call = (fn: unknown, path: string, options?: Parameters<typeof callRoute>[2]) =>
  callRoute(fn as never, path, options);
type Loaded<T> = T extends (...args: never[]) => Promise<infer R> ? Exclude<R, Response> : never;

async function cartOf(cookie: string) {
  return (await call(cartPage.loader, "/cart", { cookie })) as Loaded<typeof cartPage.loader>;
}

function seen(cart: Awaited<ReturnType<typeof cartOf>>) {
  return cart.items.map((item) => `${item.id}:${item.version}`);
}

/** Resolves once Date.now() is later than `version` (an ISO time): a row written from now on gets a newer version. */
async function clockPast(version: string): Promise<void> {
  const shownAt = Date.parse(version);
  await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(shownAt), { interval: 1, timeout: 1_000 });
}

describe("cart → choose a tailor → place order (pages and form actions)", () => {
  it("the tailor choice shows 10 tailors a page: those who can make it first, cheapest first, and how many can of all", async () => {
    // Only this test's tailors are open, and only while it runs.
    const closeShops = () =>
      db().user.updateMany({ where: { roles: { has: "merchant" } }, data: { status: "inactive" } });
    await closeShops();
    onTestFinished(async () => {
      await closeShops();
    });
    const { cookie, item } = await customerWithDesign();
    const able = [];
    for (let index = 0; index < 12; index += 1)
      able.push(
        (await tailorWithPrices({ shirt1: 500 - index * 10, neck1: 60, hem2: 90 }, `Silk House ${index + 1}`)).tailor,
      );
    const unable = [];
    for (let index = 0; index < 3; index += 1) unable.push((await tailorWithPrices({ shirt1: 100 })).tailor);
    const cheapestFirst = [...able].reverse().map((tailor) => tailor.id);

    const pageOf = async (query: string) =>
      (await call(selectPage.loader, `/merchant/select?productId=${item.id}${query}`, { cookie })) as Loaded<
        typeof selectPage.loader
      >;
    const first = await pageOf("");
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 15, available: 12 });
    expect(first.items.map((tailor) => tailor.id)).toEqual(cheapestFirst.slice(0, 10));
    expect(first.items[0]!.quote).toMatchObject({ available: true, unitPrice: 540 });
    const second = await pageOf("&page=2");
    expect(second.items.map((tailor) => tailor.id)).toEqual([...cheapestFirst.slice(10), ...unable.map((t) => t.id)]);
    expect(second.items.at(-1)!.unavailableReason).toMatch(/^ยังไม่ได้ตั้งราคา/);
    const pastTheEnd = await pageOf("&page=9");
    expect(pastTheEnd.page).toBe(2);
    expect(pastTheEnd.items.map((tailor) => tailor.id)).toEqual(second.items.map((tailor) => tailor.id));

    // Looking for one tailor: by shop or own name, in any case; the counts are of what was found.
    const found = await pageOf(`&q=${encodeURIComponent("  silk house 1")}`);
    expect(found).toMatchObject({ total: 4, available: 4, pageCount: 1, search: "silk house 1" });
    expect(found.items.map((tailor) => tailor.id)).toEqual([able[11]!.id, able[10]!.id, able[9]!.id, able[0]!.id]);
    expect(await pageOf("&q=ไม่มีช่างชื่อนี้")).toMatchObject({ total: 0, items: [], page: 1 });
  });

  it("the customer chooses a quoted tailor, orders, and the tailor accepts and completes", async () => {
    const { buyer, cookie, item } = await customerWithDesign();
    const cheap = await tailorWithPrices({ shirt1: 450, neck1: 60, hem2: 90 }, "ร้านราคาดี");
    const partial = await tailorWithPrices({ shirt1: 400 }, "ร้านยังไม่ครบ");

    let cart = await cartOf(cookie);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ id: item.id, sellerId: null, totalPrice: null, needsTailorChoice: true });
    expect(cart.summary).toMatchObject({ itemCount: 1, pieceCount: 2, total: 0, ready: false });

    // The tailor list: the complete one quoted (unit 600, total 1200), the other unavailable with its reason.
    const choices = (await call(selectPage.loader, `/merchant/select?productId=${item.id}`, { cookie })) as Loaded<
      typeof selectPage.loader
    >;
    const quoted = choices.items.find((t) => t.id === cheap.tailor.id)!;
    expect(quoted.quote).toMatchObject({ available: true, unitPrice: 600, totalPrice: 1200 });
    const missing = choices.items.find((t) => t.id === partial.tailor.id)!;
    expect(missing.quote.available).toBe(false);
    expect(missing.unavailableReason).toBe("ยังไม่ได้ตั้งราคา: คอเสื้อ (คอจีน), ชายเสื้อ (ชายเสื้อลายนาค)");

    // Choosing the unavailable tailor is refused; nothing changes.
    const refused = await call(selectPage.action, "/merchant/select", {
      cookie,
      form: { productId: String(item.id), merchantId: String(partial.tailor.id) },
    });
    // The page again with the reason beside the choice (it stays; the notice says it too).
    expect(statusOf(refused)).toBeGreaterThanOrEqual(400);
    expect((refused as { data: { chooseError: string } }).data.chooseError).toMatch(/[\u0E00-\u0E7F]/);
    expect((await db().order.findUniqueOrThrow({ where: { id: item.id } })).sellerId).toBeNull();

    const chosen = await call(selectPage.action, "/merchant/select", {
      cookie,
      form: { productId: String(item.id), merchantId: String(cheap.tailor.id) },
    });
    expect(locationOf(chosen)).toBe("/cart");
    cart = await cartOf(cookie);
    expect(cart.items[0]).toMatchObject({ sellerId: cheap.tailor.id, unitPrice: 600, totalPrice: 1200 });
    expect(cart.summary).toMatchObject({ total: 1200, ready: true });

    // The quantity stepper: 3 shirts cost 1800.
    await call(cartPage.action, "/cart", {
      cookie,
      form: { intent: "quantity", itemId: String(item.id), quantity: "3" },
    });
    cart = await cartOf(cookie);
    expect(cart.items[0]).toMatchObject({ quantity: 3, totalPrice: 1800 });

    const placed = await call(cartPage.action, "/cart", { cookie, form: { intent: "place", item: seen(cart) } });
    expect(locationOf(placed)).toBe("/user/orders");
    expect(await noticeOf(placed)).toEqual({ type: "success", message: "สั่งตัดเสื้อเรียบร้อยแล้ว" });
    const order = await db().order.findUniqueOrThrow({ where: { id: item.id } });
    expect(order).toMatchObject({ status: "ordered", deliveryAddress: buyer.address });
    expect(order.orderedAt).toBeInstanceOf(Date);
    expect(order.priceLines).toEqual([
      { category: "shirt", sid: "shirt1", price: 450 },
      { category: "neck", sid: "neck1", price: 60 },
      { category: "hem", sid: "hem2", price: 90 },
    ]);
    expect((await cartOf(cookie)).items).toHaveLength(0);

    // A tailor changing prices later does not touch the placed order.
    await db().partPrice.updateMany({ where: { merchantId: cheap.tailor.id }, data: { price: 999 } });

    const mine = (await call(userOrders.loader, "/user/orders", { cookie })) as Loaded<typeof userOrders.loader>;
    // 3 × 600 and the tailor's shipping fee (a new tailor's 50), frozen when placed (issue 45).
    expect(mine.items.map((o) => [o.id, o.status, Number(o.totalPrice)])).toEqual([[item.id, "ordered", 1850]]);

    // The tailor sees it, accepts (twice: the second is refused), completes.
    const incoming = (await call(merchantOrders.loader, "/merchant", { cookie: cheap.cookie })) as Loaded<
      typeof merchantOrders.loader
    >;
    expect(incoming.orders.items.map((o) => o.id)).toEqual([item.id]);
    const accepted = await call(merchantOrder.action, `/merchant/order/${item.id}`, {
      cookie: cheap.cookie,
      params: { id: String(item.id) },
      form: { intent: "accept" },
    });
    expect(await noticeOf(accepted)).toEqual({ type: "success", message: "รับงานสำเร็จ" });
    const again = await call(merchantOrder.action, `/merchant/order/${item.id}`, {
      cookie: cheap.cookie,
      params: { id: String(item.id) },
      form: { intent: "accept" },
    });
    expect(refusalOf(again)).toMatchObject({ status: 409, failure: "เกิดข้อผิดพลาดในการรับงาน" });
    const done = await call(merchantOrder.action, `/merchant/order/${item.id}`, {
      cookie: cheap.cookie,
      params: { id: String(item.id) },
      form: { intent: "complete" },
    });
    expect(await noticeOf(done)).toEqual({ type: "success", message: "อัปเดตสถานะเป็นตัดเย็บเสร็จแล้ว" });
    const late = await call(merchantOrder.action, `/merchant/order/${item.id}`, {
      cookie: cheap.cookie,
      params: { id: String(item.id) },
      form: { intent: "cancel", reasonChoice: "คิวงานเต็ม" },
    });
    expect(refusalOf(late)).toMatchObject({ status: 409, failure: "เกิดข้อผิดพลาดในการยกเลิกคำสั่งซื้อ" });

    // The customer's detail page shows the status and the whole timeline.
    const detail = (await call(userProduct.loader, `/user/product/${item.id}`, {
      cookie,
      params: { id: String(item.id) },
    })) as Loaded<typeof userProduct.loader>;
    expect(detail.order.status).toBe("completed");
    expect(detail.order.events.map((e) => e.toStatus)).toEqual(["ordered", "accepted", "completed"]);
    expect(detail.order.parts.find((p) => p.category === "neck")).toMatchObject({
      categoryLabel: "คอเสื้อ",
      label: "คอจีน",
      image: "/api/assets/patterns/neck1.svg",
    });
    expect(detail.order.parts.find((p) => p.category === "ttape")).toMatchObject({
      label: "ไม่ใช้ผ้ากาว",
      image: "/api/assets/patterns/ttape2.svg",
    });
    expect(Number(detail.order.totalPrice)).toBe(1850);
  });

  it("an order names each part as the catalogue does, and a part the catalogue no longer has as it was stored", async () => {
    await db().patternOption.upsert({
      where: { sid: "neck_retired" },
      create: {
        sid: "neck_retired",
        category: "neck",
        labelTh: "คอแบบเก่า",
        labelEn: "Old collar",
        imageUrl: "/old.svg",
      },
      update: {},
    });
    const { cookie, item } = await customerWithDesign({ baseId: "shirt1", collarId: "neck_retired", hemId: "hem2" });
    const detail = (await call(userProduct.loader, `/user/product/${item.id}`, {
      cookie,
      params: { id: String(item.id) },
    })) as Loaded<typeof userProduct.loader>;
    expect(detail.order.parts.find((p) => p.category === "neck")).toMatchObject({
      label: "คอแบบเก่า",
      image: "/old.svg",
    });
    expect(detail.order.parts.find((p) => p.category === "shirt")).toMatchObject({
      label: "เสื้อเชิ้ตชายแขนยาว",
      image: "/api/assets/patterns/shirt1.svg",
    });
  });

  it("refuses to place when an item has no tailor, and nothing changes", async () => {
    const { cookie, item } = await customerWithDesign();
    const cart = await cartOf(cookie);
    const result = await call(cartPage.action, "/cart", { cookie, form: { intent: "place", item: seen(cart) } });
    expect(cartRefusalOf(result)).toBe("กรุณาเลือกผู้ตัดให้ครบ");
    expect((await db().order.findUniqueOrThrow({ where: { id: item.id } })).status).toBe("cart");
    expect(await db().orderEvent.count({ where: { orderId: item.id } })).toBe(0);
  });

  it.each([
    ["no longer works (inactive)", (id: number) => db().user.update({ where: { id }, data: { status: "inactive" } })],
    ["emptied its shop name", (id: number) => db().user.update({ where: { id }, data: { shopName: " " } })],
    ["removed every price", (id: number) => db().partPrice.deleteMany({ where: { merchantId: id } })],
  ])("refuses to place when a chosen tailor %s, and nothing changes", async (_case, stopTaking) => {
    const { cookie, item } = await customerWithDesign();
    const { tailor } = await tailorWithPrices({ shirt1: 450, neck1: 60, hem2: 90 }, "ร้านที่เลือกไว้");
    await call(selectPage.action, "/merchant/select", {
      cookie,
      form: { productId: String(item.id), merchantId: String(tailor.id) },
    });
    await stopTaking(tailor.id);
    const result = await call(cartPage.action, "/cart", {
      cookie,
      form: { intent: "place", item: seen(await cartOf(cookie)) },
    });
    expect(cartRefusalOf(result)).toBe("ช่างตัดบางรายในตะกร้าไม่ได้เปิดรับงานแล้ว กรุณาเลือกช่างตัดใหม่หรือนำรายการนั้นออก");
    expect((await db().order.findUniqueOrThrow({ where: { id: item.id } })).status).toBe("cart");
  });

  it("places a tailor's own design on sale while the tailor is active, listed shop or not", async () => {
    // A shop design's tailor is its owner, not a choice from the list: no part prices asked (a shop
    // without them is not listed, decision 104).
    const { buyer, tailor, order } = await makeOrder({ status: "cart" });
    expect(await db().partPrice.count({ where: { merchantId: tailor.id } })).toBe(0);
    await db().user.update({ where: { id: buyer.id }, data: { address: "1 หมู่ 1 ตำบลทดสอบ" } });
    const cookie = await sessionCookieFor(buyer.id);
    const result = await call(cartPage.action, "/cart", {
      cookie,
      form: { intent: "place", item: seen(await cartOf(cookie)) },
    });
    expect(await noticeOf(result)).toEqual({ type: "success", message: "สั่งตัดเสื้อเรียบร้อยแล้ว" });
    expect((await db().order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("ordered");
  });

  it("refuses to place when the cart changed since the page was shown, and nothing changes", async () => {
    const { cookie, item } = await customerWithDesign();
    const { tailor } = await tailorWithPrices({ shirt1: 450, neck1: 60, hem2: 90 });
    await call(selectPage.action, "/merchant/select", {
      cookie,
      form: { productId: String(item.id), merchantId: String(tailor.id) },
    });
    const shownCart = await cartOf(cookie);
    const shown = seen(shownCart);
    // Meanwhile (another tab) the quantity changes: once the clock has moved past the version
    // shown (milliseconds), so the change gets a version of its own.
    await clockPast(shownCart.items[0]!.version);
    await call(cartPage.action, "/cart", {
      cookie,
      form: { intent: "quantity", itemId: String(item.id), quantity: "5" },
    });
    const result = await call(cartPage.action, "/cart", { cookie, form: { intent: "place", item: shown } });
    expect(cartRefusalOf(result)).toBe("ตะกร้าสินค้ามีการเปลี่ยนแปลง กรุณาตรวจสอบรายการอีกครั้งก่อนสั่งตัด");
    expect((await db().order.findUniqueOrThrow({ where: { id: item.id } })).status).toBe("cart");
  });

  it("/cart/add puts a tailor's approved design in the cart with its tailor and price", async () => {
    const { tailor } = await tailorWithPrices({ shirt1: 450 });
    const design = await db().design.create({
      data: { ownerId: tailor.id, baseId: "shirt4", price: 1250, status: "approved" },
    });
    const pending = await db().design.create({
      data: { ownerId: tailor.id, baseId: "shirt4", price: 990, status: "pending", type: "upload" },
    });
    const { user, cookie } = await signedIn();

    const added = await call(cartAdd.action, "/cart/add", {
      cookie,
      form: { designId: String(design.id), quantity: "2", sizeId: "size4" },
    });
    expect(locationOf(added)).toBe("/cart");
    expect(await noticeOf(added)).toEqual({ type: "success", message: "เพิ่มลงตะกร้าเรียบร้อยแล้ว" });
    const cart = await cartOf(cookie);
    expect(cart.items[0]).toMatchObject({
      name: "เสื้อหญิงแขนกระบอก",
      sellerId: tailor.id,
      unitPrice: 1250,
      totalPrice: 2500,
      needsTailorChoice: false,
      buyerId: user.id,
      size: { sid: "size4", name: "XL รอบอก 42 นิ้ว" },
    });

    const refused = await call(cartAdd.action, "/cart/add", {
      cookie,
      form: { designId: String(pending.id), sizeId: "size4" },
      headers: { Referer: "http://shop.test/merchant/info" },
    });
    // Back to the list, the design named with the reason's code, which the page says beside its button.
    expect(locationOf(refused)).toBe(`/merchant/info?addFailed=${pending.id}%3Agone#design-${pending.id}`);
    expect(await noticeOf(refused)).toMatchObject({ type: "error", message: "ไม่สามารถเพิ่มสินค้าลงตะกร้าได้" });
    expect(
      addRefusalFor(new URL(locationOf(refused)!, "http://shop.test").searchParams.get("addFailed"), pending.id),
    ).toBe("ไม่พบแบบเสื้อนี้ หรือแบบเสื้อยังไม่พร้อมจำหน่าย");
    // An address naming a code the shop does not know says only that the add failed.
    expect(addRefusalFor(`${pending.id}:<script>`, pending.id)).toBe("ไม่สามารถเพิ่มสินค้าลงตะกร้าได้");
    expect(addRefusalFor(`${pending.id + 1}:gone`, pending.id)).toBeNull();
    expect((await cartOf(cookie)).items).toHaveLength(1);
  });

  it("removes an item; someone else's item cannot be removed or changed", async () => {
    const { cookie, item } = await customerWithDesign();
    const other = await signedIn();
    const stolen = await call(cartPage.action, "/cart", {
      cookie: other.cookie,
      form: { intent: "remove", itemId: String(item.id) },
    });
    expect(cartRefusalOf(stolen)).toBe("คุณไม่มีสิทธิ์ดูคำสั่งซื้อนี้");
    await call(cartPage.action, "/cart", {
      cookie: other.cookie,
      form: { intent: "quantity", itemId: String(item.id), quantity: "9" },
    });
    expect((await db().order.findUniqueOrThrow({ where: { id: item.id } })).quantity).toBe(2);

    const removed = await call(cartPage.action, "/cart", {
      cookie,
      form: { intent: "remove", itemId: String(item.id) },
    });
    expect(await noticeOf(removed)).toEqual({ type: "success", message: "นำสินค้าออกจากตะกร้าแล้ว" });
    expect(await db().order.findUnique({ where: { id: item.id } })).toBeNull();
  });

  it("a bad quantity gets a Thai message and changes nothing", async () => {
    const { cookie, item } = await customerWithDesign();
    for (const quantity of ["0", "-1", "1.5", "abc", ""]) {
      const result = await call(cartPage.action, "/cart", {
        cookie,
        form: { intent: "quantity", itemId: String(item.id), quantity },
      });
      expect(cartRefusalOf(result)).toBe("จำนวนต้องเป็นจำนวนเต็มตั้งแต่ 1 ขึ้นไป");
    }
    expect((await db().order.findUniqueOrThrow({ where: { id: item.id } })).quantity).toBe(2);
    // Nonsense ids are a Thai notice too, never a server error.
    const badId = await call(cartPage.action, "/cart", { cookie, form: { intent: "remove", itemId: "abc" } });
    expect(cartRefusalOf(badId)).toBe("รหัสคำสั่งซื้อไม่ถูกต้อง");
    const badTailor = await call(selectPage.action, "/merchant/select", {
      cookie,
      form: { productId: String(item.id), merchantId: "x" },
    });
    expect((badTailor as { data: unknown }).data).toEqual({ chooseError: "ไม่พบช่างตัดที่เลือก" });
  });
});

describe("who may see and work an order (pages)", () => {
  it("another tailor gets 403 and cannot act; a visitor goes to log in; a missing order is 404", async () => {
    const { order, buyer } = await makeOrder({ status: "ordered" });
    const intruder = await signedIn({ roles: ["merchant"] });
    expect(
      statusOf(
        await call(merchantOrder.loader, `/merchant/order/${order.id}`, {
          cookie: intruder.cookie,
          params: { id: String(order.id) },
        }),
      ),
    ).toBe(403);
    const acted = await call(merchantOrder.action, `/merchant/order/${order.id}`, {
      cookie: intruder.cookie,
      params: { id: String(order.id) },
      form: { intent: "accept" },
    });
    expect(refusalOf(acted)).toMatchObject({ status: 403, failure: "เกิดข้อผิดพลาดในการรับงาน" });
    expect((await db().order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("ordered");

    const visitor = await call(merchantOrder.loader, `/merchant/order/${order.id}`, {
      params: { id: String(order.id) },
    });
    expect(locationOf(visitor)).toMatch(/^\/login\?redirectTo=/);
    expect(await noticeOf(visitor)).toEqual({ type: "info", message: "กรุณาเข้าสู่ระบบก่อนดูรายละเอียดคำสั่งซื้อ" });

    const me = await signedIn({ roles: ["merchant"] });
    expect(
      statusOf(
        await call(merchantOrder.loader, "/merchant/order/999999", { cookie: me.cookie, params: { id: "999999" } }),
      ),
    ).toBe(404);

    // The user page: another customer 403, an admin may look.
    const stranger = await signedIn();
    expect(
      statusOf(
        await call(userProduct.loader, `/user/product/${order.id}`, {
          cookie: stranger.cookie,
          params: { id: String(order.id) },
        }),
      ),
    ).toBe(403);
    const admin = await signedIn({ roles: ["admin"] });
    const seenByAdmin = (await call(userProduct.loader, `/user/product/${order.id}`, {
      cookie: admin.cookie,
      params: { id: String(order.id) },
    })) as Loaded<typeof userProduct.loader>;
    expect(seenByAdmin.order.buyerId).toBe(buyer.id);
  });

  it("choosing a tailor: someone else's item is 403, a shop design has no choice (409), a bad id 404", async () => {
    const { item } = await customerWithDesign();
    const stranger = await signedIn();
    const path = `/merchant/select?productId=${item.id}`;
    expect(statusOf(await call(selectPage.loader, path, { cookie: stranger.cookie }))).toBe(403);
    const shopItem = await makeOrder({ status: "cart" });
    const { sessionCookieFor } = await import("../../support/users");
    const owner = await sessionCookieFor(shopItem.buyer.id);
    expect(
      statusOf(await call(selectPage.loader, `/merchant/select?productId=${shopItem.order.id}`, { cookie: owner })),
    ).toBe(409);
    expect(statusOf(await call(selectPage.loader, "/merchant/select?productId=abc", { cookie: owner }))).toBe(404);
    expect(statusOf(await call(selectPage.loader, "/merchant/select", { cookie: owner }))).toBe(404);
  });

  it("the customer's order list is paginated, newest first, and leaves out the cart", async () => {
    const { buyer, design, tailor } = await makeOrder({ status: "cart" });
    for (let index = 0; index < 11; index++) {
      await db().order.create({
        data: {
          buyerId: buyer.id,
          sellerId: tailor.id,
          designId: design.id,
          name: `เสื้อ ${index}`,
          status: "ordered",
          orderedAt: new Date(Date.now() - index * 60_000),
        },
      });
    }
    const { sessionCookieFor } = await import("../../support/users");
    const cookie = await sessionCookieFor(buyer.id);
    const first = (await call(userOrders.loader, "/user/orders", { cookie })) as Loaded<typeof userOrders.loader>;
    expect(first).toMatchObject({ total: 11, page: 1, pageCount: 2 });
    expect(first.items[0]!.name).toBe("เสื้อ 0");
    const second = (await call(userOrders.loader, "/user/orders?page=2", { cookie })) as Loaded<
      typeof userOrders.loader
    >;
    expect(second.items.map((o) => o.name)).toEqual(["เสื้อ 10"]);
  });

  it("the tailor's accept and decline buttons pressed at once: one notice of success, one of failure", async () => {
    const { order, tailor } = await makeOrder({ status: "ordered" });
    const { sessionCookieFor } = await import("../../support/users");
    const cookie = await sessionCookieFor(tailor.id);
    const press = (intent: string) =>
      call(merchantOrder.action, `/merchant/order/${order.id}`, {
        cookie,
        params: { id: String(order.id) },
        form: { intent, reasonChoice: "คิวงานเต็ม" },
      });
    const answers = await Promise.all([press("accept"), press("decline")]);
    // One succeeds (its notice), the other answers the page with why it was refused.
    const succeeded = await Promise.all(answers.map(async (answer) => (await noticeOf(answer))?.type === "success"));
    expect(succeeded.filter(Boolean)).toHaveLength(1);
    expect(answers.map((answer) => refusalOf(answer)?.status).filter(Boolean)).toEqual([409]);
    const final = await db().order.findUniqueOrThrow({ where: { id: order.id } });
    const events = await db().orderEvent.findMany({ where: { orderId: order.id } });
    expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([["ordered", final.status]]);
  });

  it("the cart is for customers: a tailor is sent to /", async () => {
    const tailor = await signedIn({ roles: ["merchant"] });
    expect(locationOf(await call(cartPage.loader, "/cart", { cookie: tailor.cookie }))).toBe("/");
  });

  it("the tailor's list is paginated and filterable by status", async () => {
    const tailor = await signedIn({ roles: ["merchant"] });
    const { design, buyer } = await makeOrder({ status: "ordered" });
    for (let index = 0; index < 12; index++) {
      await db().order.create({
        data: {
          buyerId: buyer.id,
          sellerId: tailor.user.id,
          designId: design.id,
          name: `เสื้อ ${index}`,
          status: index < 9 ? "ordered" : "completed",
          orderedAt: new Date(Date.now() - index * 60_000),
        },
      });
    }
    const first = (await call(merchantOrders.loader, "/merchant", { cookie: tailor.cookie })) as Loaded<
      typeof merchantOrders.loader
    >;
    expect(first.orders).toMatchObject({ total: 12, page: 1, pageCount: 2 });
    expect(first.orders.items[0]!.name).toBe("เสื้อ 0");
    const second = (await call(merchantOrders.loader, "/merchant?page=2", { cookie: tailor.cookie })) as Loaded<
      typeof merchantOrders.loader
    >;
    expect(second.orders.items.map((o) => o.name)).toEqual(["เสื้อ 10", "เสื้อ 11"]);
    const completed = (await call(merchantOrders.loader, "/merchant?status=completed", {
      cookie: tailor.cookie,
    })) as Loaded<typeof merchantOrders.loader>;
    expect(completed.orders.total).toBe(3);
    expect(completed.counts).toMatchObject({ ordered: 9, completed: 3 });
  });
});
