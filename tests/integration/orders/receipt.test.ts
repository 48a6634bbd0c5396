import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { receiptConfirmDays } from "~/config.server";
import { db } from "~/data/db.server";
import { sweepReceipts } from "~/domain/delivery/receipt.server";
import * as apiCloseProblem from "~/routes/admin/api.problem-close";
import * as apiProblems from "~/routes/admin/api.problems";
import * as adminProblems from "~/routes/admin/problems";
import * as apiMerchantOrder from "~/routes/orders/api.merchant-order";
import * as apiMyOrders from "~/routes/orders/api.my-orders";
import * as apiOrder from "~/routes/orders/api.order";
import * as apiProblem from "~/routes/orders/api.order-problem";
import * as apiProblemPhoto from "~/routes/orders/api.order-problem-photo";
import * as apiReceived from "~/routes/orders/api.order-received";
import * as merchantOrder from "~/routes/orders/merchant-order";
import * as userOrders from "~/routes/orders/user-orders";
import * as userProduct from "~/routes/orders/user-product";
import * as problemPage from "~/routes/orders/user-product-problem";
import { callJson as api, callRoute, fullNoticeOf, locationOf, statusOf } from "../../support/requests";
import { createTestUser, sessionCookieFor } from "../../support/users";
import { lineId, startLineMock } from "../line/support";
import { makeOrder } from "./support";

/**
 * Finishing safely (issue 46): recording the delivery ships the order; its buyer confirms receipt
 * (PATCH /api/orders/{id}/received, or the order page's button) or reports a problem instead (a
 * reason and a photo), which an admin closes with a decision in the audit log; a buyer who does
 * neither has receipt confirmed by the shop RECEIPT_CONFIRM_DAYS after shipping, reminded before.
 * The clock is moved by giving the sweep its `now`.
 */

startLineMock();

const DAY = 24 * 60 * 60 * 1000;

async function acceptedOrder() {
  const made = await makeOrder({ status: "accepted" });
  const buyerLine = lineId();
  await db().user.update({ where: { id: made.buyer.id }, data: { lineUserId: buyerLine } });
  await db().orderPayment.create({ data: { orderId: made.order.id, amount: 500 } });
  return {
    ...made,
    id: made.order.id,
    params: { id: String(made.order.id) },
    buyerCookie: await sessionCookieFor(made.buyer.id),
    tailorCookie: await sessionCookieFor(made.tailor.id),
  };
}

type Made = Awaited<ReturnType<typeof acceptedOrder>>;

async function ship(made: Made) {
  const saved = await callRoute(merchantOrder.action, `/merchant/order/${made.id}`, {
    cookie: made.tailorCookie,
    params: made.params,
    form: { intent: "delivery", method: "pickup" },
  });
  expect(await fullNoticeOf(saved)).toMatchObject({ type: "success" });
  return db().orderDelivery.findUniqueOrThrow({ where: { orderId: made.id } });
}

const received = (made: Made, cookie: string) =>
  api(apiReceived.action, `/api/orders/${made.id}/received`, { method: "PATCH", cookie, params: made.params });

async function eventsOf(orderId: number) {
  return db().orderEvent.findMany({
    where: { orderId, kind: { in: ["received", "receipt_reminder", "problem", "problem_closed"] } },
    orderBy: { id: "asc" },
    select: { kind: true, actorRole: true, actorId: true, note: true },
  });
}

const outboxTexts = async (orderId: number, recipientId: number) =>
  (await db().outboxMessage.findMany({ where: { event: { orderId }, recipientId }, orderBy: { id: "asc" } })).map(
    (row) => row.text,
  );

async function jpeg(): Promise<Blob> {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#a33" } })
    .jpeg()
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: "image/jpeg" });
}

function report(made: Made, form: Record<string, string | Blob>, cookie = made.buyerCookie) {
  return callRoute(problemPage.action, `/user/product/${made.id}/problem`, { cookie, params: made.params, form });
}

