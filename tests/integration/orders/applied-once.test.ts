import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { POST_KEY_MESSAGES } from "~/http/answer-once.server";
import { newReference, slipPicture } from "../../support/slips";
import { createTestUser, sessionCookieFor } from "../../support/users";
import { answerToRequest, openShop } from "../notices/support";
import { customerWithDesign, makeOrder, tailorWithPrices } from "./support";

/**
 * A write applied once per idempotency key (issue 51), through the built shop with its middleware:
 * the same key from the same person, twice in a row or ten at once, runs the write once and answers
 * every copy as the first was answered. The four writes a customer's repeated tap must never double
 * (an item into the cart, placing the order, a slip, a message), as JSON calls with the
 * `Idempotency-Key` header and as the pages' forms with their `_key` field (a photo form's key
 * read from its streamed body).
 */

const ORIGIN = "http://shop.test";

interface Send {
  cookie: string;
  key?: string;
  method?: string;
  json?: unknown;
  form?: FormData;
  accept?: string;
}

function request(pathname: string, { cookie, key, method = "POST", json, form, accept }: Send): Request {
  const headers = new Headers({ Cookie: cookie, Origin: ORIGIN });
  if (key) headers.set("Idempotency-Key", key);
  if (accept) headers.set("Accept", accept);
  if (json !== undefined) headers.set("Content-Type", "application/json");
  return new Request(new URL(pathname, ORIGIN), {
    method,
    headers,
    body: json !== undefined ? JSON.stringify(json) : form,
  });
}

/** The shop's answer, read whole: status, where it sends, its text. */
async function send(pathname: string, options: Send) {
  const response = await answerToRequest(request(pathname, options));
  return {
    status: response.status,
    location: response.headers.get("Location"),
    replayed: response.headers.get("Idempotent-Replayed") === "true",
    text: await response.text(),
  };
}

const tenAtOnce = (pathname: string, options: () => Send) =>
  Promise.all(Array.from({ length: 10 }, () => send(pathname, options())));

/** What every copy's answer says, without the mark of a kept answer. */
const sameAnswers = (answers: Awaited<ReturnType<typeof send>>[]) =>
  new Set(answers.map(({ status, location, text }) => JSON.stringify({ status, location, text })));

const newKey = () => crypto.randomUUID();

beforeAll(async () => {
  await openShop();
}, 240_000);

async function shopDesign() {
  const tailor = await createTestUser({ roles: ["merchant"] });
  const design = await db().design.create({
    data: { ownerId: tailor.id, baseId: "shirt1", status: "approved", price: 450, sizeId: "size3" },
  });
  return design;
}

async function customer() {
  const buyer = await createTestUser();
  return { buyer, cookie: await sessionCookieFor(buyer.id) };
}

const cartUnits = async (buyerId: number) =>
  (await db().order.findMany({ where: { buyerId, status: "cart" }, select: { quantity: true } })).reduce(
    (sum, line) => sum + line.quantity,
    0,
  );

describe("an item into the cart", () => {
  it("the JSON call twice with one key: one unit, the same 201 answer; a new key adds another", async () => {
    const design = await shopDesign();
    const { buyer, cookie } = await customer();
    const key = newKey();
    const json = { designId: design.id, quantity: 1, sizeId: "size3" };
    const first = await send("/api/cart/add", { cookie, key, json });
    const again = await send("/api/cart/add", { cookie, key, json });
    expect(first.status).toBe(201);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await cartUnits(buyer.id)).toBe(1);

    expect((await send("/api/cart/add", { cookie, key: newKey(), json })).status).toBe(201);
    expect(await cartUnits(buyer.id)).toBe(2);
  });

  it("ten copies at once with one key: one unit, ten equal answers", async () => {
    const design = await shopDesign();
    const { buyer, cookie } = await customer();
    const key = newKey();
    const answers = await tenAtOnce("/api/cart/add", () => ({
      cookie,
      key,
      json: { designId: design.id, quantity: 1, sizeId: "size3" },
    }));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    expect(sameAnswers(answers).size).toBe(1);
    expect(answers.filter((answer) => answer.replayed)).toHaveLength(9);
    expect(await cartUnits(buyer.id)).toBe(1);
  });

  it("the page's form without JavaScript, sent twice and ten times at once with its _key: one unit", async () => {
    const design = await shopDesign();
    const { buyer, cookie } = await customer();
    const form = (key: string) => {
      const body = new FormData();
      body.set("_key", key);
      body.set("designId", String(design.id));
      body.set("sizeId", "size3");
      return body;
    };
    const key = newKey();
    const first = await send("/cart/add", { cookie, form: form(key) });
    const again = await send("/cart/add", { cookie, form: form(key) });
    expect(first.location).toBe("/cart");
    expect(again).toEqual({ ...first, replayed: true });
    expect(await cartUnits(buyer.id)).toBe(1);

    const other = newKey();
    const answers = await tenAtOnce("/cart/add", () => ({ cookie, form: form(other) }));
    expect(sameAnswers(answers).size).toBe(1);
    expect(await cartUnits(buyer.id)).toBe(2);
  });

  it("one drawing's key with other fields is another write (a stepper's 2, then 3)", async () => {
    const design = await shopDesign();
    const { buyer, cookie } = await customer();
    const key = newKey();
    const form = (quantity: string) => {
      const body = new FormData();
      body.set("_key", key);
      body.set("designId", String(design.id));
      body.set("sizeId", "size3");
      body.set("quantity", quantity);
      return body;
    };
    await send("/cart/add", { cookie, form: form("2") });
    await send("/cart/add", { cookie, form: form("3") });
    expect(await cartUnits(buyer.id)).toBe(5);
  });
});

