import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import * as root from "~/root";
import * as cartPage from "~/routes/orders/cart";
import * as reviewPage from "~/routes/orders/cart-review";
import * as selectPage from "~/routes/orders/merchant-select";
import { callRoute, isDataWithResponseInit, locationOf, noticeOf, statusOf } from "../../support/requests";
import { customerWithDesign, tailorWithPrices } from "./support";

// The route functions take React Router's full argument type; callRoute passes what they read.
const call = (fn: unknown, path: string, options?: Parameters<typeof callRoute>[2]) =>
  callRoute(fn as never, path, options);
type Loaded<T> = T extends (...args: never[]) => Promise<infer R> ? Exclude<R, Response> : never;

async function reviewOf(cookie: string) {
  return (await call(reviewPage.loader, "/cart/review", { cookie })) as Loaded<typeof reviewPage.loader>;
}

/** A customer with two lines of their own design, both with the same tailor chosen (or only the first). */
async function customerWithTwoLines(options: { secondWithTailor: boolean }) {
  const first = await customerWithDesign();
  const second = await db().order.create({
    data: {
      buyerId: first.buyer.id,
      designId: first.design.id,
      name: "เสื้อตัวที่สอง",
      quantity: 1,
      sizeId: "size3",
      status: "cart",
    },
  });
  const { tailor } = await tailorWithPrices({ shirt1: 450, neck1: 60, hem2: 90 }, "ร้านตรวจทาน");
  const choose = (itemId: number) =>
    call(selectPage.action, "/merchant/select", {
      cookie: first.cookie,
      form: { productId: String(itemId), merchantId: String(tailor.id) },
    });
  expect(locationOf(await choose(first.item.id))).toBe("/cart");
  if (options.secondWithTailor) expect(locationOf(await choose(second.id))).toBe("/cart");
  return { ...first, second, tailor };
}

const statusesOf = async (...ids: number[]) =>
  (await db().order.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" }, select: { status: true } })).map(
    (row) => row.status,
  );

