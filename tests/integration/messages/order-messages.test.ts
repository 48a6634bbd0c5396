import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { getOptionalUser } from "~/auth/guards.server";
import { db } from "~/data/db.server";
import { MESSAGE_LIMIT_POINTS } from "~/domain/messages/messages";
import * as root from "~/root";
import * as apiImage from "~/routes/orders/api.order-message-image";
import * as apiMessages from "~/routes/orders/api.order-messages";
import * as merchantOrders from "~/routes/orders/merchant-orders";
import * as threadPage from "~/routes/orders/order-messages";
import { readOrderNotifications } from "~/routes/orders/thread.server";
import * as userOrders from "~/routes/orders/user-orders";
import * as userProduct from "~/routes/orders/user-product";
import {
  callJson,
  callRoute,
  isDataWithResponseInit,
  locationOf,
  makeRequest,
  requestContext,
  statusOf,
} from "../../support/requests";
import { createTestUser, sessionCookieFor } from "../../support/users";
import { makeOrder } from "../orders/support";

/**
 * An order's conversation (issue 48): who reads and writes it (every role, own order or another's),
 * what a message may be (1 to 2,000 characters of plain text, kept as written; one photo, checked
 * and re-encoded as the slips are), the per-person limit, the page's form without JavaScript, and
 * the marks it leaves (the other side's notification, the lists' "ข้อความใหม่").
 */

const path = (id: number) => `/api/orders/${id}/messages`;

/** Opening an order's page: its middleware (before every loader of the page) reads the order's notifications. */
async function opened(page: string, cookie: string, params: Record<string, string>) {
  await callRoute(
    (args: Parameters<typeof readOrderNotifications>[0]) => readOrderNotifications(args, async () => new Response()),
    page,
    { cookie, params },
  );
}

async function placed() {
  const made = await makeOrder({ status: "ordered" });
  return {
    ...made,
    params: { id: String(made.order.id) },
    buyerCookie: await sessionCookieFor(made.buyer.id),
    tailorCookie: await sessionCookieFor(made.tailor.id),
  };
}

async function photo(format: "png" | "jpeg" = "png", width = 2400, height = 1800): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: "#c8962e" } });
  return format === "png" ? image.png().toBuffer() : image.jpeg().toBuffer();
}

const post = (orderId: number, cookie: string | undefined, json: unknown) =>
  callJson(apiMessages.action, path(orderId), { cookie, json, params: { id: String(orderId) } });
const get = (orderId: number, cookie: string | undefined) =>
  callJson(apiMessages.loader, path(orderId), { cookie, params: { id: String(orderId) } });

describe("the JSON calls", () => {
  it("the buyer asks, the tailor answers: 201 with the message, GET lists them oldest first", async () => {
    const order = await placed();
    const asked = await post(order.order.id, order.buyerCookie, { text: "เพิ่มรอบอกอีก 1 นิ้วได้ไหมคะ" });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({
      id: expect.any(Number),
      author: { id: order.buyer.id, name: order.buyer.name, role: "user" },
      text: "เพิ่มรอบอกอีก 1 นิ้วได้ไหมคะ",
      imageUrl: null,
      createdAt: expect.any(String),
    });
    const answered = await post(order.order.id, order.tailorCookie, { text: "ได้ครับ\nจะใช้ผ้าผืนนี้" });
    expect(answered.status).toBe(201);
    for (const cookie of [order.buyerCookie, order.tailorCookie]) {
      const listed = await get(order.order.id, cookie);
      expect(listed.status).toBe(200);
      expect(
        (listed.body.items as { text: string; author: { role: string } }[]).map((m) => [m.author.role, m.text]),
      ).toEqual([
        ["user", "เพิ่มรอบอกอีก 1 นิ้วได้ไหมคะ"],
        ["merchant", "ได้ครับ\nจะใช้ผ้าผืนนี้"],
      ]);
    }
  });

  it("text is kept exactly as written (escaping is the page's: no HTML is ever made of it)", async () => {
    const order = await placed();
    const text = `<script>alert("x")</script> & <b>หนา</b>\r\nบรรทัดสอง`;
    const sent = await post(order.order.id, order.buyerCookie, { text });
    expect(sent.status).toBe(201);
    expect(sent.body.text).toBe(`<script>alert("x")</script> & <b>หนา</b>\nบรรทัดสอง`);
  });

  it("empty, blank or over 2,000 characters is 400 in Thai and nothing is kept; 2,000 Thai characters are fine", async () => {
    const order = await placed();
    for (const text of ["", "   \n  ", "ก".repeat(2001)]) {
      const refused = await post(order.order.id, order.buyerCookie, { text });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatch(/ข้อความ/);
    }
    expect(await db().orderMessage.count({ where: { orderId: order.order.id } })).toBe(0);
    expect((await post(order.order.id, order.buyerCookie, { text: "ก".repeat(2000) })).status).toBe(201);
  });
});

