import { db } from "~/data/db.server";
import { DomainError } from "~/domain/errors";
import { deliveryNewsText } from "~/domain/notifications/order-messages";
import { notify } from "~/domain/notifications/notify.server";
import { queueOrderMessage } from "~/domain/notifications/outbox.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { lockOrderForStep } from "~/domain/orders/order-lock.server";
import { CARRIER_INFO, DELIVERY_MESSAGES, type DeliveryInput, deliveryText, trackingUrl } from "./carriers";

/** Orders whose shirt may be sent: taken by the tailor (set when completing), or done. */
const DELIVERABLE = ["accepted", "completed"] as const;

export interface DeliveryView extends DeliveryInput {
  carrierLabel: string | null;
  trackingUrl: string | null;
  text: string;
  updatedAt: Date;
}

export function toDeliveryView(row: DeliveryInput & { updatedAt: Date }): DeliveryView {
  return {
    method: row.method,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    carrierLabel: row.carrier ? CARRIER_INFO[row.carrier].label : null,
    trackingUrl: trackingUrl(row),
    text: deliveryText(row),
    updatedAt: row.updatedAt,
  };
}

export async function findDelivery(orderId: number): Promise<DeliveryView | null> {
  const row = await db().orderDelivery.findUnique({
    where: { orderId },
    select: { method: true, carrier: true, trackingNumber: true, updatedAt: true },
  });
  return row ? toDeliveryView(row) : null;
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
    const fields = { method: delivery.method, carrier: delivery.carrier, trackingNumber: delivery.trackingNumber };
    const saved = await tx.orderDelivery.upsert({
      where: { orderId },
      create: { orderId, ...fields },
      update: fields,
      select: { method: true, carrier: true, trackingNumber: true, updatedAt: true },
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
