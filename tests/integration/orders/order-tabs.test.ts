import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { setDelivery } from "~/domain/delivery/delivery.server";
import { BUYER_TABS, type BuyerTab, buyerTabOf } from "~/domain/orders/buyer-tabs";
import { transitionOrder } from "~/domain/orders/transitions.server";
import { decidePayment, sendSlip } from "~/domain/payments/payments.server";
import * as apiMerchantOrders from "~/routes/orders/api.merchant-orders";
import * as apiMyOrders from "~/routes/orders/api.my-orders";
import * as merchantOrders from "~/routes/orders/merchant-orders";
import * as userOrders from "~/routes/orders/user-orders";
import { callJson as api, callRoute } from "../../support/requests";
import { createTestUser, sessionCookieFor } from "../../support/users";
import { makeOrder } from "./support";

/*
 * Issue 45, "paying is obvious": the customer's orders in tabs (to pay, waiting for the shop, to
 * receive, done, canceled), the same filters through GET /api/user/my_orders?tab=, each row's
 * payment, delivery and stage in words; and the tailor's "slip waiting" filter (the QR as a PNG:
 * payment-qr-png.test.ts). Every order is brought to its state through the shop's own
 * steps (accept, slip, confirm, reject, cash, delivery, complete, cancel).
 */

type Person = Awaited<ReturnType<typeof createTestUser>>;

interface Row {
  id: number;
  status: string;
  payment: { status: string } | null;
  delivery: { method: string; carrier: string | null; trackingNumber: string | null } | null;
  stage: { label: string; tone: string };
}

interface ListBody {
  items: Row[];
  page: number;
  pageCount: number;
  total: number;
}

/** A slip photo of its own each time (one slip pays once in the shop: issue 49). */
let slipsMade = 0;
async function slipPhoto(): Promise<Uint8Array> {
  slipsMade += 1;
  return new Uint8Array(
    await sharp({
      create: { width: 300, height: 500, channels: 3, background: { r: 232, g: slipsMade % 256, b: 255 } },
    })
      .jpeg()
      .toBuffer(),
  );
}

const as = (person: Person) => ({ id: person.id, roles: person.roles });

async function accept(orderId: number, tailor: Person) {
  await transitionOrder({ orderId, to: "accepted", actor: as(tailor), as: "merchant" });
}

async function move(orderId: number, tailor: Person, to: "completed" | "canceled") {
  // A tailor's cancel says why (issue 46).
  await transitionOrder({
    orderId,
    to,
    actor: as(tailor),
    as: "merchant",
    reason: to === "canceled" ? "ผ้าหมด" : undefined,
  });
}

/** One order of `buyer` with `tailor`, brought to a state by `steps` (each a step of the shop's own). */
async function orderWith(buyer: Person, tailor: Person, steps: (id: number) => Promise<unknown>) {
  const { order } = await makeOrder({ status: "ordered", buyer, tailor, unitPrice: 400 });
  await steps(order.id);
  return order.id;
}

let buyer: Person;
let otherBuyer: Person;
let tailor: Person;
let otherTailor: Person;
let buyerCookie: string;
let tailorCookie: string;
/** The order ids by what was done to them. */
const ids = {} as Record<string, number>;
/** What each tab must list (the buyer's). */
let expected: Record<BuyerTab, number[]>;

