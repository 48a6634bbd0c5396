import { prisma } from "~/data/db.server";
import type { Prisma } from "~/data/generated/client";
import type { Role } from "~/data/generated/enums";
import { DomainError } from "~/domain/errors";
import { queueOrderNotifications } from "~/domain/notifications/outbox.server";
import { ORDER_MESSAGES } from "./messages";
import { canTransition, refusalMessage, type ActorRole, type OrderStatusName } from "./state-machine";

type Tx = Prisma.TransactionClient;

export interface Actor {
  id: number;
  roles: readonly Role[];
}

export interface TransitionInput {
  orderId: number;
  to: OrderStatusName;
  actor: Actor;
  /** The capacity the actor acts in: buyer, the order's tailor, or admin override. */
  as: ActorRole;
  /** The status the actor saw (a page's button): if the order has moved on since, nothing happens. */
  from?: OrderStatusName;
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
 * click, a racing tailor or a stale page loses with a conflict; nothing changes twice.
 */
export async function transitionOrder({ orderId, to, actor, as, from }: TransitionInput): Promise<TransitionResult> {
  if (!actor.roles.includes(as)) throw new DomainError("forbidden", ORDER_MESSAGES.forbidden);
  return prisma.$transaction(async (tx) => {
    const order = await tx.order.findUnique({
      where: { id: orderId },
      select: { id: true, status: true, buyerId: true, sellerId: true, totalPrice: true, deliveryAddress: true, buyer: { select: { address: true } } },
    });
    if (!order) throw new DomainError("not_found", ORDER_MESSAGES.notFound);
    if (as === "merchant" && order.sellerId !== actor.id) throw new DomainError("forbidden", ORDER_MESSAGES.forbidden);
    if (as === "user" && order.buyerId !== actor.id) throw new DomainError("forbidden", ORDER_MESSAGES.forbidden);
    if (from !== undefined && order.status !== from) throw new DomainError("conflict", refusalMessage(order.status, to));
    if (!canTransition(order.status, to, as)) throw new DomainError("conflict", refusalMessage(order.status, to));
    if (as === "user" && (order.sellerId === null || order.totalPrice === null)) throw new DomainError("conflict", ORDER_MESSAGES.needTailors);

    const data: Prisma.OrderUpdateManyMutationInput = { status: to };
    if (to === "ordered" && order.status === "cart") {
      data.orderedAt = new Date();
      data.deliveryAddress = order.deliveryAddress ?? order.buyer.address;
    }
    const event = await moveOrder(tx, { orderId, from: order.status, to, actorId: actor.id, actorRole: as, data });
    return { orderId, fromStatus: order.status, toStatus: to, eventId: event.id };
  });
}

export interface MoveInput {
  orderId: number;
  from: OrderStatusName;
  to: OrderStatusName;
  actorId: number;
  actorRole: ActorRole;
  /** Extra columns set by the same update (placing an order freezes prices and the address). */
  data?: Prisma.OrderUpdateManyMutationInput;
  /** Only when the row is still this version (the cart a buyer saw). */
  updatedAt?: Date;
}

/**
 * The one place an order's status changes: the conditional update and its event.
 * Throws a conflict when the row is no longer in `from` (someone else was first).
 * The LINE messages about the change are queued (outbox rows) in the same transaction.
 */
export async function moveOrder(tx: Tx, move: MoveInput): Promise<{ id: number }> {
  const { count } = await tx.order.updateMany({
    where: { id: move.orderId, status: move.from, ...(move.updatedAt ? { updatedAt: move.updatedAt } : {}) },
    data: { ...move.data, status: move.to },
  });
  if (count !== 1) throw new DomainError("conflict", move.updatedAt ? ORDER_MESSAGES.cartChanged : ORDER_MESSAGES.changedMeanwhile);
  const event = await tx.orderEvent.create({
    data: { orderId: move.orderId, fromStatus: move.from, toStatus: move.to, actorId: move.actorId, actorRole: move.actorRole },
    select: { id: true },
  });
  await queueOrderNotifications(tx, { eventId: event.id, orderId: move.orderId, toStatus: move.to });
  return event;
}
