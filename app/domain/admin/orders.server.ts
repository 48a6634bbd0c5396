import { Prisma, prisma } from "~/data/db.server";
import { DomainError } from "~/domain/errors";
import { designImageUrl, PLACEHOLDER_SHIRT } from "~/domain/images/urls";
import { transitionOrder, type Actor } from "~/domain/orders/transitions.server";
import { ORDERS_PAGE_SIZE, OVERRIDE_STATUSES, type OrderQuery, type OverrideStatus } from "./order-query";

/** Every order of the shop for the admin: filtered, sorted and paged in the database. */

export const ORDER_NOT_FOUND = "ไม่พบคำสั่งซื้อ";

const orderSelect = {
  id: true,
  name: true,
  quantity: true,
  totalPrice: true,
  status: true,
  deliveryAddress: true,
  orderedAt: true,
  createdAt: true,
  updatedAt: true,
  buyerId: true,
  sellerId: true,
  designId: true,
  buyer: { select: { name: true, email: true, phone: true, address: true } },
  seller: { select: { name: true, email: true, phone: true } },
  design: { select: { id: true, imageId: true } },
} satisfies Prisma.OrderSelect;

type OrderRow = Prisma.OrderGetPayload<{ select: typeof orderSelect }>;

/** The spec's order as the admin sees it (section 3), with buyer and tailor contact data. */
export interface AdminOrder {
  id: number;
  name: string;
  image: string;
  quantity: number;
  totalPrice: number | null;
  status: OrderRow["status"];
  deliveryAddress: string | null;
  orderedAt: string | null;
  createdAt: string;
  updatedAt: string;
  buyerId: number;
  buyerUser: { name: string; email: string; phone: string | null; address: string | null } | null;
  sellerId: number | null;
  sellerUser: { name: string; email: string; phone: string | null } | null;
  designId: number;
  designModel: { image: string } | null;
}

function toAdminOrder(row: OrderRow): AdminOrder {
  const image = row.design ? designImageUrl(row.design) : PLACEHOLDER_SHIRT;
  return {
    id: row.id,
    name: row.name,
    image,
    quantity: row.quantity,
    totalPrice: row.totalPrice === null ? null : Number(row.totalPrice),
    status: row.status,
    deliveryAddress: row.deliveryAddress ?? row.buyer?.address ?? null,
    orderedAt: row.orderedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    buyerId: row.buyerId,
    buyerUser: row.buyer,
    sellerId: row.sellerId,
    sellerUser: row.seller,
    designId: row.designId,
    designModel: row.design ? { image } : null,
  };
}

function orderBy(query: OrderQuery): Prisma.OrderOrderByWithRelationInput[] {
  const dir = query.dir;
  switch (query.sort) {
    case "id":
      return [{ id: dir }];
    case "price":
      return [{ totalPrice: { sort: dir, nulls: "last" } }, { id: dir }];
    case "status":
      return [{ status: dir }, { createdAt: dir }, { id: dir }];
    case "created":
      return [{ createdAt: dir }, { id: dir }];
  }
}

export async function listOrders(query: OrderQuery) {
  const where: Prisma.OrderWhereInput = query.status ? { status: query.status } : {};
  const total = await prisma.order.count({ where });
  const pageCount = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await prisma.order.findMany({
    where,
    select: orderSelect,
    orderBy: orderBy(query),
    skip: (page - 1) * ORDERS_PAGE_SIZE,
    take: ORDERS_PAGE_SIZE,
  });
  return { orders: rows.map(toAdminOrder), total, page, pageCount, pageSize: ORDERS_PAGE_SIZE };
}

export async function getOrder(id: number): Promise<AdminOrder> {
  const row = await prisma.order.findUnique({ where: { id }, select: orderSelect });
  if (!row) throw new DomainError("not_found", ORDER_NOT_FOUND);
  return toAdminOrder(row);
}

export const BAD_TARGET = "สถานะใหม่ไม่ถูกต้อง";

/**
 * The admin's override (spec section 4): any of ordered, accepted, completed, canceled from
 * any other status, through the one transition function (conditional update + order event).
 */
export async function overrideOrderStatus(orderId: number, to: string, admin: Actor): Promise<AdminOrder> {
  if (!isOverrideStatus(to)) throw new DomainError("bad_input", BAD_TARGET);
  await transitionOrder({ orderId, to, actor: admin, as: "admin" });
  return getOrder(orderId);
}

function isOverrideStatus(value: string): value is OverrideStatus {
  return (OVERRIDE_STATUSES as readonly string[]).includes(value);
}