describe("placing the order", () => {
  async function readyCart() {
    const { buyer, cookie, item } = await customerWithDesign({ baseId: "shirt1", collarId: "neck1" }, 1);
    const { tailor } = await tailorWithPrices({ shirt1: 450, neck1: 60 });
    const chosen = await send("/api/orders/select_merchant", {
      cookie,
      key: newKey(),
      json: { productId: item.id, merchantId: tailor.id },
    });
    expect(chosen.status).toBe(200);
    return { buyer, cookie, item };
  }

  const placedEvents = (orderId: number) => db().orderEvent.count({ where: { orderId, toStatus: "ordered" } });

  it("twice with one key: placed once, both answered 200 with the order (not 'nothing in the cart')", async () => {
    const { cookie, item } = await readyCart();
    const key = newKey();
    const first = await send("/api/orders/place", { cookie, key, method: "PATCH" });
    const again = await send("/api/orders/place", { cookie, key, method: "PATCH" });
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text)).toMatchObject({ orderIds: [item.id] });
    expect(again).toEqual({ ...first, replayed: true });
    expect(await placedEvents(item.id)).toBe(1);
    // Without the key, a second place is the refusal it always was.
    expect((await send("/api/orders/place", { cookie, key: newKey(), method: "PATCH" })).status).toBe(409);
  });

  it("ten at once with one key: placed once, ten equal answers", async () => {
    const { cookie, item } = await readyCart();
    const key = newKey();
    const answers = await tenAtOnce("/api/orders/place", () => ({ cookie, key, method: "PATCH" }));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(sameAnswers(answers).size).toBe(1);
    expect(await placedEvents(item.id)).toBe(1);
  });
});

describe("a transfer slip", () => {
  async function dueOrder() {
    const { buyer, cookie } = await customer();
    const tailor = await createTestUser({ roles: ["merchant"] });
    await db().user.update({
      where: { id: tailor.id },
      data: { promptpayId: "0812345678", promptpayName: "ร้านผ้าทอทดสอบ" },
    });
    const { order } = await makeOrder({ status: "accepted", unitPrice: 700, buyer, tailor });
    await db().orderPayment.create({ data: { orderId: order.id, status: "unpaid", amount: 700 } });
    return { cookie, orderId: order.id };
  }

  const slipEvents = (orderId: number) =>
    db().orderEvent.count({ where: { orderId, kind: "payment", paymentTo: "slip_sent" } });
  const slipJson = async () => {
    const picture = await slipPicture({ bankCode: "004", reference: newReference() });
    return { image: `data:image/png;base64,${picture.toString("base64")}` };
  };

  it("the JSON call twice and ten at once with one key: one slip, equal answers", async () => {
    const { cookie, orderId } = await dueOrder();
    const key = newKey();
    const json = await slipJson();
    const first = await send(`/api/orders/${orderId}/payment/slip`, { cookie, key, json });
    const again = await send(`/api/orders/${orderId}/payment/slip`, { cookie, key, json });
    expect(first.status).toBe(200);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await slipEvents(orderId)).toBe(1);

    const other = await dueOrder();
    const otherKey = newKey();
    const otherJson = await slipJson();
    const answers = await tenAtOnce(`/api/orders/${other.orderId}/payment/slip`, () => ({
      cookie: other.cookie,
      key: otherKey,
      json: otherJson,
    }));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(sameAnswers(answers).size).toBe(1);
    expect(await slipEvents(other.orderId)).toBe(1);
  }, 60_000);

  it("the order page's photo form without JavaScript, twice with its _key: one slip, the same answer", async () => {
    const { cookie, orderId } = await dueOrder();
    const picture = new Blob([new Uint8Array(await slipPicture({ bankCode: "004", reference: newReference() }))], {
      type: "image/png",
    });
    const form = (key: string) => {
      const body = new FormData();
      body.set("_key", key);
      body.set("intent", "slip");
      body.set("slip", picture, "slip.png");
      return body;
    };
    const key = newKey();
    const first = await send(`/user/product/${orderId}`, { cookie, form: form(key), accept: "text/html" });
    const again = await send(`/user/product/${orderId}`, { cookie, form: form(key), accept: "text/html" });
    expect(first.status).toBe(302);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await slipEvents(orderId)).toBe(1);
  }, 60_000);
});

