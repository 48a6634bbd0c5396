import { site } from "~/content/site";
import type { Prisma } from "~/data/generated/client";
import type { EventActor, NotificationKind } from "~/data/generated/enums";
import { getLineConfig } from "~/domain/line/config.server";
import type { OrderStatusName } from "~/domain/orders/state-machine";
import type { PaymentStatusName } from "~/domain/payments/payment-states";
import { type NotificationFacts, notificationText, preview } from "./notification-texts";
import { type Audience, orderPagePath } from "./order-messages";

/**
 * Notifications in the shop (issue 48): what a person must act on or know of, written by `notify`
 * in the same transaction as the event it tells of, one call where each event is written (an
 * order's move, a payment step, a delivery, a message, a review, a design decision). The side
 * that took the step is not told; everyone else concerned is.
 *
 * LINE: status changes, payment steps and deliveries already queue their LINE messages with their
 * order event (outbox.server.ts). The rest (a message, a review, a design decision) are queued
 * here, for a recipient who linked LINE and only while the shop has LINE: messages of one
 * conversation to one person within MESSAGE_PUSH_WINDOW_MS go as one push, sent when the window
 * ends (its batch key is unique: the burst's later messages add nothing).
 */

type Tx = Prisma.TransactionClient;

export const MESSAGE_PUSH_WINDOW_MS = 2 * 60_000;

export type NotifyEvent =
  | {
      kind: "status";
      orderId: number;
      from: OrderStatusName;
      to: OrderStatusName;
      actorId: number | null;
      actorRole: EventActor;
      reason?: string | null;
    }
  | {
      kind: "payment";
      orderId: number;
      to: PaymentStatusName;
      from: PaymentStatusName;
      actorId: number | null;
      note?: string | null;
    }
  | { kind: "delivery"; orderId: number; actorId: number; text: string }
  | { kind: "message"; orderId: number; actorId: number; authorName: string; text: string; at?: Date }
  | { kind: "review_received"; orderId: number; actorId: number; rating: number }
  | { kind: "review_answered"; orderId: number; actorId: number }
  | { kind: "design"; designId: number; approved: boolean; reason?: string | null }
  | { kind: "receipt"; orderId: number; actorId: number | null; by: "user" | "system" }
  | { kind: "receipt_reminder"; orderId: number; actorId: null }
  | { kind: "problem"; orderId: number; actorId: number; reason: string }
  | { kind: "problem_closed"; orderId: number; actorId: number; said: string };

interface Recipient {
  userId: number;
  lineUserId: string | null;
  audience: Audience;
}

interface Planned {
  kind: NotificationKind;
  to: readonly Audience[];
  facts: NotificationFacts;
  /** Queue a LINE push too (kinds whose event does not queue its own). */
  line: boolean;
}

/** Writes the notifications (and LINE pushes) of one event; returns how many notifications. */
export async function notify(tx: Tx, event: NotifyEvent): Promise<number> {
  if (event.kind === "design") return notifyDesign(tx, event);
  const plan = planOrderEvent(event);
  if (!plan) return 0;
  const order = await tx.order.findUnique({
    where: { id: event.orderId },
    select: {
      buyer: { select: { id: true, lineUserId: true } },
      seller: { select: { id: true, lineUserId: true } },
    },
  });
  if (!order) return 0;
  const recipients: Recipient[] = [];
  if (plan.to.includes("customer"))
    recipients.push({ userId: order.buyer.id, lineUserId: order.buyer.lineUserId, audience: "customer" });
  if (plan.to.includes("tailor") && order.seller && order.seller.id !== order.buyer.id)
    recipients.push({ userId: order.seller.id, lineUserId: order.seller.lineUserId, audience: "tailor" });
  const told = recipients.filter((recipient) => recipient.userId !== event.actorId);
  for (const recipient of told) {
    const facts = { ...plan.facts, audience: recipient.audience };
    const text = notificationText(plan.kind, facts);
    const href = orderPagePath(event.orderId, recipient.audience);
    if (plan.kind === "message") await addMessageNotification(tx, recipient.userId, event.orderId, text, href);
    else
      await tx.notification.create({
        data: { userId: recipient.userId, kind: plan.kind, orderId: event.orderId, text, href },
      });
    if (plan.line && recipient.lineUserId)
      await queueLine(tx, {
        recipientId: recipient.userId,
        text: linePush(text, href),
        batchKey:
          event.kind === "message"
            ? `message:${recipient.userId}:${event.orderId}:${windowOf(event.at ?? new Date())}`
            : null,
        at: event.kind === "message" ? windowEnd(event.at ?? new Date()) : null,
      });
  }
  // A reported problem waits for an admin: every active admin is told (their list of problems).
  if (event.kind === "problem")
    told.push(...(await notifyAdmins(tx, plan, [event.actorId, ...told.map((recipient) => recipient.userId)])));
  return told.length;
}