describe("delivery and the buyer's receipt", () => {
  it("PATCH /received: 409 before the delivery, 403 for anyone but the buyer, then sets delivery.receivedAt once", async () => {
    const made = await acceptedOrder();
    const early = await received(made, made.buyerCookie);
    expect(early.status).toBe(409);
    expect(early.body.error).toBe("ช่างตัดยังไม่ได้แจ้งการจัดส่ง จึงยังยืนยันการรับสินค้าไม่ได้");

    const delivery = await ship(made);
    const view = await api(apiOrder.loader, `/api/orders/${made.id}`, {
      cookie: made.buyerCookie,
      params: made.params,
    });
    const shipped = (view.body as { delivery: { shippedAt: string; receivedAt: null; receiptDueAt: string } }).delivery;
    expect(shipped.receivedAt).toBeNull();
    expect(new Date(shipped.receiptDueAt).getTime()).toBe(delivery.shippedAt.getTime() + 14 * DAY);

    const stranger = await createTestUser();
    const admin = await createTestUser({ roles: ["admin"] });
    for (const cookie of [made.tailorCookie, await sessionCookieFor(stranger.id), await sessionCookieFor(admin.id)]) {
      expect((await received(made, cookie)).status).toBe(403);
    }
    expect((await db().orderDelivery.findUniqueOrThrow({ where: { orderId: made.id } })).receivedAt).toBeNull();

    const done = await received(made, made.buyerCookie);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: made.id, delivery: { receivedBy: "buyer", receiptDueAt: null } });
    const row = await db().orderDelivery.findUniqueOrThrow({ where: { orderId: made.id } });
    expect(row.receivedAt).not.toBeNull();
    expect(row.receivedBy).toBe("user");
    expect(await eventsOf(made.id)).toEqual([
      { kind: "received", actorRole: "user", actorId: made.buyer.id, note: null },
    ]);
    // The tailor reads it in the order's JSON.
    const tailorView = await api(apiMerchantOrder.loader, `/api/merchants/order/${made.id}/details`, {
      cookie: made.tailorCookie,
      params: made.params,
    });
    expect(JSON.stringify(tailorView.body)).toContain('"receivedBy":"buyer"');
    // The buyer's list says it in the row's words (once paid: the money comes first there).
    await db().orderPayment.update({ where: { orderId: made.id }, data: { status: "paid" } });
    const list = await api(apiMyOrders.loader, "/api/user/my_orders", { cookie: made.buyerCookie });
    const rows = (list.body as unknown as { items: { id: number; stage: { label: string } }[] }).items;
    const listed = rows.find((row) => row.id === made.id);
    expect(listed?.stage.label).toBe("ได้รับสินค้าแล้ว");

    expect((await received(made, made.buyerCookie)).status).toBe(409);
    // How it came is settled once received: the tailor's correction is refused on the page.
    const corrected = await callRoute(merchantOrder.action, `/merchant/order/${made.id}`, {
      cookie: made.tailorCookie,
      params: made.params,
      form: { intent: "delivery", method: "carrier", carrier: "kerry", trackingNumber: "KEX12345678" },
    });
    expect(statusOf(corrected)).toBe(409);
    expect((await db().orderDelivery.findUniqueOrThrow({ where: { orderId: made.id } })).method).toBe("pickup");
    expect(await eventsOf(made.id)).toHaveLength(1);
  });

  it("the order page's 'ได้รับสินค้าแล้ว' confirms with the notice; refused, it says why beside the button", async () => {
    const made = await acceptedOrder();
    const refused = await callRoute(userProduct.action, `/user/product/${made.id}`, {
      cookie: made.buyerCookie,
      params: made.params,
      form: { intent: "received" },
    });
    expect(statusOf(refused)).toBe(409);
    expect(refused).toMatchObject({ data: { form: "receipt", error: expect.stringContaining("ยังไม่ได้แจ้งการจัดส่ง") } });

    await ship(made);
    const done = await callRoute(userProduct.action, `/user/product/${made.id}`, {
      cookie: made.buyerCookie,
      params: made.params,
      form: { intent: "received" },
    });
    expect(locationOf(done)).toBe(`/user/product/${made.id}`);
    expect(await fullNoticeOf(done)).toMatchObject({ type: "success", message: "ยืนยันการรับสินค้าแล้ว ขอบคุณที่ใช้บริการ" });
    expect((await db().orderDelivery.findUniqueOrThrow({ where: { orderId: made.id } })).receivedBy).toBe("user");
  });
});

