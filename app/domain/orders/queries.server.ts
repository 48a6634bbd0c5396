import { db } from "~/data/db.server";
import type { Prisma } from "~/data/generated/client";
import type { EventActor, OrderSide, Role } from "~/data/generated/enums";
import { CATEGORIES, type CategoryKey, CUSTOM_SIZE } from "~/domain/catalogue/categories";
import { catalogueOption, patternImageUrl } from "~/domain/catalogue/options";
import { type DeliveryView, deliverySelect, toDeliveryView } from "~/domain/delivery/delivery.server";
import { DomainError } from "~/domain/errors";
import { ORDER_SIZE_WORDS } from "~/domain/orders/order-size-words";
import type { PaymentStatusName } from "~/domain/payments/payment-states";
import { type PaymentView, paymentSelect, toPaymentView } from "~/domain/payments/payments.server";
import { type ReviewView, reviewSelect, toReviewView } from "~/domain/reviews/reviews.server";
import { type Page, pageWindow } from "~/lib/paging";
import {
  BUYER_TABS,
  type BuyerTab,
  buyerTabOf,
  type OrderStage,
  orderStage,
  PAYMENT_DUE,
  PAYMENT_OPEN,
  SLIP_WAITING,
  TAKEN_STATUSES,
} from "./buyer-tabs";
import { type OrderEventKindName, orderEventTitle } from "./event-titles";
import { ORDER_MESSAGES } from "./messages";
import { type ProblemView, problemSelect, toProblemView } from "./problems.server";
import type { ActorRole, OrderStatusName } from "./state-machine";
import {
  ORDERS_PAGE_SIZE,
  type OrderRow,
  type OrderView,
  orderSelect,
  orderWithProfileSelect,
  toOrderView,
} from "./views.server";

/** Reading orders: the lists (paginated) and one order's detail, with who may see what. */

/**
 * A row of the order lists (the customer's, the tailor's): the order, where its money and its
 * shirt stand (issue 45: `payment: { status }` and `delivery`, null before there is one), and the
 * stage in words those make together.
 */
export interface OrderListItem extends OrderView {
  payment: { status: PaymentStatusName } | null;
  delivery: DeliveryView | null;
  stage: OrderStage;
  /** Its conversation has messages the list's reader has not read (issue 48). */
  newMessages: boolean;
}

/**
 * What a list row reads beside the order: its payment's state and its delivery (each found by the
 * order's key), and whether the reader has unread message notifications about it (the
 * Notification orderId index), in the same statement.
 */
function listExtrasSelect(readerId: number) {
  return {
    payment: { select: { status: true, rejectReason: true } },
    delivery: { select: deliverySelect },
    _count: { select: { notifications: { where: { userId: readerId, kind: "message", readAt: null } } } },
  } satisfies Prisma.OrderSelect;
}

type ListRow = OrderRow & Prisma.OrderGetPayload<{ select: ReturnType<typeof listExtrasSelect> }>;

/**
 * One page of the orders `where` picks, `total` of them (counted by the caller: from kept counts
 * where it can), as `readerId` (the buyer or the tailor) sees them.
 */
