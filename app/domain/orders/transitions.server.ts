import { retryingWriteConflicts } from "~/data/database-errors.server";
import { db, Prisma } from "~/data/db.server";
import type { EventActor, Role } from "~/data/generated/enums";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { CUSTOM_SIZE } from "~/domain/catalogue/categories";
import { SIZE_MESSAGES } from "~/domain/catalogue/sizes";
import { MEASUREMENTS_MESSAGES } from "~/domain/designs/messages";
import { DomainError } from "~/domain/errors";
import { frozenMeasurements } from "~/domain/measurements/order-measurements";
import { profileSelect, toProfileView } from "~/domain/measurements/profiles.server";
import { notify } from "~/domain/notifications/notify.server";
import { queueOrderNotifications } from "~/domain/notifications/outbox.server";
import { markRefundDue, openPayment } from "~/domain/payments/payments.server";
import { withShipping } from "~/domain/pricing/shipping";
import { CANCEL_MESSAGES, canceledByOf } from "./cancel-reasons";
import { ORDER_MESSAGES } from "./messages";
import { lockOrderForMove } from "./order-lock.server";
import { type ActorRole, canTransition, type OrderStatusName, refusalMessage } from "./state-machine";

type Tx = Prisma.TransactionClient;

/** The statuses of an order a tailor has taken or is to take: each needs a tailor and a price. */
const PLACED_STATUSES: readonly OrderStatusName[] = ["ordered", "accepted", "completed"];

export interface Actor {
  id: number;
  roles: readonly Role[];
  /** How the audit log names an admin who overrides (decision 51). */
  name?: string;
}

export interface TransitionInput {
  orderId: number;
  to: OrderStatusName;
  actor: Actor;
  /** The capacity the actor acts in: buyer, the order's tailor, or admin override. */
  as: ActorRole;
  /** The status the actor saw (a page's button): if the order has moved on since, nothing happens. */
  from?: OrderStatusName;
  /**
   * Why the order is canceled (checked words: cancel-reasons.ts): required of its buyer and its
   * tailor, optional for an admin; kept on the order and in the cancel's event (issue 46).
   */
  reason?: string;
}

export interface TransitionResult {
  orderId: number;
  fromStatus: OrderStatusName;
  toStatus: OrderStatusName;
  eventId: number;
}

/**
 * Moves one order to `to`: checks the role and ownership, then ONE conditional update
 * (`where id and status = current`) plus an OrderEvent row, in one transaction. A second
 * click, a racing tailor or a stale page loses with a conflict; nothing changes twice. A
 * transaction PostgreSQL ends for a deadlock (the count rows of two orders' people and designs,
 * taken in different orders) runs again (retryingWriteConflicts).
 */
export async function transitionOrder(input: TransitionInput): Promise<TransitionResult> {
  if (!input.actor.roles.includes(input.as)) throw new DomainError("forbidden", ORDER_MESSAGES.forbidden);
  return retryingWriteConflicts(() => moveOnce(input));
}