describe("the customer's tabs", () => {
  it("a sewn, paid, shipped order waits in 'ที่ต้องได้รับ' until received, then is done", async () => {
    const made = await acceptedOrder();
    await ship(made);
    await db().order.update({ where: { id: made.id }, data: { status: "completed" } });
    await db().orderPayment.update({ where: { orderId: made.id }, data: { status: "paid" } });
    const tabs = async () => {
      const page = (await callRoute(userOrders.loader, "/user/orders", { cookie: made.buyerCookie })) as {
        counts: Record<string, number>;
      };
      const listed = async (tab: string) =>
        (
          (await api(apiMyOrders.loader, `/api/user/my_orders?tab=${tab}`, { cookie: made.buyerCookie }))
            .body as unknown as {
            items: { id: number }[];
          }
        ).items.map((row) => row.id);
      return { counts: page.counts, toReceive: await listed("to_receive"), done: await listed("done") };
    };
    expect(await tabs()).toMatchObject({ counts: { to_receive: 1, done: 0 }, toReceive: [made.id], done: [] });
    expect((await received(made, made.buyerCookie)).status).toBe(200);
    expect(await tabs()).toMatchObject({ counts: { to_receive: 0, done: 1 }, toReceive: [], done: [made.id] });
  });
});

describe("the tailor's 'ตัดเย็บเสร็จแล้ว' asks first", () => {
  it("?confirm=complete opens the question, with a warning while the payment is not confirmed", async () => {
    const made = await acceptedOrder();
    const asked = (await callRoute(merchantOrder.loader, `/merchant/order/${made.id}?confirm=complete`, {
      cookie: made.tailorCookie,
      params: made.params,
    })) as { confirming: string | null; order: { payment: { status: string } | null } };
    expect(asked.confirming).toBe("complete");
    expect(asked.order.payment?.status).toBe("unpaid");
    // Nothing moved by asking.
    expect((await db().order.findUniqueOrThrow({ where: { id: made.id } })).status).toBe("accepted");
  });
});