async function notifyAdmins(tx: Tx, plan: Planned, already: number[]): Promise<Recipient[]> {
  const admins = await tx.user.findMany({
    where: { roles: { has: "admin" }, status: "active", id: { notIn: already } },
    select: { id: true, lineUserId: true },
  });
  if (admins.length === 0) return [];
  const text = notificationText(plan.kind, plan.facts);
  await tx.notification.createMany({
    data: admins.map((admin) => ({
      userId: admin.id,
      kind: plan.kind,
      orderId: plan.facts.orderId ?? null,
      text,
      href: "/admin/manage/problems",
    })),
  });
  return admins.map((admin) => ({ userId: admin.id, lineUserId: admin.lineUserId, audience: "tailor" as const }));
}

function planOrderEvent(event: Exclude<NotifyEvent, { kind: "design" }>): Planned | null {
  const facts: NotificationFacts = { orderId: event.orderId };
  switch (event.kind) {
    case "status":
      return planStatus(event, facts);
    case "payment": {
      // A deposit (issue 49): confirmed, or the balance's slip sent back to it with the tailor's reason.
      const plan =
        event.to === "deposit_paid"
          ? event.note
            ? PAYMENT_PLANS.unpaid
            : PAYMENT_PLANS.paid
          : PAYMENT_PLANS[event.to];
      // unpaid is where a rejected slip goes back to (a payment opened unpaid is no step of the buyer's).
      if (!plan || (event.to === "unpaid" && event.from !== "slip_sent")) return null;
      return { ...plan, facts: { ...facts, detail: event.note ?? null }, line: false };
    }
    case "delivery":
      return { kind: "shipped", to: ["customer"], facts: { ...facts, detail: event.text }, line: false };
    case "message":
      return {
        kind: "message",
        to: ["customer", "tailor"],
        facts: { ...facts, by: event.authorName, detail: preview(event.text) },
        line: true,
      };
    case "review_received":
      return {
        kind: "review_received",
        to: ["tailor"],
        facts: { ...facts, detail: `${event.rating} ดาว` },
        line: true,
      };
    case "review_answered":
      return { kind: "review_answered", to: ["customer"], facts, line: true };
    // Receipt and problems (issue 46) queue their own LINE messages with their order events.
    case "receipt":
      return {
        kind: "receipt_confirmed",
        to: event.by === "system" ? ["customer", "tailor"] : ["tailor"],
        facts: { ...facts, by: event.by },
        line: false,
      };
    case "receipt_reminder":
      return { kind: "receipt_reminder", to: ["customer"], facts, line: false };
    case "problem":
      return { kind: "problem_reported", to: ["tailor"], facts: { ...facts, detail: event.reason }, line: false };
    case "problem_closed":
      return {
        kind: "problem_closed",
        to: ["customer", "tailor"],
        facts: { ...facts, detail: event.said },
        line: false,
      };
  }
}