describe("who may read and write", () => {
  it("every role against their own order and another's", async () => {
    const order = await placed();
    const otherCustomer = await sessionCookieFor((await createTestUser()).id);
    const otherTailor = await sessionCookieFor((await createTestUser({ roles: ["merchant"] })).id);
    const admin = await createTestUser({ roles: ["admin"] });
    const adminCookie = await sessionCookieFor(admin.id);
    const id = order.order.id;

    expect((await get(id, undefined)).status).toBe(401);
    expect((await post(id, undefined, { text: "สวัสดี" })).status).toBe(401);
    for (const cookie of [otherCustomer, otherTailor]) {
      expect((await get(id, cookie)).status).toBe(403);
      const refused = await post(id, cookie, { text: "สวัสดี" });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe("คุณไม่มีสิทธิ์ดูหรือส่งข้อความของคำสั่งซื้อนี้");
    }
    expect((await post(id, order.buyerCookie, { text: "จากลูกค้า" })).status).toBe(201);
    expect((await post(id, order.tailorCookie, { text: "จากช่าง" })).status).toBe(201);
    // An admin reads, and writes as the shop.
    expect((await get(id, adminCookie)).status).toBe(200);
    const shop = await post(id, adminCookie, { text: "ร้านช่วยดูให้แล้วค่ะ" });
    expect(shop.status).toBe(201);
    expect(shop.body.author).toEqual({ id: admin.id, name: "ผู้ดูแลร้าน", role: "admin" });
    expect(await db().orderMessage.count({ where: { orderId: id } })).toBe(3);
    // The admin's order view links to the conversation's page: it reads it there.
    const adminPage = (await callRoute(threadPage.loader, `/orders/${id}/messages`, {
      cookie: adminCookie,
      params: order.params,
    })) as { messages: { text: string }[] };
    expect(adminPage.messages.map((m) => m.text)).toEqual(["จากลูกค้า", "จากช่าง", "ร้านช่วยดูให้แล้วค่ะ"]);
    // Pages: another customer cannot open the thread's page either.
    expect(
      statusOf(
        await callRoute(threadPage.loader, `/orders/${id}/messages`, { cookie: otherCustomer, params: order.params }),
      ),
    ).toBe(403);
  });

  it("a cart item has no conversation yet (409); an unknown order is 404", async () => {
    const cart = await makeOrder({ status: "cart" });
    const cookie = await sessionCookieFor(cart.buyer.id);
    const refused = await post(cart.order.id, cookie, { text: "สวัสดี" });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("ส่งข้อความถึงช่างตัดได้เมื่อสั่งตัดแล้ว");
    expect((await get(2_000_000_000, cookie)).status).toBe(404);
  });
});

describe("the limit per person", () => {
  it(`${MESSAGE_LIMIT_POINTS} messages a minute, then 429 with the wait in Thai and Retry-After`, async () => {
    const order = await placed();
    for (let sent = 0; sent < MESSAGE_LIMIT_POINTS; sent += 1)
      expect((await post(order.order.id, order.buyerCookie, { text: `ข้อความ ${sent}` })).status).toBe(201);
    const response = await callRoute(apiMessages.action, path(order.order.id), {
      cookie: order.buyerCookie,
      json: { text: "อีกข้อความ" },
      params: order.params,
    });
    expect(response).toBeInstanceOf(Response);
    const refused = response as Response;
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(((await refused.json()) as { error: string }).error).toBe(`ส่งข้อความบ่อยเกินไป กรุณารอ ${wait} วินาทีแล้วลองใหม่`);
    expect(await db().orderMessage.count({ where: { orderId: order.order.id } })).toBe(MESSAGE_LIMIT_POINTS);
    // The limit is the person's, not the order's: the tailor still answers.
    expect((await post(order.order.id, order.tailorCookie, { text: "รับทราบครับ" })).status).toBe(201);
  });
});