describe("automatic receipt after the window", () => {
  it("reminds the buyer once a few days before, then confirms receipt itself at the window's end", async () => {
    const made = await acceptedOrder();
    const { shippedAt } = await ship(made);

    // Ten days on: nothing due yet; eleven days on (three before the end): the reminder, once.
    expect(await sweepReceipts({ now: new Date(shippedAt.getTime() + 10 * DAY), days: 14 })).toEqual({
      confirmed: [],
      reminded: [],
    });
    const remindAt = new Date(shippedAt.getTime() + 11 * DAY);
    const first = await sweepReceipts({ now: remindAt, days: 14 });
    expect(first.reminded).toContain(made.id);
    expect(first.confirmed).not.toContain(made.id);
    expect((await sweepReceipts({ now: remindAt, days: 14 })).reminded).not.toContain(made.id);
    const texts = await outboxTexts(made.id, made.buyer.id);
    expect(texts.filter((text) => text.includes("ได้รับเสื้อแล้วหรือยัง"))).toHaveLength(1);

    // One minute before the end, still the buyer's to confirm; at the end, the shop's.
    const end = shippedAt.getTime() + 14 * DAY;
    expect((await sweepReceipts({ now: new Date(end - 60_000), days: 14 })).confirmed).not.toContain(made.id);
    // Several processes sweeping at once confirm it once.
    const sweeps = await Promise.all([1, 2, 3].map(() => sweepReceipts({ now: new Date(end), days: 14 })));
    expect(sweeps.filter((sweep) => sweep.confirmed.includes(made.id))).toHaveLength(1);
    const row = await db().orderDelivery.findUniqueOrThrow({ where: { orderId: made.id } });
    expect(row.receivedBy).toBe("system");
    expect(row.receivedAt?.getTime()).toBe(end);
    expect(await eventsOf(made.id)).toEqual([
      { kind: "receipt_reminder", actorRole: "system", actorId: null, note: null },
      { kind: "received", actorRole: "system", actorId: null, note: null },
    ]);
    expect((await outboxTexts(made.id, made.buyer.id)).at(-1)).toContain("ร้านยืนยันการรับสินค้าให้อัตโนมัติแล้ว");
    // The buyer can no longer confirm it, nor report a problem on the page.
    expect((await received(made, made.buyerCookie)).status).toBe(409);
  });

  it("leaves alone orders with a problem reported, canceled ones, and everything when RECEIPT_CONFIRM_DAYS is 0", async () => {
    const withProblem = await acceptedOrder();
    const { shippedAt } = await ship(withProblem);
    expect(statusOf(await report(withProblem, { reasonChoice: "ยังไม่ได้รับสินค้า" }))).toBe(302);
    const canceled = await acceptedOrder();
    await ship(canceled);
    await db().order.update({ where: { id: canceled.id }, data: { status: "canceled" } });
    const plain = await acceptedOrder();
    await ship(plain);

    const later = new Date(shippedAt.getTime() + 30 * DAY);
    expect(await sweepReceipts({ now: later, days: 0 })).toEqual({ confirmed: [], reminded: [] });
    const swept = await sweepReceipts({ now: later, days: 14 });
    expect(swept.confirmed).toContain(plain.id);
    expect(swept.confirmed).not.toContain(withProblem.id);
    expect(swept.confirmed).not.toContain(canceled.id);
    for (const orderId of [withProblem.id, canceled.id])
      expect((await db().orderDelivery.findUniqueOrThrow({ where: { orderId } })).receivedAt).toBeNull();
  });

  it("a problem reported as the window ends and the shop's sweep leave one outcome: reported, or received", async () => {
    for (let round = 0; round < 4; round += 1) {
      const made = await acceptedOrder();
      const { shippedAt } = await ship(made);
      const now = new Date(shippedAt.getTime() + 14 * DAY);
      const [reported, swept] = await Promise.all([
        report(made, { reasonChoice: "ยังไม่ได้รับสินค้า" }),
        sweepReceipts({ now, days: 14 }),
      ]);
      const problem = await db().orderProblem.findUnique({ where: { orderId: made.id } });
      const delivery = await db().orderDelivery.findUniqueOrThrow({ where: { orderId: made.id } });
      if (problem) {
        expect(statusOf(reported)).toBe(302);
        expect(swept.confirmed).not.toContain(made.id);
        expect(delivery.receivedAt).toBeNull();
      } else {
        expect(statusOf(reported)).toBe(409);
        expect(swept.confirmed).toContain(made.id);
        expect(delivery.receivedBy).toBe("system");
      }
    }
  });

  it("RECEIPT_CONFIRM_DAYS: 14 when unset, whole days from 0 to 365, anything else stops the start", () => {
    expect(receiptConfirmDays({})).toBe(14);
    expect(receiptConfirmDays({ RECEIPT_CONFIRM_DAYS: " 7 " })).toBe(7);
    expect(receiptConfirmDays({ RECEIPT_CONFIRM_DAYS: "0" })).toBe(0);
    for (const bad of ["-1", "1.5", "two weeks", "366"])
      expect(() => receiptConfirmDays({ RECEIPT_CONFIRM_DAYS: bad })).toThrow(/RECEIPT_CONFIRM_DAYS/);
  });
});