const PAYMENT_PLANS: Partial<Record<PaymentStatusName, Omit<Planned, "facts" | "line">>> = {
  slip_sent: { kind: "slip_sent", to: ["tailor"] },
  paid: { kind: "payment_confirmed", to: ["customer"] },
  unpaid: { kind: "payment_rejected", to: ["customer"] },
  refund_due: { kind: "refund_due", to: ["customer", "tailor"] },
  refunded: { kind: "refunded", to: ["customer"] },
};

function planStatus(event: Extract<NotifyEvent, { kind: "status" }>, facts: NotificationFacts): Planned | null {
  const base = { facts: { ...facts, detail: event.reason ?? null }, line: false };
  switch (event.to) {
    case "ordered":
      return { ...base, kind: "order_placed", to: ["tailor"] };
    case "accepted":
      return { ...base, kind: "order_accepted", to: ["customer"] };
    case "completed":
      return { ...base, kind: "order_completed", to: ["customer"] };
    case "canceled":
      if (event.from === "cart") return null;
      if (event.actorRole === "system") return { ...base, kind: "order_expired", to: ["customer", "tailor"] };
      if (event.actorRole === "merchant" && event.from === "ordered")
        return { ...base, kind: "order_declined", to: ["customer"] };
      return {
        ...base,
        kind: "order_canceled",
        to:
          event.actorRole === "user"
            ? ["tailor"]
            : event.actorRole === "merchant"
              ? ["customer"]
              : ["customer", "tailor"],
        facts: { ...base.facts, by: event.actorRole },
      };
    default:
      return null;
  }
}

/** A design's decision goes to its tailor (their designs page). */
async function notifyDesign(tx: Tx, event: Extract<NotifyEvent, { kind: "design" }>): Promise<number> {
  const design = await tx.design.findUnique({
    where: { id: event.designId },
    select: { owner: { select: { id: true, lineUserId: true } } },
  });
  if (!design?.owner) return 0;
  const kind: NotificationKind = event.approved ? "design_approved" : "design_rejected";
  const text = notificationText(kind, { designId: event.designId, detail: event.reason ?? null });
  const href = "/merchant/popular_design";
  await tx.notification.create({ data: { userId: design.owner.id, kind, text, href } });
  if (design.owner.lineUserId)
    await queueLine(tx, { recipientId: design.owner.id, text: linePush(text, href), batchKey: null, at: null });
  return 1;
}

/**
 * Unread messages of one order are one notification per person: a new message adds to its count
 * and brings it to the top (the partial unique index makes two at once one row, not two).
 */
async function addMessageNotification(tx: Tx, userId: number, orderId: number, text: string, href: string) {
  await tx.$executeRaw`
    INSERT INTO "Notification" ("userId", "kind", "orderId", "text", "href")
    VALUES (${userId}, 'message', ${orderId}, ${text}, ${href})
    ON CONFLICT ("userId", "orderId") WHERE "kind" = 'message' AND "readAt" IS NULL
    DO UPDATE SET "count" = "Notification"."count" + 1, "text" = EXCLUDED."text", "createdAt" = CURRENT_TIMESTAMP`;
}

function windowOf(at: Date): number {
  return Math.floor(at.getTime() / MESSAGE_PUSH_WINDOW_MS);
}

function windowEnd(at: Date): Date {
  return new Date((windowOf(at) + 1) * MESSAGE_PUSH_WINDOW_MS);
}

function linePush(text: string, href: string): (baseUrl: string) => string {
  return (baseUrl) => [`${site.shortName}: ${text}`, `ดูรายละเอียด: ${baseUrl}${href}`].join("\n");
}

async function queueLine(
  tx: Tx,
  push: { recipientId: number; text: (baseUrl: string) => string; batchKey: string | null; at: Date | null },
): Promise<void> {
  const config = getLineConfig();
  if (!config) return;
  await tx.outboxMessage.createMany({
    data: [
      {
        recipientId: push.recipientId,
        text: push.text(config.publicBaseUrl),
        batchKey: push.batchKey,
        ...(push.at ? { nextAttemptAt: push.at } : {}),
      },
    ],
    skipDuplicates: true,
  });
}
