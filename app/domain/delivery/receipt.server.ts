import { getConfig } from "~/config.server";
import { retryingWriteConflicts } from "~/data/database-errors.server";
import { db } from "~/data/db.server";
import type { Prisma } from "~/data/generated/client";
import { DomainError, isDomainError } from "~/domain/errors";
import { notify } from "~/domain/notifications/notify.server";
import { FINISHING_NEWS, finishingNewsText } from "~/domain/notifications/order-messages";
import { queueOrderMessage } from "~/domain/notifications/outbox.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { lockOrderForStep } from "~/domain/orders/order-lock.server";
import { logger } from "~/lib/logger.server";
import { type DeliveryView, deliverySelect, toDeliveryView } from "./delivery.server";
import { RECEIPT_MESSAGES, receiptCutoff, reminderCutoff, reminderLeadDays } from "./receipt";

type Tx = Prisma.TransactionClient;

/** The statuses in which a shipped order may be received (a canceled one is over). */
const RECEIVABLE = ["accepted", "completed"] as const;

/**
 * The delivery row of an order, locked for this transaction (`FOR UPDATE`), read after the lock:
 * the buyer's receipt, a problem report and the shop's sweep each take it (after the order's row,
 * lockOrderForStep), so whichever comes second sees what the first did.
 */
export async function lockDelivery(tx: Tx, orderId: number) {
  const rows = await tx.$queryRaw<{ shippedAt: Date; receivedAt: Date | null; remindedAt: Date | null }[]>`
    SELECT "shippedAt", "receivedAt", "remindedAt" FROM "OrderDelivery" WHERE "orderId" = ${orderId} FOR UPDATE`;
  return rows[0] ?? null;
}

/**
 * The order's state for a finishing step, locked: its status and people, its delivery, whether a
 * problem was reported. Refuses (409) a canceled order, one not shipped yet, or one received.
 */
export async function lockShippedOrder(
  tx: Tx,
  orderId: number,
  messages: { canceled: string; notShipped: string; alreadyReceived: string },
) {
  const order = await lockOrderForStep(tx, orderId);
  const delivery = await lockDelivery(tx, orderId);
  const check = () => {
    if (!(RECEIVABLE as readonly string[]).includes(order.status))
      throw new DomainError("conflict", order.status === "canceled" ? messages.canceled : messages.notShipped);
    if (!delivery) throw new DomainError("conflict", messages.notShipped);
    if (delivery.receivedAt) throw new DomainError("conflict", messages.alreadyReceived);
  };
  return { order, delivery, check };
}

async function readDelivery(tx: Tx, orderId: number): Promise<DeliveryView> {
  return toDeliveryView(await tx.orderDelivery.findUniqueOrThrow({ where: { orderId }, select: deliverySelect }));
}

/**
 * The buyer's "ได้รับสินค้าแล้ว": sets the delivery's receivedAt, with an order event and a LINE
 * message to the tailor, in one transaction. Only the order's buyer (403); only once the tailor has
 * recorded the delivery and before receipt was confirmed (409).
 */
export async function confirmReceipt(input: { orderId: number; buyerId: number }): Promise<DeliveryView> {
  const { orderId, buyerId } = input;
  return db().$transaction(async (tx) => {
    const { order, check } = await lockShippedOrder(tx, orderId, RECEIPT_MESSAGES);
    if (order.buyerId !== buyerId) throw new DomainError("forbidden", ORDER_MESSAGES.forbidden);
    check();
    await tx.orderDelivery.update({ where: { orderId }, data: { receivedAt: new Date(), receivedBy: "user" } });
    const event = await tx.orderEvent.create({
      data: { orderId, kind: "received", actorId: buyerId, actorRole: "user" },
      select: { id: true },
    });
    await queueOrderMessage(tx, {
      eventId: event.id,
      orderId,
      audiences: ["tailor"],
      text: (audience, baseUrl) =>
        finishingNewsText({ orderId, headline: FINISHING_NEWS.received.tailor, note: null, audience, baseUrl }),
    });
    await notify(tx, { kind: "receipt", orderId, actorId: buyerId, by: "user" });
    return readDelivery(tx, orderId);
  });
}

export interface ReceiptSweep {
  /** Orders whose receipt the shop confirmed. */
  confirmed: number[];
  /** Orders whose buyer was reminded. */
  reminded: number[];
}

/**
 * The shop's sweep at `now` (each app process runs it with the order expiry, see server/main.ts):
 * an order shipped `days` days ago whose buyer neither confirmed receipt nor reported a problem
 * has receipt confirmed by the shop (actor role `system`), and one within the reminder's lead of
 * that is reminded once. Each order is settled in its own transaction under its locks, so with
 * several processes sweeping at once each step happens once.
 */