describe("a problem reported instead, closed by an admin", () => {
  it("the buyer reports with a reason and a photo; bad input changes nothing; one report per shipped order", async () => {
    const made = await acceptedOrder();
    expect(statusOf(await report(made, { reasonChoice: "สินค้าชำรุดหรือเสียหาย" }))).toBe(409);
    await ship(made);

    const noReason = await report(made, { reasonText: "" });
    expect(noReason).toMatchObject({ data: { field: "reason", error: "กรุณาเลือกหรือพิมพ์ปัญหาที่พบ" } });
    const otherEmpty = await report(made, { reasonChoice: "อื่น ๆ" });
    expect(otherEmpty).toMatchObject({ data: { field: "reason", error: "กรุณาพิมพ์รายละเอียดของปัญหา" } });
    const notPhoto = await report(made, {
      reasonChoice: "สินค้าชำรุดหรือเสียหาย",
      photo: new Blob(["not a picture"], { type: "image/jpeg" }),
    });
    expect(statusOf(notPhoto)).toBe(400);
    expect(notPhoto).toMatchObject({ data: { field: "photo" } });
    const stranger = await createTestUser();
    expect(
      statusOf(await report(made, { reasonChoice: "อื่น ๆ", reasonText: "x" }, await sessionCookieFor(stranger.id))),
    ).toBe(403);
    expect(await db().orderProblem.count({ where: { orderId: made.id } })).toBe(0);

    const sent = await report(made, {
      reasonChoice: "สินค้าชำรุดหรือเสียหาย",
      reasonText: "  ตะเข็บแขนซ้าย   ขาด ",
      photo: await jpeg(),
    });
    expect(locationOf(sent)).toBe(`/user/product/${made.id}`);
    expect(await fullNoticeOf(sent)).toMatchObject({
      type: "success",
      message: "แจ้งปัญหาแล้ว ผู้ดูแลระบบจะตรวจสอบและแจ้งผล",
    });
    const problem = await db().orderProblem.findUniqueOrThrow({
      where: { orderId: made.id },
      include: { photo: true },
    });
    expect(problem.reason).toBe("สินค้าชำรุดหรือเสียหาย: ตะเข็บแขนซ้าย ขาด");
    expect(problem.photo).toMatchObject({ private: true, contentType: "image/jpeg" });
    expect(await eventsOf(made.id)).toEqual([
      { kind: "problem", actorRole: "user", actorId: made.buyer.id, note: problem.reason },
    ]);

    // The photo: the buyer, the tailor and admins; nobody else.
    const admin = await createTestUser({ roles: ["admin"] });
    const photo = (cookie: string) =>
      api(apiProblemPhoto.loader, `/api/orders/${made.id}/problem/photo`, { cookie, params: made.params });
    for (const cookie of [made.buyerCookie, made.tailorCookie, await sessionCookieFor(admin.id)])
      expect((await photo(cookie)).status).toBe(200);
    expect((await photo(await sessionCookieFor(stranger.id))).status).toBe(403);

    const again = await report(made, { reasonChoice: "อื่น ๆ", reasonText: "อีกเรื่อง" });
    expect(statusOf(again)).toBe(409);
    expect(await db().orderProblem.count({ where: { orderId: made.id } })).toBe(1);
  });

  it("an admin sees it among the open problems and closes it with a decision: the audit log, the timeline, both sides", async () => {
    const made = await acceptedOrder();
    await ship(made);
    expect(statusOf(await report(made, { reasonChoice: "ขนาดไม่ตรงกับที่สั่ง" }))).toBe(302);
    const problem = await db().orderProblem.findUniqueOrThrow({ where: { orderId: made.id } });
    const admin = await createTestUser({ roles: ["admin"], name: "ผู้ดูแล ทดสอบ" });
    const adminCookie = await sessionCookieFor(admin.id);

    const listed = (await callRoute(adminProblems.loader, `/admin/manage/problems?close=${problem.id}`, {
      cookie: adminCookie,
    })) as { items: { id: number; orderId: number; reason: string }[]; closing: { id: number } | null };
    expect(listed.items.find((row) => row.orderId === made.id)?.reason).toBe("ขนาดไม่ตรงกับที่สั่ง");
    expect(listed.closing?.id).toBe(problem.id);

    const close = (form: Record<string, string>) =>
      callRoute(adminProblems.action, `/admin/manage/problems?close=${problem.id}`, { cookie: adminCookie, form });
    const undecided = await close({ intent: "close", id: String(problem.id) });
    expect(statusOf(undecided)).toBe(400);
    expect(undecided).toMatchObject({ data: { field: "decision", error: "กรุณาเลือกผลการพิจารณา" } });
    expect((await db().orderProblem.findUniqueOrThrow({ where: { id: problem.id } })).closedAt).toBeNull();

    const closed = await close({
      intent: "close",
      id: String(problem.id),
      decision: "refund_due",
      note: "คืนเงินเต็มจำนวน",
    });
    expect(locationOf(closed)).toBe("/admin/manage/problems");
    expect(await fullNoticeOf(closed)).toMatchObject({ type: "success", message: "ปิดเรื่องปัญหาแล้ว" });
    expect(await db().orderProblem.findUniqueOrThrow({ where: { id: problem.id } })).toMatchObject({
      decision: "refund_due",
      decisionNote: "คืนเงินเต็มจำนวน",
    });
    const audit = await db().auditEntry.findMany({ where: { action: "order.problem_close", targetId: made.id } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      targetType: "order",
      changes: { decision: { to: "คืนเงินให้ลูกค้า" }, note: { to: "คืนเงินเต็มจำนวน" } },
    });
    expect((await eventsOf(made.id)).at(-1)).toEqual({
      kind: "problem_closed",
      actorRole: "admin",
      actorId: admin.id,
      note: "คืนเงินให้ลูกค้า: คืนเงินเต็มจำนวน",
    });
    expect((await outboxTexts(made.id, made.buyer.id)).at(-1)).toContain("ผลการพิจารณา: คืนเงินให้ลูกค้า");
    // Both sides read the decision on the order.
    const view = await api(apiOrder.loader, `/api/orders/${made.id}`, {
      cookie: made.buyerCookie,
      params: made.params,
    });
    expect(view.body).toMatchObject({ problem: { decision: "refund_due", decisionLabel: "คืนเงินให้ลูกค้า" } });

    // Closed once: a second close is refused on the page, and the list no longer holds it.
    const twice = await close({ intent: "close", id: String(problem.id), decision: "no_action" });
    expect(statusOf(twice)).toBe(409);
    expect(await db().auditEntry.count({ where: { action: "order.problem_close", targetId: made.id } })).toBe(1);
    const after = (await callRoute(adminProblems.loader, "/admin/manage/problems", { cookie: adminCookie })) as {
      items: { orderId: number }[];
    };
    expect(after.items.some((row) => row.orderId === made.id)).toBe(false);
  });
});