async function pageOf(
  where: Prisma.OrderWhereInput,
  total: number,
  page: number,
  orderBy: Prisma.OrderOrderByWithRelationInput[],
  readerId: number,
): Promise<Page<OrderListItem>> {
  const { page: current, pageCount, skip, take } = pageWindow(total, page, ORDERS_PAGE_SIZE);
  // The page's ids first: sorting a tailor's 600 orders by date reads only an index that holds the
  // date and id (Order_seller_statistics_idx), where sorting the whole rows read 600 table pages.
  const picked = await db().order.findMany({ where, orderBy, skip, take, select: { id: true } });
  // Then those orders with their people and designs, joined in one statement: only the page's
  // ten are built, each relation found by its key. (Joined before the page was picked, PostgreSQL
  // built every matching order's relations before it sorted and cut: decision 67.)
  const rows = await db().order.findMany({
    where: { id: { in: picked.map((order) => order.id) } },
    select: { ...orderSelect, ...listExtrasSelect(readerId) },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = picked.flatMap(({ id }) => {
    const row = byId.get(id);
    return row ? [toListItem(row)] : []; // deleted between the two reads
  });
  return { items, page: current, pageCount, total };
}

const newestPlacedFirst: Prisma.OrderOrderByWithRelationInput[] = [
  { orderedAt: { sort: "desc", nulls: "last" } },
  { id: "desc" },
];

function toListItem(row: ListRow): OrderListItem {
  const delivery = row.delivery ? toDeliveryView(row.delivery) : null;
  return {
    ...toOrderView(row),
    payment: row.payment ? { status: row.payment.status } : null,
    delivery,
    stage: orderStage(row.status, row.payment, delivery),
    newMessages: row._count.notifications > 0,
  };
}

/**
 * The orders of one of the customer's tabs, as SQL: the rules of buyerTabOf (buyer-tabs.ts), which
 * the counts apply row by row (buyerTabCounts); tests/integration/orders/order-tabs.test.ts holds
 * the two to the same answer for an order in every state.
 */
function buyerTabWhere(tab: BuyerTab): Prisma.OrderWhereInput {
  const taken = { in: [...TAKEN_STATUSES] };
  const moneyOpen = { payment: { is: { status: { in: [...PAYMENT_OPEN] } } } };
  // Shipped and not yet received (issue 46): a sewn order waits in "to receive" until then.
  const awaitingReceipt = { delivery: { is: { receivedAt: null } } };
  switch (tab) {
    case "to_pay":
      return { status: taken, payment: { is: { status: { in: [...PAYMENT_DUE] } } } };
    case "to_confirm":
      return { OR: [{ status: "ordered" }, { status: taken, payment: { is: { status: { in: [...SLIP_WAITING] } } } }] };
    case "to_receive":
      return { NOT: moneyOpen, OR: [{ status: "accepted" }, { status: "completed", ...awaitingReceipt }] };
    case "done":
      return { status: "completed", NOT: [moneyOpen, awaitingReceipt] };
    case "canceled":
      return { status: "canceled" };
  }
}

/** How many orders each tab holds, and `placed`: all the customer's placed orders (the list without a tab). */
export type BuyerTabCounts = Record<BuyerTab, number> & { placed: number };

/**
 * How many of the customer's orders each tab holds. One statement (one snapshot, so the tabs add
 * up to the orders there were at one moment) groups the customer's placed orders by status and
 * payment state (and whether a shipped order awaits receipt), read through their own index rows
 * (Order buyerId, status) and each payment and delivery by its key: a customer's orders number
 * tens, not a tailor's thousands. Each group goes to its tab by buyerTabOf, the one rule.
 */
export async function buyerTabCounts(buyerId: number): Promise<BuyerTabCounts> {
  const groups = await db().$queryRaw<
    { status: OrderStatusName; payment: PaymentStatusName | null; awaiting: boolean; orders: number }[]
  >`
    SELECT o.status::text AS status, p.status::text AS payment,
      (d."orderId" IS NOT NULL AND d."receivedAt" IS NULL) AS awaiting, count(*)::int AS orders
    FROM "Order" o LEFT JOIN "OrderPayment" p ON p."orderId" = o.id
      LEFT JOIN "OrderDelivery" d ON d."orderId" = o.id
    WHERE o."buyerId" = ${buyerId} AND o.status <> 'cart'
    GROUP BY 1, 2, 3`;
  const counts = { ...Object.fromEntries(BUYER_TABS.map((tab) => [tab, 0])), placed: 0 } as BuyerTabCounts;
  for (const group of groups) {
    const tab = buyerTabOf(group.status, group.payment, group.awaiting);
    if (tab) counts[tab] += group.orders;
    counts.placed += group.orders;
  }
  return counts;
}

/**
 * The customer's placed orders (not the cart), newest first: all of them, or one tab's (with its
 * count, from `counts` when the caller has read them already).
 */
export async function listBuyerOrders(
  buyerId: number,
  page = 1,
  options: { tab?: BuyerTab | null; counts?: BuyerTabCounts } = {},
): Promise<Page<OrderListItem>> {
  const tab = options.tab ?? null;
  if (!tab) {
    // The page's tab counts add up to the same total (read in the same snapshot); without them, the kept count.
    const total = options.counts?.placed ?? placedTotal(await placedOrderCounts(buyerId, "buyer"));
    return pageOf({ buyerId, status: { not: "cart" } }, total, page, newestPlacedFirst, buyerId);
  }
  const counts = options.counts ?? (await buyerTabCounts(buyerId));
  return pageOf({ buyerId, ...buyerTabWhere(tab) }, counts[tab], page, newestPlacedFirst, buyerId);
}

/** A tailor's orders whose slip waits for them to check (slip_sent). */
const slipWaitingWhere = { payment: { is: { status: { in: [...SLIP_WAITING] } } } } satisfies Prisma.OrderWhereInput;

/**
 * How many of a tailor's orders have a slip waiting for them: counted, not kept (a payment's state
 * has no counter row). Each of the tailor's orders is matched to its payment by key, or the shop's
 * unchecked slips (OrderPayment(status) index) to their orders, whichever PostgreSQL finds cheaper.
 */
export function merchantSlipWaitingCount(merchantId: number): Promise<number> {
  return db().order.count({ where: { sellerId: merchantId, status: { not: "cart" }, ...slipWaitingWhere } });
}

/**
 * A tailor's incoming orders (placed ones only), newest first, optionally of one status, or only
 * those whose slip waits for them (`slipWaiting`, with its count when the caller has it).
 */
export async function listMerchantOrders(
  merchantId: number,
  options: {
    status?: OrderStatusName | null;
    slipWaiting?: boolean;
    /** Only those with messages the tailor has not read (issue 48). */
    withNewMessages?: boolean;
    page?: number;
    counts?: Record<OrderStatusName, number>;
    slipWaitingCount?: number;
  } = {},
): Promise<Page<OrderListItem>> {
  const one = options.status && options.status !== "cart" ? options.status : null;
  const where: Prisma.OrderWhereInput = { sellerId: merchantId, status: one ?? { not: "cart" } };
  if (options.withNewMessages) {
    const unreadWhere = {
      ...where,
      notifications: { some: { userId: merchantId, kind: "message" as const, readAt: null } },
    };
    const total = await db().order.count({ where: unreadWhere });
    return pageOf(unreadWhere, total, options.page ?? 1, newestPlacedFirst, merchantId);
  }
  if (options.slipWaiting) {
    const slipWhere = { ...where, ...slipWaitingWhere };
    const total =
      one === null && options.slipWaitingCount !== undefined
        ? options.slipWaitingCount
        : await db().order.count({ where: slipWhere });
    return pageOf(slipWhere, total, options.page ?? 1, newestPlacedFirst, merchantId);
  }
  const counts = options.counts ?? (await merchantStatusCounts(merchantId));
  return pageOf(where, one ? counts[one] : placedTotal(counts), options.page ?? 1, newestPlacedFirst, merchantId);
}

/** Counts of a tailor's placed orders by status (for the filter tabs). */
export function merchantStatusCounts(merchantId: number): Promise<Record<OrderStatusName, number>> {
  return placedOrderCounts(merchantId, "seller");
}

/**
 * A person's placed orders by status, as buyer or as tailor: one row the database keeps exact
 * (OrderPersonStat, migration order_rollups), where counting them read every order of theirs (a
 * tailor of ten years has thousands). Cart lines are not placed: always 0.
 */
async function placedOrderCounts(personId: number, side: OrderSide): Promise<Record<OrderStatusName, number>> {
  const row = await db().orderPersonStat.findUnique({
    where: { personId_side: { personId, side } },
    select: { ordered: true, accepted: true, completed: true, canceled: true },
  });
  return { cart: 0, ordered: 0, accepted: 0, completed: 0, canceled: 0, ...row };
}

function placedTotal(counts: Record<OrderStatusName, number>): number {
  return counts.ordered + counts.accepted + counts.completed + counts.canceled;
}

export interface OrderPart {
  category: CategoryKey;
  categoryLabel: string;
  sid: string;
  label: string;
  image: string | null;
}

export interface OrderEventView {
  id: number;
  kind: OrderEventKindName;
  fromStatus: OrderStatusName | null;
  toStatus: OrderStatusName | null;
  paymentTo: PaymentStatusName | null;
  /** What the step reads as (a status, a payment step, a delivery), and what it said. */
  title: string;
  note: string | null;
  actorName: string | null;
  actorRole: EventActor | null;
  createdAt: Date;
}

export interface OrderDetail extends OrderView {
  parts: OrderPart[];
  events: OrderEventView[];
  priceLines: unknown;
  /** The money, once the tailor has taken the order (null before, and for one canceled before). */
  payment: PaymentView | null;
  /** How the shirt comes, once the tailor has said. */
  delivery: DeliveryView | null;
  /** The buyer's review of the tailor, once the order is completed and reviewed (issue 22). */
  review: ReviewView | null;
  /** The problem its buyer reported instead of confirming receipt, and the admin's decision (issue 46). */
  problem: ProblemView | null;
}

/** The design's chosen parts in catalogue order, each with its Thai name and artwork. */
async function partsOf(design: OrderRow["design"]): Promise<OrderPart[]> {
  const chosen: { category: CategoryKey; sid: string }[] = [];
  for (const category of CATEGORIES) {
    // The adhesive interfacing is a yes/no on the design: ttape1 (used) or ttape2 (not used).
    const sid =
      category.designField === "isTTape" ? (design.isTTape ? "ttape1" : "ttape2") : design[category.designField];
    if (sid) chosen.push({ category: category.key, sid });
  }
  // The catalogue in memory names every part it has; a part it no longer has (an old order's) is
  // looked up in the database, which keeps every option ever seeded.
  const retired = chosen.filter((part) => !catalogueOption(part.sid)).map((part) => part.sid);
  const stored =
    retired.length > 0
      ? await db().patternOption.findMany({
          where: { sid: { in: retired } },
          select: { sid: true, labelTh: true, imageUrl: true },
        })
      : [];
  const storedBySid = new Map(stored.map((option) => [option.sid, option]));
  return chosen.map((part) => {
    const known = catalogueOption(part.sid);
    const option = known ? { labelTh: known.labelTh, imageUrl: patternImageUrl(part.sid) } : storedBySid.get(part.sid);
    return {
      ...part,
      categoryLabel: CATEGORIES.find((category) => category.key === part.category)!.labelTh,
      // The designer's "ตามสัดส่วนของฉัน" is the customer speaking; on an order both sides read whose.
      label: part.sid === CUSTOM_SIZE ? ORDER_SIZE_WORDS.customSize : (option?.labelTh ?? part.sid),
      image: option?.imageUrl ?? null,
    };
  });
}

/**
 * An order as its page shows it, in one statement: the order with its design and measurements,
 * its timeline, payment, delivery, review and problem. As a query each (the earlier way) the order
 * pages sent six statements for what one join answers, on every opening of an order.
 */
const orderDetailSelect = {
  ...orderWithProfileSelect,
  events: {
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      kind: true,
      fromStatus: true,
      toStatus: true,
      paymentFrom: true,
      paymentTo: true,
      note: true,
      actorRole: true,
      createdAt: true,
      actor: { select: { name: true } },
    },
  },
  payment: { select: paymentSelect },
  delivery: { select: deliverySelect },
  review: { select: reviewSelect },
  problem: { select: problemSelect },
} satisfies Prisma.OrderSelect;

type OrderDetailRow = OrderRow & Prisma.OrderGetPayload<{ select: typeof orderDetailSelect }>;

async function detailOf(row: OrderDetailRow): Promise<OrderDetail> {
  // The size is the item's own (a shop design is bought in the buyer's size, not the design's).
  const parts = await partsOf({ ...row.design, sizeId: row.sizeId });
  const delivery = row.delivery ? toDeliveryView(row.delivery) : null;
  const problem = row.problem ? toProblemView(row.problem) : null;
  const { events } = row;
  return {
    ...toOrderView(row),
    priceLines: row.priceLines,
    parts,
    payment: row.payment ? toPaymentView(row.payment) : null,
    // A reported problem holds the shop's automatic receipt (receipt.server.ts): the buyer confirms.
    delivery: delivery && problem ? { ...delivery, receiptDueAt: null } : delivery,
    // The review is shown once the order is completed.
    review: row.status === "completed" && row.review ? toReviewView(row.review) : null,
    problem,
    events: events.map((event) => ({
      id: event.id,
      kind: event.kind,
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      paymentTo: event.paymentTo,
      title: orderEventTitle(event),
      note: event.note,
      actorRole: event.actorRole,
      actorName: event.actor?.name ?? null,
      createdAt: event.createdAt,
    })),
  };
}

export interface Viewer {
  id: number;
  roles: readonly Role[];
}

/**
 * One order for a viewer acting as buyer (the buyer or an admin may see it) or as merchant
 * (only the order's tailor, and only once it is placed: a cart item is a conflict).
 */
export async function getOrderFor(
  orderId: number,
  viewer: Viewer,
  as: Exclude<ActorRole, "admin">,
): Promise<OrderDetail> {
  const row = await db().order.findUnique({ where: { id: orderId }, select: orderDetailSelect });
  if (!row) throw new DomainError("not_found", ORDER_MESSAGES.notFound);
  if (as === "user") {
    if (row.buyerId !== viewer.id && !viewer.roles.includes("admin"))
      throw new DomainError("forbidden", ORDER_MESSAGES.forbidden);
  } else {
    // An admin may look at any tailor's view (read only: the actions refuse them).
    if (row.sellerId !== viewer.id && !viewer.roles.includes("admin"))
      throw new DomainError("forbidden", ORDER_MESSAGES.forbidden);
    if (row.status === "cart") throw new DomainError("conflict", ORDER_MESSAGES.notYetOrdered);
  }
  return detailOf(row);
}

/** Who an order's buyer and tailor are (null when there is no such order): in which capacity a caller acts on it. */
export function orderParties(orderId: number): Promise<{ buyerId: number; sellerId: number | null } | null> {
  return db().order.findUnique({ where: { id: orderId }, select: { buyerId: true, sellerId: true } });
}