beforeAll(async () => {
  buyer = await createTestUser();
  otherBuyer = await createTestUser();
  tailor = await createTestUser({ roles: ["merchant"] });
  otherTailor = await createTestUser({ roles: ["merchant"] });
  await db().user.update({
    where: { id: tailor.id },
    data: { promptpayId: "0812345678", promptpayName: "ร้านผ้าทอแท็บ" },
  });
  buyerCookie = await sessionCookieFor(buyer.id);
  tailorCookie = await sessionCookieFor(tailor.id);
  const slip = async (id: number, who = buyer) => sendSlip({ orderId: id, buyerId: who.id, photo: await slipPhoto() });

  ids.ordered = await orderWith(buyer, tailor, async () => {});
  ids.unpaid = await orderWith(buyer, tailor, (id) => accept(id, tailor));
  ids.slipSent = await orderWith(buyer, tailor, async (id) => {
    await accept(id, tailor);
    await slip(id);
  });
  ids.slipRejected = await orderWith(buyer, tailor, async (id) => {
    await accept(id, tailor);
    await slip(id);
    await decidePayment({ orderId: id, tailorId: tailor.id, action: "reject", reason: "ยอดไม่ตรง" });
  });
  ids.paid = await orderWith(buyer, tailor, async (id) => {
    await accept(id, tailor);
    await slip(id);
    await decidePayment({ orderId: id, tailorId: tailor.id, action: "confirm" });
  });
  ids.cashShipped = await orderWith(buyer, tailor, async (id) => {
    await accept(id, tailor);
    await decidePayment({ orderId: id, tailorId: tailor.id, action: "cash" });
    await setDelivery({
      orderId: id,
      tailorId: tailor.id,
      delivery: { method: "carrier", carrier: "thailand_post", trackingNumber: "EF123456785TH" },
    });
  });
  ids.completedPaid = await orderWith(buyer, tailor, async (id) => {
    await accept(id, tailor);
    await decidePayment({ orderId: id, tailorId: tailor.id, action: "cash" });
    await move(id, tailor, "completed");
  });
  ids.completedUnpaid = await orderWith(buyer, tailor, async (id) => {
    await accept(id, tailor);
    await move(id, tailor, "completed");
  });
  ids.completedSlip = await orderWith(buyer, tailor, async (id) => {
    await accept(id, tailor);
    await move(id, tailor, "completed");
    await slip(id);
  });
  ids.declined = await orderWith(buyer, tailor, (id) => move(id, tailor, "canceled"));
  ids.canceledAfterPaid = await orderWith(buyer, tailor, async (id) => {
    await accept(id, tailor);
    await decidePayment({ orderId: id, tailorId: tailor.id, action: "cash" });
    await move(id, tailor, "canceled");
  });
  // Not an order yet: in no tab.
  ids.cart = (await makeOrder({ status: "cart", buyer, tailor })).order.id;
  // Another customer's order with the same tailor, its slip waiting; and another tailor's.
  ids.otherBuyerSlip = await orderWith(otherBuyer, tailor, async (id) => {
    await accept(id, tailor);
    await slip(id, otherBuyer);
  });
  ids.otherTailorSlip = await orderWith(otherBuyer, otherTailor, async (id) => {
    await accept(id, otherTailor);
    await slip(id, otherBuyer);
  });

  expected = {
    to_pay: [ids.unpaid!, ids.slipRejected!, ids.completedUnpaid!],
    to_confirm: [ids.ordered!, ids.slipSent!, ids.completedSlip!],
    to_receive: [ids.paid!, ids.cashShipped!],
    done: [ids.completedPaid!],
    canceled: [ids.declined!, ids.canceledAfterPaid!],
  };
}, 120_000);

const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

async function myOrders(query: string, cookie = buyerCookie) {
  return api(apiMyOrders.loader, `/api/user/my_orders${query}`, { cookie });
}