describe("checkout: the review step, one line or all, the address in the cart", () => {
  it("the review page shows each line's size, tailor and price; one line is placed alone, the other stays in the cart", async () => {
    const { cookie, item, second } = await customerWithTwoLines({ secondWithTailor: true });
    const review = await reviewOf(cookie);
    // Each line: its size, tailor, items' price, the tailor's shipping fee (50 baht unless set) and the sum.
    expect(
      review.lines.map((line) => [
        line.id,
        line.size?.name,
        line.tailor,
        line.totalPrice,
        line.shippingFee,
        line.totalWithShipping,
      ]),
    ).toEqual([
      [item.id, "M รอบอก 38 นิ้ว", "ร้านตรวจทาน", 1200, 50, 1250],
      [second.id, "L รอบอก 40 นิ้ว", "ร้านตรวจทาน", 600, 50, 650],
    ]);
    const line = review.lines.find((entry) => entry.id === second.id)!;

    const placed = await call(reviewPage.action, "/cart/review", {
      cookie,
      form: { intent: "place", item: [`${line.id}:${line.version}`] },
    });
    expect(locationOf(placed)).toBe("/user/orders");
    expect(await noticeOf(placed)).toEqual({ type: "success", message: "สั่งตัดเสื้อเรียบร้อยแล้ว" });
    expect(await statusesOf(item.id, second.id)).toEqual(["cart", "ordered"]);
    // The order is what the review showed: the items and the shipping fee.
    expect(Number((await db().order.findUniqueOrThrow({ where: { id: second.id } })).totalPrice)).toBe(650);

    // The rest is placed later, all together, from the same page.
    const rest = await reviewOf(cookie);
    expect(rest.lines.map((entry) => entry.id)).toEqual([item.id]);
    const all = await call(reviewPage.action, "/cart/review", {
      cookie,
      form: { intent: "place", item: rest.lines.map((entry) => `${entry.id}:${entry.version}`) },
    });
    expect(locationOf(all)).toBe("/user/orders");
    expect(await statusesOf(item.id, second.id)).toEqual(["ordered", "ordered"]);
    // Nothing left to review: the empty cart says so.
    expect(locationOf(await call(reviewPage.loader, "/cart/review", { cookie }))).toBe("/cart");
  });

  it("a line changed after the review was shown, or one without a tailor, is refused on the page and nothing is placed", async () => {
    const { cookie, item, second } = await customerWithTwoLines({ secondWithTailor: false });
    const review = await reviewOf(cookie);
    const [ready, unready] = [review.lines[0]!, review.lines[1]!];
    expect(unready.id).toBe(second.id);

    // A line without a tailor cannot go, alone or with the other.
    const withoutTailor = await call(reviewPage.action, "/cart/review", {
      cookie,
      form: { intent: "place", item: [`${ready.id}:${ready.version}`, `${unready.id}:${unready.version}`] },
    });
    expect(statusOf(withoutTailor)).toBe(409);
    expect(isDataWithResponseInit(withoutTailor) && withoutTailor.data).toMatchObject({
      placeError: "กรุณาเลือกผู้ตัดให้ครบ",
    });
    expect(await statusesOf(item.id, second.id)).toEqual(["cart", "cart"]);

    // The quantity changed in another tab: the version shown is old, so the line is refused.
    expect(
      locationOf(
        await call(cartPage.action, "/cart", {
          cookie,
          form: { intent: "quantity", itemId: String(item.id), quantity: "3" },
        }),
      ),
    ).toBe("/cart");
    const stale = await call(reviewPage.action, "/cart/review", {
      cookie,
      form: { intent: "place", item: [`${ready.id}:${ready.version}`] },
    });
    expect(statusOf(stale)).toBe(409);
    expect(isDataWithResponseInit(stale) && stale.data).toMatchObject({
      placeError: "ตะกร้าสินค้ามีการเปลี่ยนแปลง กรุณาตรวจสอบรายการอีกครั้งก่อนสั่งตัด",
    });
    // A form naming no line places nothing.
    const none = await call(reviewPage.action, "/cart/review", { cookie, form: { intent: "place" } });
    expect(statusOf(none)).toBe(400);
    // Another customer's line is not theirs to place.
    const other = await customerWithDesign();
    const foreign = await call(reviewPage.action, "/cart/review", {
      cookie: other.cookie,
      form: { intent: "place", item: [`${ready.id}:${ready.version}`] },
    });
    expect(statusOf(foreign)).toBe(409);
    expect(await statusesOf(item.id, second.id)).toEqual(["cart", "cart"]);
  });

  it("the delivery address is added in the cart, refused empty or too long with the message beside it, and orders go there", async () => {
    const { buyer, cookie, item } = await customerWithTwoLines({ secondWithTailor: true });
    await db().user.update({ where: { id: buyer.id }, data: { address: null } });
    const review = await reviewOf(cookie);
    expect(review.address).toBeNull();
    const seen = review.lines.map((line) => `${line.id}:${line.version}`);

    const noAddress = await call(reviewPage.action, "/cart/review", { cookie, form: { intent: "place", item: seen } });
    expect(statusOf(noAddress)).toBe(400);
    expect(isDataWithResponseInit(noAddress) && noAddress.data).toMatchObject({
      placeError: "กรุณาเพิ่มที่อยู่จัดส่งก่อนสั่งตัด",
    });

    for (const address of ["   ", "ก".repeat(501)]) {
      const refused = await call(cartPage.action, "/cart", { cookie, form: { intent: "address", address } });
      expect(statusOf(refused)).toBe(400);
      expect(isDataWithResponseInit(refused) && refused.data).toMatchObject({
        addressResult: { error: { address: [address.trim() ? "ที่อยู่ยาวเกินไป (ไม่เกิน 500 ตัวอักษร)" : "กรุณากรอกที่อยู่จัดส่ง"] } },
      });
    }
    expect((await db().user.findUniqueOrThrow({ where: { id: buyer.id } })).address).toBeNull();

    const saved = await call(cartPage.action, "/cart", {
      cookie,
      form: { intent: "address", address: "  12 หมู่ 3 ต.นาดี อ.เมือง จ.อุดรธานี 41000 " },
    });
    expect(locationOf(saved)).toBe("/cart");
    expect(await noticeOf(saved)).toEqual({ type: "success", message: "บันทึกที่อยู่จัดส่งแล้ว" });
    // From the review page it comes back to the review page.
    const again = await call(reviewPage.action, "/cart/review", {
      cookie,
      form: { intent: "address", address: "12 หมู่ 3 ต.นาดี อ.เมือง จ.อุดรธานี 41000" },
    });
    expect(locationOf(again)).toBe("/cart/review");

    const placed = await call(reviewPage.action, "/cart/review", { cookie, form: { intent: "place", item: seen } });
    expect(locationOf(placed)).toBe("/user/orders");
    expect(await db().order.findUniqueOrThrow({ where: { id: item.id } })).toMatchObject({
      status: "ordered",
      deliveryAddress: "12 หมู่ 3 ต.นาดี อ.เมือง จ.อุดรธานี 41000",
    });
  });

  it("the header counts a customer's cart lines; other roles and visitors get none", async () => {
    const { cookie } = await customerWithTwoLines({ secondWithTailor: false });
    const headerOf = async (cookieHeader?: string) => {
      const loaded = await call(root.loader, "/", { cookie: cookieHeader });
      return (isDataWithResponseInit(loaded) ? loaded.data : loaded) as { user: { cartCount: number | null } | null };
    };
    expect((await headerOf(cookie)).user?.cartCount).toBe(2);
    const { cookie: tailorCookie } = await tailorWithPrices({ shirt1: 100 });
    expect((await headerOf(tailorCookie)).user?.cartCount).toBeNull();
    expect((await headerOf()).user).toBeNull();
    // The cart's own count follows a removal.
    const cart = (await call(cartPage.loader, "/cart", { cookie })) as Loaded<typeof cartPage.loader>;
    await call(cartPage.action, "/cart", { cookie, form: { intent: "remove", itemId: String(cart.items[1]!.id) } });
    expect((await headerOf(cookie)).user?.cartCount).toBe(1);
  });
});

describe("the tailor choice and the shop's address", () => {
  it("shows a tailor's address only when the tailor made it public (decision 104)", async () => {
    const { cookie, item } = await customerWithDesign();
    const { tailor } = await tailorWithPrices({ shirt1: 450, neck1: 60, hem2: 90 }, "ร้านที่อยู่ลับ");
    await db().user.update({ where: { id: tailor.id }, data: { address: "9 ถนนช่างตัด ต.นาดี" } });
    const addressOf = async () => {
      const page = (await call(
        selectPage.loader,
        `/merchant/select?productId=${item.id}&q=${encodeURIComponent("ร้านที่อยู่ลับ")}`,
        {
          cookie,
        },
      )) as { items: { id: number; address: string | null }[] };
      return page.items.find((row) => row.id === tailor.id)?.address;
    };
    expect(await addressOf()).toBeNull();
    await db().user.update({ where: { id: tailor.id }, data: { showAddress: true } });
    expect(await addressOf()).toBe("9 ถนนช่างตัด ต.นาดี");
  });
});