export async function sweepReceipts({
  now = new Date(),
  days = getConfig().receiptConfirmDays,
  limit = 100,
}: {
  now?: Date;
  days?: number;
  limit?: number;
} = {}): Promise<ReceiptSweep> {
  if (days <= 0) return { confirmed: [], reminded: [] };
  const waiting = {
    receivedAt: null,
    order: { status: { in: [...RECEIVABLE] }, problem: { is: null } },
  } satisfies Prisma.OrderDeliveryWhereInput;
  const due = await db().orderDelivery.findMany({
    where: { ...waiting, shippedAt: { lte: receiptCutoff(now, days) } },
    orderBy: [{ shippedAt: "asc" }, { orderId: "asc" }],
    take: limit,
    select: { orderId: true },
  });
  const confirmed = await eachOnce(due, (tx, orderId) => autoReceive(tx, orderId, now, days));
  const toRemind =
    reminderLeadDays(days) > 0
      ? await db().orderDelivery.findMany({
          where: { ...waiting, remindedAt: null, shippedAt: { lte: reminderCutoff(now, days) } },
          orderBy: [{ shippedAt: "asc" }, { orderId: "asc" }],
          take: limit,
          select: { orderId: true },
        })
      : [];
  const reminded = await eachOnce(toRemind, (tx, orderId) => remind(tx, orderId, now, days));
  if (confirmed.length || reminded.length)
    logger().info({ confirmed: confirmed.length, reminded: reminded.length }, "receipts confirmed and reminded");
  return { confirmed, reminded };
}

/** Runs `step` for each order in its own transaction; the ids of those it did (true). */
async function eachOnce(
  rows: { orderId: number }[],
  step: (tx: Tx, orderId: number) => Promise<boolean>,
): Promise<number[]> {
  const done: number[] = [];
  for (const { orderId } of rows) {
    try {
      if (await retryingWriteConflicts(() => db().$transaction((tx) => step(tx, orderId)))) done.push(orderId);
    } catch (error) {
      // Canceled, received or reported meanwhile: nothing to do.
      if (!isDomainError(error)) throw error;
    }
  }
  return done;
}

/** Under the order's locks, is it still shipped, not received and without a problem? */
async function stillWaiting(tx: Tx, orderId: number) {
  const { delivery, check } = await lockShippedOrder(tx, orderId, RECEIPT_MESSAGES);
  check();
  // Read after the locks: a report committed while this waited is seen (reportProblem takes them too).
  const problem = await tx.orderProblem.findUnique({ where: { orderId }, select: { id: true } });
  return problem ? null : delivery!;
}

async function autoReceive(tx: Tx, orderId: number, now: Date, days: number): Promise<boolean> {
  const delivery = await stillWaiting(tx, orderId);
  if (!delivery || delivery.shippedAt > receiptCutoff(now, days)) return false;
  await tx.orderDelivery.update({ where: { orderId }, data: { receivedAt: now, receivedBy: "system" } });
  const event = await tx.orderEvent.create({
    data: { orderId, kind: "received", actorId: null, actorRole: "system", createdAt: now },
    select: { id: true },
  });
  await queueOrderMessage(tx, {
    eventId: event.id,
    orderId,
    audiences: ["customer", "tailor"],
    text: (audience, baseUrl) =>
      finishingNewsText({ orderId, headline: FINISHING_NEWS.autoReceived[audience], note: null, audience, baseUrl }),
  });
  await notify(tx, { kind: "receipt", orderId, actorId: null, by: "system" });
  return true;
}

async function remind(tx: Tx, orderId: number, now: Date, days: number): Promise<boolean> {
  const delivery = await stillWaiting(tx, orderId);
  if (!delivery || delivery.remindedAt || delivery.shippedAt > reminderCutoff(now, days)) return false;
  await tx.orderDelivery.update({ where: { orderId }, data: { remindedAt: now } });
  const event = await tx.orderEvent.create({
    data: { orderId, kind: "receipt_reminder", actorId: null, actorRole: "system", createdAt: now },
    select: { id: true },
  });
  await queueOrderMessage(tx, {
    eventId: event.id,
    orderId,
    audiences: ["customer"],
    text: (audience, baseUrl) =>
      finishingNewsText({ orderId, headline: FINISHING_NEWS.reminder.customer, note: null, audience, baseUrl }),
  });
  await notify(tx, { kind: "receipt_reminder", orderId, actorId: null });
  return true;
}