describe("a message about the order", () => {
  async function placedOrder() {
    const { buyer, cookie } = await customer();
    const { order } = await makeOrder({ status: "ordered", buyer });
    return { cookie, orderId: order.id };
  }

  const messages = (orderId: number) => db().orderMessage.count({ where: { orderId } });

  it("the JSON call twice and ten at once with one key: one message each time", async () => {
    const { cookie, orderId } = await placedOrder();
    const key = newKey();
    const json = { text: "ขอแขนยาวขึ้นอีกนิดได้ไหมคะ" };
    const first = await send(`/api/orders/${orderId}/messages`, { cookie, key, json });
    const again = await send(`/api/orders/${orderId}/messages`, { cookie, key, json });
    expect(first.status).toBe(201);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await messages(orderId)).toBe(1);

    const otherKey = newKey();
    const answers = await tenAtOnce(`/api/orders/${orderId}/messages`, () => ({ cookie, key: otherKey, json }));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    expect(sameAnswers(answers).size).toBe(1);
    expect(await messages(orderId)).toBe(2);
  });

  it("the page's form without JavaScript, ten at once with its _key: one message", async () => {
    const { cookie, orderId } = await placedOrder();
    const key = newKey();
    const form = () => {
      const body = new FormData();
      body.set("_key", key);
      body.set("text", "วัดรอบอกใหม่แล้วค่ะ");
      body.set("image", new Blob([]), "");
      return body;
    };
    const answers = await tenAtOnce(`/orders/${orderId}/messages`, () => ({
      cookie,
      form: form(),
      accept: "text/html",
    }));
    expect(answers[0]!.status).toBe(302);
    expect(sameAnswers(answers).size).toBe(1);
    expect(await messages(orderId)).toBe(1);
  });

  it("a refused write frees its key: empty, then written, with one key", async () => {
    const { cookie, orderId } = await placedOrder();
    const key = newKey();
    expect((await send(`/api/orders/${orderId}/messages`, { cookie, key, json: { text: "" } })).status).toBe(400);
    expect((await send(`/api/orders/${orderId}/messages`, { cookie, key, json: { text: "สวัสดีค่ะ" } })).status).toBe(201);
    expect(await messages(orderId)).toBe(1);
  });
});

describe("the key itself", () => {
  it("is per person: another customer's write with the same key runs", async () => {
    const design = await shopDesign();
    const one = await customer();
    const two = await customer();
    const key = newKey();
    const json = { designId: design.id, quantity: 1, sizeId: "size3" };
    await send("/api/cart/add", { cookie: one.cookie, key, json });
    const theirs = await send("/api/cart/add", { cookie: two.cookie, key, json });
    expect(theirs).toMatchObject({ status: 201, replayed: false });
    expect(await cartUnits(two.buyer.id)).toBe(1);
  });

  it("sent to another address is refused (422), and a malformed key (400), each in Thai, changing nothing", async () => {
    const design = await shopDesign();
    const { buyer, cookie } = await customer();
    const key = newKey();
    await send("/api/cart/add", { cookie, key, json: { designId: design.id, quantity: 1, sizeId: "size3" } });
    const elsewhere = await send("/api/orders/place", { cookie, key, method: "PATCH" });
    expect(elsewhere.status).toBe(422);
    expect(JSON.parse(elsewhere.text)).toEqual({ error: POST_KEY_MESSAGES.elsewhere });

    const malformed = await send("/api/cart/add", {
      cookie,
      key: "not a key!",
      json: { designId: design.id, quantity: 1, sizeId: "size3" },
    });
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.text)).toEqual({ error: POST_KEY_MESSAGES.badKey });
    expect(await cartUnits(buyer.id)).toBe(1);
  });
});
