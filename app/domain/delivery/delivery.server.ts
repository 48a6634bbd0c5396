import { getConfig } from "~/config.server";
import { db } from "~/data/db.server";
import { DomainError } from "~/domain/errors";
import { notify } from "~/domain/notifications/notify.server";
import { deliveryNewsText } from "~/domain/notifications/order-messages";
import { queueOrderMessage } from "~/domain/notifications/outbox.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { lockOrderForStep } from "~/domain/orders/order-lock.server";
import { assertCanShip } from "~/domain/payments/payments.server";
import { CARRIER_INFO, DELIVERY_MESSAGES, type DeliveryInput, deliveryText, trackingUrl } from "./carriers";
import { RECEIPT_MESSAGES, type ReceivedBy, receiptDeadline } from "./receipt";

/** Orders whose shirt may be sent: taken by the tailor (set when completing), or done. */
const DELIVERABLE = ["accepted", "completed"] as const;

export interface DeliveryView extends DeliveryInput {
  carrierLabel: string | null;
  trackingUrl: string | null;
  text: string;
  updatedAt: Date;
  /** When the delivery was first recorded: the order is shipped (issue 46). */
  shippedAt: Date;
  /** When receipt was confirmed, and by whom (the buyer, or the shop after the window); null until then. */
  receivedAt: Date | null;
  receivedBy: ReceivedBy | null;
  /** While not received: when the shop will confirm receipt itself (null when RECEIPT_CONFIRM_DAYS is 0). */
  receiptDueAt: Date | null;
}

/** The delivery's columns every view of it reads. */
export const deliverySelect = {
  method: true,
  carrier: true,
  trackingNumber: true,
  updatedAt: true,
  shippedAt: true,
  receivedAt: true,
  receivedBy: true,
} as const;

type DeliveryRow = DeliveryInput & {
  updatedAt: Date;
  shippedAt: Date;
  receivedAt: Date | null;
  receivedBy: string | null;
};

export function toDeliveryView(row: DeliveryRow): DeliveryView {
  return {
    method: row.method,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    carrierLabel: row.carrier ? CARRIER_INFO[row.carrier].label : null,
    trackingUrl: trackingUrl(row),
    text: deliveryText(row),
    updatedAt: row.updatedAt,
    shippedAt: row.shippedAt,
    receivedAt: row.receivedAt,
    receivedBy: row.receivedAt ? (row.receivedBy === "system" ? "system" : "buyer") : null,
    receiptDueAt: row.receivedAt ? null : receiptDeadline(row.shippedAt, getConfig().receiptConfirmDays),
  };
}

/**
 * The order's tailor says how the shirt goes (again to correct it): the record, an order event and
 * a LINE message to the buyer, in one transaction. The order row is locked so a cancel waits or wins.
 */
export async function setDelivery(input: {
  orderId: number;
  tailorId: number;
  delivery: DeliveryInput;
}): Promise<DeliveryView> {
  const { orderId, tailorId, delivery } = input;
  return db().$transaction(async (tx) => {
    const order = await lockOrderForStep(tx, orderId);
    if (order.sellerId !== tailorId) throw new DomainError("forbidden", ORDER_MESSAGES.forbidden);
    if (!(DELIVERABLE as readonly string[]).includes(order.status))
      throw new DomainError("conflict", DELIVERY_MESSAGES.notYet);
    // Once received (issue 46), how it came is settled. (The buyer's receipt holds the order's row
    // too: it waits for this step, or this step sees it here.)
    const before = await tx.orderDelivery.findUnique({ where: { orderId }, select: { receivedAt: true } });
    if (before?.receivedAt) throw new DomainError("conflict", RECEIPT_MESSAGES.lockedAfterReceipt);
    // With a deposit, the balance comes before the parcel (issue 49).
    await assertCanShip(tx, orderId, delivery.method);
    const fields = { method: delivery.method, carrier: delivery.carrier, trackingNumber: delivery.trackingNumber };
    const saved = await tx.orderDelivery.upsert({
      where: { orderId },
      create: { orderId, ...fields },
      update: fields,
      select: deliverySelect,
    });
    const view = toDeliveryView(saved);
    const event = await tx.orderEvent.create({
      data: { orderId, kind: "delivery", note: view.text, actorId: tailorId, actorRole: "merchant" },
      select: { id: true },
    });
    await queueOrderMessage(tx, {
      eventId: event.id,
      orderId,
      audiences: ["customer"],
      text: (_audience, baseUrl) =>
        deliveryNewsText({ orderId, delivery: view.text, trackingUrl: view.trackingUrl, baseUrl }),
    });
    await notify(tx, { kind: "delivery", orderId, actorId: tailorId, text: view.text });
    return view;
  });
}