describe("photos", () => {
  it("a data URL or a multipart file: checked, upright JPEG of at most 1,600 px, served to the two sides only", async () => {
    const order = await placed();
    const dataUrl = `data:image/png;base64,${(await photo("png")).toString("base64")}`;
    const sent = await post(order.order.id, order.buyerCookie, { text: "ผ้าแบบนี้", image: dataUrl });
    expect(sent.status).toBe(201);
    const imageUrl = sent.body.imageUrl as string;
    expect(imageUrl).toBe(`/api/orders/${order.order.id}/messages/${sent.body.id}/image`);

    const multipart = await callJson(apiMessages.action, path(order.order.id), {
      cookie: order.tailorCookie,
      form: { text: "ผืนนี้ครับ", image: new Blob([new Uint8Array(await photo("jpeg"))], { type: "image/jpeg" }) },
      params: order.params,
    });
    expect(multipart.status).toBe(201);

    for (const message of [sent.body, multipart.body]) {
      const row = await db().orderMessage.findUniqueOrThrow({
        where: { id: message.id as number },
        include: { image: true },
      });
      expect(row.image).toMatchObject({ contentType: "image/jpeg", private: true, width: 1600, height: 1200 });
    }
    const params = { id: String(order.order.id), messageId: String(sent.body.id) };
    const seen = await callRoute(apiImage.loader, imageUrl, { cookie: order.tailorCookie, params });
    expect((seen as Response).status).toBe(200);
    expect((seen as Response).headers.get("Content-Type")).toBe("image/jpeg");
    expect((seen as Response).headers.get("Cache-Control")).toBe("private, no-store");
    const stranger = await sessionCookieFor((await createTestUser()).id);
    expect(((await callRoute(apiImage.loader, imageUrl, { cookie: stranger, params })) as Response).status).toBe(403);
  });

  it("a file that is not a JPEG, PNG or WebP is refused in Thai and nothing is kept", async () => {
    const order = await placed();
    const refused = await callJson(apiMessages.action, path(order.order.id), {
      cookie: order.buyerCookie,
      form: { text: "ดูรูปนี้", image: new Blob(["<svg xmlns='http://www.w3.org/2000/svg'/>"], { type: "image/png" }) },
      params: order.params,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("รองรับเฉพาะรูปภาพ JPEG, PNG หรือ WebP");
    expect(await db().orderMessage.count({ where: { orderId: order.order.id } })).toBe(0);
  });
});

describe("the order pages' form (without JavaScript)", () => {
  it("a sent message goes back to the sender's order page; a refused one answers with the reason and the text kept", async () => {
    const order = await placed();
    const sent = await callRoute(threadPage.action, `/orders/${order.order.id}/messages`, {
      cookie: order.tailorCookie,
      form: { text: "จะส่งรูปผ้าให้ดูครับ" },
      params: order.params,
    });
    expect(statusOf(sent)).toBe(302);
    expect(locationOf(sent)).toBe(`/merchant/order/${order.order.id}#messages`);
    const refused = await callRoute(threadPage.action, `/orders/${order.order.id}/messages`, {
      cookie: order.buyerCookie,
      form: { text: "ก".repeat(2001) },
      params: order.params,
    });
    expect(statusOf(refused)).toBe(400);
    expect(isDataWithResponseInit(refused) && refused.data).toMatchObject({
      error: "ข้อความต้องยาวไม่เกิน 2,000 ตัวอักษร",
    });
    // The buyer's page shows the thread with the tailor's message.
    const page = (await callRoute(userProduct.loader, `/user/product/${order.order.id}`, {
      cookie: order.buyerCookie,
      params: order.params,
    })) as { messages: { text: string; mine: boolean }[] };
    expect(page.messages.map((m) => [m.text, m.mine])).toEqual([["จะส่งรูปผ้าให้ดูครับ", false]]);
  });
});

describe("what a message leaves for the other side", () => {
  it("one notification per unread burst, the bell's count, the lists' mark and the tailor's filter; opening the order reads them", async () => {
    const order = await placed();
    const other = await makeOrder({ status: "ordered", tailor: order.tailor });
    for (const text of ["คำถามแรก", "คำถามที่สอง"]) await post(order.order.id, order.buyerCookie, { text });
    const notes = await db().notification.findMany({ where: { userId: order.tailor.id, kind: "message" } });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      orderId: order.order.id,
      count: 2,
      readAt: null,
      href: `/merchant/order/${order.order.id}`,
    });
    expect(notes[0]!.text).toContain("คำถามที่สอง");
    // The writer is not told of their own message.
    expect(await db().notification.count({ where: { userId: order.buyer.id } })).toBe(0);

    const rootData = async (cookie: string) => {
      const loaded = await callRoute(root.loader, "/", { cookie });
      return (isDataWithResponseInit(loaded) ? loaded.data : loaded) as { user: { unreadCount: number } };
    };
    expect((await rootData(order.tailorCookie)).user.unreadCount).toBe(1);

    const list = (await callRoute(merchantOrders.loader, "/merchant", { cookie: order.tailorCookie })) as {
      newMessages: number[];
    };
    expect(list.newMessages).toEqual([order.order.id]);
    const filtered = (await callRoute(merchantOrders.loader, "/merchant?messages=new", {
      cookie: order.tailorCookie,
    })) as { orders: { items: { id: number }[] } };
    expect(filtered.orders.items.map((item) => item.id)).toEqual([order.order.id]);
    expect(other.order.id).not.toBe(order.order.id);

    await opened(`/merchant/order/${order.order.id}`, order.tailorCookie, order.params);
    expect((await rootData(order.tailorCookie)).user.unreadCount).toBe(0);
    const after = (await callRoute(merchantOrders.loader, "/merchant?messages=new", {
      cookie: order.tailorCookie,
    })) as { orders: { items: unknown[] }; newMessages: number[] };
    expect(after.orders.items).toEqual([]);

    // The buyer's list marks the tailor's answer until the buyer opens the order.
    await post(order.order.id, order.tailorCookie, { text: "ได้ครับ" });
    const buyerList = (await callRoute(userOrders.loader, "/user/orders", { cookie: order.buyerCookie })) as {
      newMessages: number[];
    };
    expect(buyerList.newMessages).toEqual([order.order.id]);
    await opened(`/user/product/${order.order.id}`, order.buyerCookie, order.params);
    expect((await rootData(order.buyerCookie)).user.unreadCount).toBe(0);
  });

  it("the header drawn with the order's page already counts what opening it read", async () => {
    const order = await placed();
    await post(order.order.id, order.buyerCookie, { text: "คำถามเรื่องขนาด" });
    // One request: the page's middleware reads the session (its count: 1) and marks the order's
    // notification read, then the loaders run, the root's among them.
    const request = makeRequest(`/merchant/order/${order.order.id}`, { cookie: order.tailorCookie });
    const url = new URL(request.url);
    const args = { request, url, pattern: url.pathname, params: order.params, context: requestContext(request) };
    let header: unknown;
    await readOrderNotifications(args, async () => {
      header = await root.loader(args);
      return new Response();
    });
    const loaded = header as Awaited<ReturnType<typeof root.loader>>;
    expect((isDataWithResponseInit(loaded) ? loaded.data : loaded).user?.unreadCount).toBe(0);
  });

  it("a form answered in place draws the bell with what its action changed", async () => {
    const order = await placed();
    await post(order.order.id, order.buyerCookie, { text: "คำถามเรื่องผ้า" });
    // One POST: the session is read before the action (the idempotency middleware asks who it is),
    // the action reads every notification, and React Router runs the loaders after it with a GET
    // request of their own, the root's among them.
    const posted = makeRequest("/notifications", { cookie: order.tailorCookie, form: { intent: "read-all" } });
    const context = requestContext(posted);
    expect((await getOptionalUser(context))?.id).toBe(order.tailor.id);
    await db().notification.updateMany({ where: { userId: order.tailor.id }, data: { readAt: new Date() } });
    const loaderRequest = new Request(posted.url, { headers: posted.headers });
    const loaded = await root.loader({
      request: loaderRequest,
      url: new URL(loaderRequest.url),
      pattern: "/notifications",
      params: {},
      context,
    });
    expect((isDataWithResponseInit(loaded) ? loaded.data : loaded).user?.unreadCount).toBe(0);
  });
});