async function moveOnce({ orderId, to, actor, as, from, reason }: TransitionInput): Promise<TransitionResult> {
  return db().$transaction(async (tx) => {
    const order = await tx.order.findUnique({
      where: { id: orderId },
      select: {
        id: true,
        status: true,
        buyerId: true,
        sellerId: true,
        sizeId: true,
        unitPrice: true,
        totalPrice: true,
        priceLines: true,
        orderedAt: true,
        deliveryAddress: true,
        buyer: { select: { address: true } },
        seller: { select: { roles: true, status: true, shippingFee: true } },
        design: { select: { sizeId: true, measurementProfile: { select: profileSelect } } },
      },
    });
    if (!order) throw new DomainError("not_found", ORDER_MESSAGES.notFound);
    if (as === "merchant" && order.sellerId !== actor.id) throw new DomainError("forbidden", ORDER_MESSAGES.forbidden);
    if (as === "user" && order.buyerId !== actor.id) throw new DomainError("forbidden", ORDER_MESSAGES.forbidden);
    // The buyer and the tailor say why they end an order (the other side reads it); an admin may.
    if (to === "canceled" && as !== "admin" && !reason?.trim())
      throw new DomainError("bad_input", CANCEL_MESSAGES.reasonRequired);
    if (from !== undefined && order.status !== from)
      throw new DomainError("conflict", refusalMessage(order.status, to));
    if (!canTransition(order.status, to, as)) throw new DomainError("conflict", refusalMessage(order.status, to));
    const placing = as === "user" && to === "ordered";
    if (placing && (order.sellerId === null || order.totalPrice === null))
      throw new DomainError("conflict", ORDER_MESSAGES.needTailors);
    if (placing && order.sizeId === null) throw new DomainError("conflict", SIZE_MESSAGES.placeNeedsSizes);

    let data: Prisma.OrderUpdateManyMutationInput = { status: to };
    if (as === "admin") data = { ...data, ...adminPlacement(order, to) };
    else if (to === "ordered" && order.status === "cart") {
      data.orderedAt = new Date();
      data.deliveryAddress = order.deliveryAddress ?? order.buyer.address;
      data.measurements = measurementsToFreeze(order.design);
      Object.assign(data, withShipping(order.totalPrice!, order.seller!.shippingFee));
    }
    const note = to === "canceled" ? reason?.trim() || null : null;
    const event = await moveOrder(tx, {
      orderId,
      from: order.status,
      to,
      actorId: actor.id,
      actorRole: as,
      data,
      note,
    });
    if (as === "admin") {
      await recordAudit(tx, {
        actor: { id: actor.id, name: actor.name ?? `ผู้ดูแลระบบ #${actor.id}` },
        action: "order.status_override",
        target: { type: "order", id: orderId, label: `คำสั่งซื้อ #${orderId}` },
        // The admin's reason is about the order, not a person's data: kept with its words.
        changes: { status: { from: order.status, to }, ...(note ? { reason: { to: note } } : {}) },
      });
    }
    return { orderId, fromStatus: order.status, toStatus: to, eventId: event.id };
  });
}

interface PlacementFacts {
  sellerId: number | null;
  sizeId: string | null;
  unitPrice: Prisma.Decimal | null;
  totalPrice: Prisma.Decimal | null;
  priceLines: Prisma.JsonValue;
  orderedAt: Date | null;
  buyer: { address: string | null };
  seller: { roles: readonly Role[]; status: string; shippingFee: number } | null;
  design: DesignToFreeze;
}

/**
 * An admin's override into ordered, accepted or completed of an order never placed (no order
 * date: a cart item, or one canceled while still in the cart) places it, as the buyer's own
 * placement would (place-order.server.ts): it needs a tailor and a price, a size, a tailor still
 * taking work and the buyer's address, and gets its order date, that address and its prices frozen.
 * Otherwise no tailor could ever take the order (decision 32). Placed orders move as the spec says.
 */
function adminPlacement(order: PlacementFacts, to: OrderStatusName): Prisma.OrderUpdateManyMutationInput {
  if (order.orderedAt !== null || !PLACED_STATUSES.includes(to)) return {};
  const priced = order.totalPrice !== null && (order.priceLines !== null || order.unitPrice !== null);
  if (order.sellerId === null || !priced) throw new DomainError("conflict", ORDER_MESSAGES.adminNeedsTailorAndPrice);
  if (order.sizeId === null) throw new DomainError("conflict", SIZE_MESSAGES.adminNeedsSize);
  if (!order.seller?.roles.includes("merchant") || order.seller.status !== "active")
    throw new DomainError("conflict", ORDER_MESSAGES.adminTailorGone);
  const address = order.buyer.address?.trim();
  if (!address) throw new DomainError("conflict", ORDER_MESSAGES.adminNeedsAddress);
  return {
    orderedAt: new Date(),
    deliveryAddress: address,
    priceLines: frozenPriceLines(order),
    measurements: measurementsToFreeze(order.design),
    // Its tailor's shipping fee, frozen as a placement by the buyer does (issue 45).
    ...withShipping(order.totalPrice!, order.seller.shippingFee),
  };
}

type DesignToFreeze = {
  sizeId: string | null;
  measurementProfile: Parameters<typeof toProfileView>[0] | null;
};

/**
 * The measurements an order placed now keeps: its profile as it is at this moment, for a design
 * cut to measure (nothing for a ready size). Refused when the profile was deleted since it was
 * chosen: the buyer chooses again in the cart.
 */
