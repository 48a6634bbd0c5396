import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { postMessage } from "~/domain/messages/messages.server";
import { transitionOrder } from "~/domain/orders/transitions.server";
import { action as closeAction } from "~/routes/account/close-account";
import { loader as myData } from "~/routes/account/my-data";
import { loader as myDataExport } from "~/routes/account/my-data-export";
import * as apiMessages from "~/routes/orders/api.order-messages";
import { callJson, callRoute } from "../../support/requests";
import { sessionCookieFor, TEST_PASSWORD } from "../../support/users";
import { makeOrder } from "../orders/support";

/**
 * Order messages and notifications as personal data (issue 48): on /profile/data and in the
 * download (one's own only), and erased with the account as the address is: the words and photos
 * go, the other side keeps the order and reads "ผู้ใช้ที่ลบบัญชีแล้ว".
 */

const call = (fn: unknown, path: string, options?: Parameters<typeof callRoute>[2]) =>
  callRoute(fn as never, path, options);

interface PageRecords {
  data: { records: { key: string; count: number; rows: { text: string }[] }[] };
}

async function conversation() {
  const made = await makeOrder({ status: "ordered" });
  const person = (user: typeof made.buyer) => ({ id: user.id, roles: user.roles, name: user.name });
  await postMessage(made.order.id, person(made.buyer), { text: "ขอรอบอก 40 นิ้วนะคะ" });
  await postMessage(made.order.id, person(made.tailor), { text: "ได้ครับ" });
  await transitionOrder({
    orderId: made.order.id,
    to: "completed",
    actor: { id: made.buyer.id, roles: ["admin"] },
    as: "admin",
  });
  return {
    ...made,
    buyerCookie: await sessionCookieFor(made.buyer.id),
    tailorCookie: await sessionCookieFor(made.tailor.id),
  };
}

describe("messages and notifications are personal data", () => {
  it("the page and the download carry one's own messages and notifications, not the other side's", async () => {
    const { order, buyerCookie } = await conversation();
    const page = (await call(myData, "/profile/data", { cookie: buyerCookie })) as PageRecords;
    const byKey = Object.fromEntries(page.data.records.map((kind) => [kind.key, kind]));
    expect(byKey.orderMessages).toMatchObject({ count: 1 });
    expect(byKey.orderMessages!.rows[0]!.text).toBe(`คำสั่งซื้อ #${order.id} · “ขอรอบอก 40 นิ้วนะคะ”`);
    expect(byKey.notifications!.count).toBeGreaterThanOrEqual(1);

    const download = await (
      (await call(myDataExport, "/profile/data/export", { cookie: buyerCookie })) as Response
    ).json();
    expect(download.orderMessages).toMatchObject([{ orderId: order.id, text: "ขอรอบอก 40 นิ้วนะคะ", imageUrl: null }]);
    expect(download.notifications.map((note: { kind: string }) => note.kind)).toContain("message");
    expect(JSON.stringify(download.orderMessages)).not.toContain("ได้ครับ");
  });

  it("closing the account erases the words and the notifications; the tailor keeps the order and reads the erased name", async () => {
    const { order, buyer, tailor, buyerCookie, tailorCookie } = await conversation();
    // A LINE push to the tailor of the buyer's message, as notify.server.ts writes one (LINE is off here).
    const push = await db().outboxMessage.create({
      data: {
        recipientId: tailor.id,
        batchKey: `message:${tailor.id}:${order.id}:1`,
        text: `ผ้าทอบ้านนาดี: ข้อความใหม่จาก${buyer.name} ในคำสั่งซื้อ #${order.id} “ขอรอบอก 40 นิ้วนะคะ”\nดูรายละเอียด: http://shop.test/merchant/order/${order.id}`,
      },
    });
    const closed = await call(closeAction, "/profile/delete", {
      cookie: buyerCookie,
      form: { password: TEST_PASSWORD },
    });
    expect(closed).toBeTruthy();
    expect((await db().user.findUniqueOrThrow({ where: { id: buyer.id } })).status).toBe("inactive");
    expect(await db().notification.count({ where: { userId: buyer.id } })).toBe(0);
    const tailorNotes = await db().notification.findMany({ where: { userId: tailor.id, kind: "message" } });
    expect(tailorNotes.map((note) => note.text)).toEqual([`ข้อความใหม่ในคำสั่งซื้อ #${order.id}`]);
    expect((await db().outboxMessage.findUniqueOrThrow({ where: { id: push.id } })).text).toBe(
      `ผ้าทอบ้านนาดี: ข้อความใหม่ในคำสั่งซื้อ #${order.id}\nดูรายละเอียด: http://shop.test/merchant/order/${order.id}`,
    );

    const thread = await callJson(apiMessages.loader, `/api/orders/${order.id}/messages`, {
      cookie: tailorCookie,
      params: { id: String(order.id) },
    });
    expect(thread.status).toBe(200);
    expect(
      (thread.body.items as { author: { name: string }; text: string }[]).map((m) => [m.author.name, m.text]),
    ).toEqual([
      ["ผู้ใช้ที่ลบบัญชีแล้ว", "ข้อความนี้ถูกลบพร้อมบัญชีผู้ใช้"],
      [tailor.name, "ได้ครับ"],
    ]);
    expect(JSON.stringify(await db().orderMessage.findMany({ where: { orderId: order.id } }))).not.toContain("40 นิ้ว");
  });
});