describe("the customer's order tabs", () => {
  it("each tab lists exactly the orders in its state, through the API and the page, with the same counts", async () => {
    const page = (await callRoute(userOrders.loader, "/user/orders", { cookie: buyerCookie })) as {
      counts: Record<BuyerTab, number>;
      total: number;
    };
    // The tabs' counts, and every placed order: the list without a tab, counted in the same statement.
    const placed = Object.values(expected).flat().length;
    expect(page.counts).toEqual({
      ...Object.fromEntries(BUYER_TABS.map((tab) => [tab, expected[tab].length])),
      placed,
    });
    expect(page.total).toBe(placed);
    for (const tab of BUYER_TABS) {
      const { status, body } = await myOrders(`?tab=${tab}`);
      expect(status).toBe(200);
      const list = body as unknown as ListBody;
      expect(sorted(list.items.map((row) => row.id)), tab).toEqual(sorted(expected[tab]));
      expect(list.total, tab).toBe(expected[tab].length);
      // The SQL filter and the rule the counts use agree on every row.
      for (const row of list.items)
        expect(buyerTabOf(row.status as never, (row.payment?.status ?? null) as never), `#${row.id}`).toBe(tab);

      const onPage = (await callRoute(userOrders.loader, `/user/orders?tab=${tab}`, { cookie: buyerCookie })) as {
        items: Row[];
        tab: string;
        total: number;
      };
      expect(onPage.tab).toBe(tab);
      expect(sorted(onPage.items.map((row) => row.id)), `page ${tab}`).toEqual(sorted(expected[tab]));
      expect(onPage.total).toBe(expected[tab].length);
    }
  });

  it("without a tab, every placed order as before (paged, ten to a page; never the cart, never another's)", async () => {
    const placed = Object.values(expected).flat();
    const first = (await myOrders("")).body as unknown as ListBody;
    expect(first.total).toBe(placed.length);
    expect(first.pageCount).toBe(2);
    expect(first.items).toHaveLength(10);
    const second = (await myOrders("?page=2")).body as unknown as ListBody;
    expect(sorted([...first.items, ...second.items].map((row) => row.id))).toEqual(sorted(placed));
    expect(placed).not.toContain(ids.cart);
    // A tab pages the same way: its own count, its own pages.
    const page = (await callRoute(userOrders.loader, "/user/orders", { cookie: buyerCookie })) as { total: number };
    expect(page.total).toBe(placed.length);
  });

  it("an unknown tab is a 400 in Thai through the API (the page shows every order)", async () => {
    for (const bad of ["paid", "TO_PAY", "", "to_pay "]) {
      const { status, body } = await myOrders(`?tab=${encodeURIComponent(bad)}`);
      expect(status, bad).toBe(400);
      expect(body.error).toMatch(/แท็บที่ใช้กรองไม่ถูกต้อง/);
    }
    const page = (await callRoute(userOrders.loader, "/user/orders?tab=nonsense", { cookie: buyerCookie })) as {
      tab: string | null;
      total: number;
    };
    expect(page.tab).toBeNull();
    expect(page.total).toBe(Object.values(expected).flat().length);
  });

  it("rows carry payment { status }, delivery and the stage in words", async () => {
    const all = [
      ...((await myOrders("")).body as unknown as ListBody).items,
      ...((await myOrders("?page=2")).body as unknown as ListBody).items,
    ];
    const row = (id: number) => all.find((each) => each.id === id)!;
    expect(row(ids.ordered!)).toMatchObject({ payment: null, delivery: null, stage: { label: "รอร้านรับงาน" } });
    expect(row(ids.unpaid!)).toMatchObject({ payment: { status: "unpaid" }, stage: { label: "รอชำระเงิน" } });
    expect(row(ids.unpaid!).payment).toEqual({ status: "unpaid" });
    expect(row(ids.slipSent!)).toMatchObject({
      payment: { status: "slip_sent" },
      stage: { label: "ส่งสลิปแล้ว รอร้านตรวจ" },
    });
    expect(row(ids.slipRejected!)).toMatchObject({
      payment: { status: "unpaid" },
      stage: { label: "ร้านขอสลิปใหม่ รอชำระเงิน" },
    });
    expect(row(ids.paid!)).toMatchObject({
      payment: { status: "paid" },
      delivery: null,
      stage: { label: "กำลังตัดเย็บ" },
    });
    expect(row(ids.cashShipped!)).toMatchObject({
      payment: { status: "paid" },
      delivery: { method: "carrier", carrier: "thailand_post", trackingNumber: "EF123456785TH" },
      stage: { label: "จัดส่งแล้ว" },
    });
    expect(row(ids.completedPaid!)).toMatchObject({ stage: { label: "ตัดเย็บเสร็จแล้ว" } });
    expect(row(ids.completedUnpaid!)).toMatchObject({ status: "completed", stage: { label: "รอชำระเงิน" } });
    expect(row(ids.declined!)).toMatchObject({ payment: null, stage: { label: "ยกเลิกแล้ว" } });
    expect(row(ids.canceledAfterPaid!)).toMatchObject({
      payment: { status: "refund_due" },
      stage: { label: "ยกเลิกแล้ว รอร้านคืนเงิน" },
    });
  });

  it("only the customer: a tailor is refused the customer's list, a visitor is asked to log in", async () => {
    expect((await myOrders("?tab=to_pay", tailorCookie)).status).toBe(403);
    expect((await api(apiMyOrders.loader, "/api/user/my_orders?tab=to_pay")).status).toBe(401);
    // Another customer's tabs hold only their own orders.
    const other = (await myOrders("?tab=to_confirm", await sessionCookieFor(otherBuyer.id)))
      .body as unknown as ListBody;
    expect(sorted(other.items.map((row) => row.id))).toEqual(sorted([ids.otherBuyerSlip!, ids.otherTailorSlip!]));
  });
});