export function measurementsToFreeze(design: DesignToFreeze): Prisma.InputJsonValue | typeof Prisma.DbNull {
  if (design.sizeId !== CUSTOM_SIZE) return Prisma.DbNull;
  if (!design.measurementProfile) throw new DomainError("conflict", MEASUREMENTS_MESSAGES.profileGone);
  return frozenMeasurements(toProfileView(design.measurementProfile));
}

/**
 * The price lines an order keeps from its placement on: those its tailor's prices gave (a
 * customer's own design), or the shop design's one price.
 */
export function frozenPriceLines(item: {
  unitPrice: Prisma.Decimal | null;
  priceLines: Prisma.JsonValue;
}): Prisma.InputJsonValue {
  return (item.priceLines ?? [
    { label: "ราคาแบบเสื้อของร้าน", price: Number(item.unitPrice!.toString()) },
  ]) as Prisma.InputJsonValue;
}

export interface MoveInput {
  orderId: number;
  from: OrderStatusName;
  to: OrderStatusName;
  /** Null when the shop itself acts (actorRole system). */
  actorId: number | null;
  actorRole: EventActor;
  /** Extra columns set by the same update (placing an order freezes prices and the address). */
  data?: Prisma.OrderUpdateManyMutationInput;
  /** Only when the row is still this version (the cart a buyer saw). */
  updatedAt?: Date;
  /** What the step said, kept on its event: for a cancel, the reason (also kept on the order). */
  note?: string | null;
}

/**
 * The one place an order's status changes: the conditional update and its event.
 * Throws a conflict when the row is no longer in `from` (someone else was first).
 * The LINE messages about the change are queued (outbox rows) in the same transaction, and so
 * is the money: a taken order opens its payment, a canceled paid one owes a refund.
 *
 * The status update comes after the event, the messages and the payment: its triggers keep the
 * shop's counts (OrderStatusCount, OrderDayStat, ...), whose few rows every order change writes,
 * and a row written stays locked until the transaction ends. Written last, they are held for the
 * commit alone; written first, every other order waited through this one's remaining round trips
 * (under the mixed load, placing an order waited 0.5 s at the median). The order's own row is
 * locked first (lockOrderForMove): a second move of it waits there, then throws at the update, and
 * what it wrote goes with it. A cancel's refund stays after the update: it must see a payment step
 * that committed while the cancel waited for the row.
 */
export async function moveOrder(tx: Tx, move: MoveInput): Promise<{ id: number }> {
  await lockOrderForMove(tx, move.orderId);
  const event = await tx.orderEvent.create({
    data: {
      orderId: move.orderId,
      fromStatus: move.from,
      toStatus: move.to,
      actorId: move.actorId,
      actorRole: move.actorRole,
      note: move.note ?? null,
    },
    select: { id: true },
  });
  await queueOrderNotifications(tx, {
    eventId: event.id,
    orderId: move.orderId,
    toStatus: move.to,
    canceled: move.to === "canceled" ? { by: canceledByOf(move.actorRole), reason: move.note ?? null } : undefined,
  });
  await notify(tx, { kind: "status", ...move, reason: move.note ?? null });
  if (move.to === "accepted" || move.to === "completed") await openPayment(tx, move.orderId);
  const { count } = await tx.order.updateMany({
    where: { id: move.orderId, status: move.from, ...(move.updatedAt ? { updatedAt: move.updatedAt } : {}) },
    data: { ...move.data, ...cancelFields(move), status: move.to },
  });
  if (count !== 1)
    throw new DomainError("conflict", move.updatedAt ? ORDER_MESSAGES.cartChanged : ORDER_MESSAGES.changedMeanwhile);
  if (move.to === "canceled") await markRefundDue(tx, move.orderId, { id: move.actorId, role: move.actorRole });
  return event;
}

/**
 * Who ended the order and why, set by the same update as the status (issue 46): every move into
 * canceled writes both (the reason may be null: an admin's without one); a move out of canceled (an
 * admin's override) clears them, so an order that goes on never shows an old reason.
 */
function cancelFields(move: MoveInput): Prisma.OrderUpdateManyMutationInput {
  if (move.to === "canceled") return { cancelReason: move.note ?? null, canceledBy: canceledByOf(move.actorRole) };
  if (move.from === "canceled") return { cancelReason: null, canceledBy: null };
  return {};
}