describe("the same as JSON calls", () => {
  const reportJson = (made: Made, json: unknown, cookie = made.buyerCookie) =>
    api(apiProblem.action, `/api/orders/${made.id}/problem`, { method: "POST", cookie, params: made.params, json });

  it("POST /api/orders/{id}/problem: the buyer of a shipped order, with a reason and a photo (JSON or multipart); refusals change nothing", async () => {
    const made = await acceptedOrder();
    expect(await reportJson(made, { reasonChoice: "ยังไม่ได้รับสินค้า" })).toMatchObject({
      status: 409,
      body: { error: "แจ้งปัญหาได้เมื่อช่างตัดแจ้งการจัดส่งแล้ว" },
    });
    await ship(made);
    const stranger = await createTestUser();
    expect((await reportJson(made, { reasonChoice: "ยังไม่ได้รับสินค้า" }, await sessionCookieFor(stranger.id))).status).toBe(
      403,
    );
    expect((await reportJson(made, { reasonChoice: "ยังไม่ได้รับสินค้า" }, made.tailorCookie)).status).toBe(403);
    expect(await reportJson(made, {})).toMatchObject({ status: 400, body: { error: "กรุณาเลือกหรือพิมพ์ปัญหาที่พบ" } });
    expect(await reportJson(made, { reasonChoice: "อื่น ๆ" })).toMatchObject({
      status: 400,
      body: { error: "กรุณาพิมพ์รายละเอียดของปัญหา" },
    });
    expect((await reportJson(made, { reasonChoice: 5 })).status).toBe(400);
    expect(
      (await reportJson(made, { reasonChoice: "ยังไม่ได้รับสินค้า", photo: "data:image/jpeg;base64,AAAA" })).status,
    ).toBe(400);
    expect(await db().orderProblem.count({ where: { orderId: made.id } })).toBe(0);

    const photo = Buffer.from(await (await jpeg()).arrayBuffer()).toString("base64");
    const sent = await reportJson(made, {
      reasonChoice: "สินค้าชำรุดหรือเสียหาย",
      reasonText: " กระดุม หลุด ",
      photo: `data:image/jpeg;base64,${photo}`,
    });
    expect(sent).toMatchObject({
      status: 200,
      body: {
        id: made.id,
        message: "แจ้งปัญหาแล้ว ผู้ดูแลระบบจะตรวจสอบและแจ้งผล",
        problem: {
          reason: "สินค้าชำรุดหรือเสียหาย: กระดุม หลุด",
          photoUrl: `/api/orders/${made.id}/problem/photo`,
          closedAt: null,
        },
      },
    });
    const served = await api(apiProblemPhoto.loader, `/api/orders/${made.id}/problem/photo`, {
      cookie: made.tailorCookie,
      params: made.params,
    });
    expect(served.status).toBe(200);
    expect(await eventsOf(made.id)).toEqual([
      { kind: "problem", actorRole: "user", actorId: made.buyer.id, note: "สินค้าชำรุดหรือเสียหาย: กระดุม หลุด" },
    ]);
    expect((await reportJson(made, { reasonChoice: "ยังไม่ได้รับสินค้า" })).status).toBe(409);

    // The page's multipart form, sent to the call: the photo in the file field "photo".
    const other = await acceptedOrder();
    await ship(other);
    const multipart = await api(apiProblem.action, `/api/orders/${other.id}/problem`, {
      method: "POST",
      cookie: other.buyerCookie,
      params: other.params,
      form: { reasonChoice: "ขนาดไม่ตรงกับที่สั่ง", photo: await jpeg() },
    });
    expect(multipart).toMatchObject({ status: 200, body: { problem: { reason: "ขนาดไม่ตรงกับที่สั่ง" } } });
    expect(await db().orderProblem.findUniqueOrThrow({ where: { orderId: other.id } })).toMatchObject({
      photoId: expect.any(Number),
    });
  });

  it("GET /api/admin/problems lists the open ones; POST /api/admin/problems/{id}/close decides once", async () => {
    const made = await acceptedOrder();
    await ship(made);
    expect((await reportJson(made, { reasonChoice: "ไม่ตรงกับแบบที่สั่ง" })).status).toBe(200);
    const problem = await db().orderProblem.findUniqueOrThrow({ where: { orderId: made.id } });
    const admin = await createTestUser({ roles: ["admin"] });
    const cookie = await sessionCookieFor(admin.id);

    const open = async () => {
      const pages: { orderId: number; id: number; reason: string; buyerName: string }[] = [];
      for (let page = 1; ; page++) {
        const { status, body } = await api(apiProblems.loader, `/api/admin/problems?page=${page}`, { cookie });
        expect(status).toBe(200);
        pages.push(...(body.items as typeof pages));
        if (page >= (body.pageCount as number)) return pages;
      }
    };
    expect((await open()).find((row) => row.orderId === made.id)).toMatchObject({
      id: problem.id,
      reason: "ไม่ตรงกับแบบที่สั่ง",
      buyerName: made.buyer.name,
    });

    const close = (json: unknown, id = problem.id) =>
      api(apiCloseProblem.action, `/api/admin/problems/${id}/close`, {
        method: "POST",
        cookie,
        params: { id: String(id) },
        json,
      });
    expect(await close({ decision: "refund" })).toMatchObject({ status: 400, body: { error: "กรุณาเลือกผลการพิจารณา" } });
    expect(await close({ decision: "remake", note: "ก".repeat(501) })).toMatchObject({
      status: 400,
      body: { error: "ข้อความยาวเกินไป (ไม่เกิน 500 ตัวอักษร)" },
    });
    expect(await close({ decision: "remake", note: 7 })).toMatchObject({
      status: 400,
      body: { error: "บันทึกผลการพิจารณาต้องเป็นข้อความ" },
    });
    expect((await close({ decision: "remake" }, 999_999)).status).toBe(404);
    expect((await db().orderProblem.findUniqueOrThrow({ where: { id: problem.id } })).closedAt).toBeNull();

    expect(await close({ decision: "remake", note: "ตัดใหม่ให้" })).toMatchObject({
      status: 200,
      body: { id: problem.id, decision: "remake", message: "ปิดเรื่องปัญหาแล้ว" },
    });
    expect((await eventsOf(made.id)).at(-1)).toMatchObject({
      kind: "problem_closed",
      actorId: admin.id,
      note: "ช่างตัดแก้ไขหรือตัดเย็บใหม่: ตัดใหม่ให้",
    });
    expect(await close({ decision: "no_action" })).toMatchObject({ status: 409, body: { error: "เรื่องนี้ปิดไปแล้ว" } });
    expect(await db().auditEntry.count({ where: { action: "order.problem_close", targetId: made.id } })).toBe(1);
    expect((await open()).some((row) => row.orderId === made.id)).toBe(false);
  });
});