describe("the tailor's slips waiting", () => {
  it("marks and filters the orders whose slip waits for this tailor, never another tailor's", async () => {
    const mine = [ids.slipSent!, ids.completedSlip!, ids.otherBuyerSlip!];
    const { status, body } = await api(apiMerchantOrders.loader, "/api/merchants/orders/me?slip=waiting", {
      cookie: tailorCookie,
    });
    expect(status).toBe(200);
    const list = body as unknown as ListBody;
    expect(sorted(list.items.map((row) => row.id))).toEqual(sorted(mine));
    expect(list.total).toBe(mine.length);
    expect(list.items.every((row) => row.payment?.status === "slip_sent")).toBe(true);
    expect(list.items.map((row) => row.id)).not.toContain(ids.otherTailorSlip);

    // With a status too: the completed ones only.
    const completed = (
      await api(apiMerchantOrders.loader, "/api/merchants/orders/me?slip=waiting&status=completed", {
        cookie: tailorCookie,
      })
    ).body as unknown as ListBody;
    expect(completed.items.map((row) => row.id)).toEqual([ids.completedSlip]);
    expect(completed.total).toBe(1);

    // The page: the filter's count, the filtered list; the unfiltered list marks the rows.
    const page = (await callRoute(merchantOrders.loader, "/merchant?slip=waiting", { cookie: tailorCookie })) as {
      slipCount: number;
      slipWaiting: boolean;
      orders: ListBody;
    };
    expect(page.slipWaiting).toBe(true);
    expect(page.slipCount).toBe(mine.length);
    expect(sorted(page.orders.items.map((row) => row.id))).toEqual(sorted(mine));

    const other = (await callRoute(merchantOrders.loader, "/merchant?slip=waiting", {
      cookie: await sessionCookieFor(otherTailor.id),
    })) as { slipCount: number; orders: ListBody };
    expect(other.slipCount).toBe(1);
    expect(other.orders.items.map((row) => row.id)).toEqual([ids.otherTailorSlip]);
  });

  it("an unknown slip filter is a 400 in Thai; a customer is refused the tailor's list", async () => {
    const bad = await api(apiMerchantOrders.loader, "/api/merchants/orders/me?slip=yes", { cookie: tailorCookie });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/ตัวกรองสลิปไม่ถูกต้อง/);
    expect(
      (await api(apiMerchantOrders.loader, "/api/merchants/orders/me?slip=waiting", { cookie: buyerCookie })).status,
    ).toBe(403);
  });
});
