import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { decideDesign } from "~/domain/admin/designs.server";
import { postMessage } from "~/domain/messages/messages.server";
import { deliverDueMessages } from "~/domain/notifications/delivery.server";
import { MESSAGE_PUSH_WINDOW_MS } from "~/domain/notifications/notify.server";
import { transitionOrder } from "~/domain/orders/transitions.server";
import { replyToReview, writeReview } from "~/domain/reviews/reviews.server";
import { createTestUser } from "../../support/users";
import { makeOrder } from "../orders/support";
import { lineId, startLineMock } from "./support";

const mock = startLineMock();

/**
 * LINE pushes of what has no LINE message of its own (issue 48): a new message in an order's
 * conversation (a burst sends one push, when its two minutes are over), a review and its answer,
 * a design's decision; each to a linked recipient only, with the deep link to their own page. The
 * order's steps keep the one message they always had (no second push for their notification).
 */

async function linkedOrder(status: "ordered" | "completed" = "ordered") {
  const made = await makeOrder({ status });
  const buyerLine = lineId();
  const tailorLine = lineId();
  await db().user.update({ where: { id: made.buyer.id }, data: { lineUserId: buyerLine } });
  await db().user.update({ where: { id: made.tailor.id }, data: { lineUserId: tailorLine } });
  const person = (user: typeof made.buyer) => ({ id: user.id, roles: user.roles, name: user.name });
  return { ...made, buyerLine, tailorLine, buyerActor: person(made.buyer), tailorActor: person(made.tailor) };
}

/** The middle of the current two minutes, and a moment after they end: a burst's times, chosen. */
const W = MESSAGE_PUSH_WINDOW_MS;
const midWindow = () => new Date(Math.floor(Date.now() / W) * W + W / 2);
const afterWindow = (mid: Date) => new Date(mid.getTime() + W / 2 + 1_000);

describe("a conversation's messages on LINE", () => {
  it("a burst of three messages is one push to the tailor, sent when its window ends, linking to the tailor's page", async () => {
    const order = await linkedOrder();
    const mid = midWindow();
    for (const [index, text] of ["ขอถามเรื่องไซซ์", "รอบอกเพิ่ม 1 นิ้ว", "ขอบคุณค่ะ"].entries())
      await postMessage(order.order.id, order.buyerActor, { text }, new Date(mid.getTime() + index * 10_000));
    const rows = await db().outboxMessage.findMany({ where: { recipientId: order.tailor.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.eventId).toBeNull();
    // Not yet: the burst may go on.
    expect(await deliverDueMessages({ now: new Date(mid.getTime() + 30_000) })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    expect(mock.pushes).toHaveLength(0);
    expect(await deliverDueMessages({ now: afterWindow(mid) })).toMatchObject({ sent: 1 });
    expect(mock.pushes).toHaveLength(1);
    expect(mock.pushes[0]!.to).toBe(order.tailorLine);
    expect(mock.pushes[0]!.text).toContain(`คำสั่งซื้อ #${order.order.id}`);
    expect(mock.pushes[0]!.text).toContain(`http://shop.test/merchant/order/${order.order.id}`);
    // The writer hears nothing of their own messages.
    expect(mock.pushes.some((push) => push.to === order.buyerLine)).toBe(false);
  });

  it("an answer goes to the buyer; a recipient without LINE gets none", async () => {
    const order = await linkedOrder();
    const mid = midWindow();
    await postMessage(order.order.id, order.tailorActor, { text: "ได้ครับ" }, mid);
    await db().user.update({ where: { id: order.tailor.id }, data: { lineUserId: null } });
    await postMessage(order.order.id, order.buyerActor, { text: "ขอบคุณค่ะ" }, mid);
    await deliverDueMessages({ now: afterWindow(mid) });
    expect(mock.pushes.map((push) => push.to)).toEqual([order.buyerLine]);
    expect(mock.pushes[0]!.text).toContain(`http://shop.test/user/product/${order.order.id}`);
  });

  it("a review, its answer and a design's decision are pushed at once; an order's step is pushed once, as before", async () => {
    const order = await linkedOrder("completed");
    await writeReview(order.order.id, order.buyer.id, { rating: 4, comment: "ดีค่ะ" });
    await replyToReview(order.order.id, order.tailor.id, "ขอบคุณครับ");
    const design = await db().design.create({
      data: { ownerId: order.tailor.id, baseId: "shirt1", type: "upload", status: "pending" },
    });
    const admin = await createTestUser({ roles: ["admin"] });
    await decideDesign(design.id, "reject", { id: admin.id, name: admin.name }, "รูปเบลอ");
    await deliverDueMessages();
    const toTailor = mock.pushes.filter((push) => push.to === order.tailorLine).map((push) => push.text);
    expect(toTailor).toHaveLength(2);
    expect(toTailor.some((text) => text.includes("ลูกค้ารีวิว") && text.includes("4 ดาว"))).toBe(true);
    expect(toTailor.some((text) => text.includes(`แบบเสื้อ #${design.id} ไม่ได้รับการอนุมัติ เหตุผล: รูปเบลอ`))).toBe(true);
    const toBuyer = mock.pushes.filter((push) => push.to === order.buyerLine).map((push) => push.text);
    expect(toBuyer).toHaveLength(1);
    expect(toBuyer[0]).toContain("ช่างตัดตอบรีวิวของคุณ");

    mock.reset();
    const placed = await linkedOrder();
    await transitionOrder({ orderId: placed.order.id, to: "accepted", actor: placed.tailorActor, as: "merchant" });
    await deliverDueMessages();
    expect(mock.pushes.filter((push) => push.to === placed.buyerLine)).toHaveLength(1);
    expect(await db().notification.count({ where: { userId: placed.buyer.id, kind: "order_accepted" } })).toBe(1);
  });
});
