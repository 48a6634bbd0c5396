import type { Prisma } from "~/data/generated/client";
import { CUSTOM_SIZE } from "~/domain/catalogue/categories";
import { type SizeView, sizeView } from "~/domain/catalogue/sizes";
import { DESIGN_PART_SELECT } from "~/domain/designs/part-select";
import { designImageUrl } from "~/domain/images/urls";
import {
  frozenMeasurements,
  type OrderMeasurements,
  readOrderMeasurements,
} from "~/domain/measurements/order-measurements";
import { profileSelect, toProfileView } from "~/domain/measurements/profiles.server";
import { withShipping } from "~/domain/pricing/shipping";
import { type CanceledBy, isCanceledBy } from "./cancel-reasons";
import type { OrderStatusName } from "./state-machine";

/**
 * What pages and JSON calls get for an order or cart item: one Prisma select and one
 * mapping, money as numbers of baht, dates as Date (JSON turns them into ISO strings).
 */

export const orderSelect = {
  id: true,
  name: true,
  quantity: true,
  sizeId: true,
  unitPrice: true,
  totalPrice: true,
  shippingFee: true,
  priceLines: true,
  status: true,
  deliveryAddress: true,
  measurements: true,
  orderedAt: true,
  cancelReason: true,
  canceledBy: true,
  createdAt: true,
  updatedAt: true,
  buyerId: true,
  sellerId: true,
  designId: true,
  buyer: { select: { id: true, name: true, email: true, phone: true, address: true } },
  seller: { select: { id: true, name: true, email: true, phone: true, shopName: true, shippingFee: true } },
  design: {
    select: {
      id: true,
      imageId: true,
      type: true,
      ownerId: true,
      price: true,
      ...DESIGN_PART_SELECT,
      sizeId: true,
    },
  },
} satisfies Prisma.OrderSelect;

/**
 * The same, with the design's chosen measurement profile as it is now: for a cart item (the cart,
 * the tailor choice, one order's page). The order lists hold placed orders, which carry their
 * frozen copy, so they do without this join.
 */
export const orderWithProfileSelect = {
  ...orderSelect,
  design: { select: { ...orderSelect.design.select, measurementProfile: { select: profileSelect } } },
} satisfies Prisma.OrderSelect;

export type OrderRow = Prisma.OrderGetPayload<{ select: typeof orderSelect }> & {
  design: {
    measurementProfile?: Prisma.OrderGetPayload<{
      select: typeof orderWithProfileSelect;
    }>["design"]["measurementProfile"];
  };
};

export interface OrderView {
  id: number;
  name: string;
  quantity: number;
  unitPrice: number | null;
  /**
   * The spec's total. In the cart: the items' price (unit × quantity), shipping not included. Once
   * placed: what the buyer pays, the items' price plus the frozen shipping fee (issue 45).
   */
  totalPrice: number | null;
  /**
   * The shipping fee: frozen on a placed order (0 for orders placed before fees); in the cart, the
   * chosen tailor's fee as it is now (frozen when placed); null while no tailor is chosen.
   */
  shippingFee: number | null;
  /** The items' price without shipping (unit × quantity), cart or placed. */
  itemsPrice: number | null;
  /** What the buyer pays in all, shipping included; in the cart, with the chosen tailor's current fee. */
  totalWithShipping: number | null;
  status: OrderStatusName;
  image: string;
  deliveryAddress: string | null;
  orderedAt: Date | null;
  /** Why it was canceled (issue 46): the words of whoever canceled it; null when not canceled or none given. */
  cancelReason: string | null;
  /** Who canceled it: buyer, tailor, admin or system (the shop, nobody accepted in time); null when not canceled. */
  canceledBy: CanceledBy | null;
  createdAt: Date;
  updatedAt: Date;
  /** The row's version: a form sends it back so a changed cart is noticed. */
  version: string;
  buyerId: number;
  sellerId: number | null;
  designId: number;
  /** A design the buyer made in the designer: it needs a tailor chosen (and quoted) for it. */
  needsTailorChoice: boolean;
  buyerUser: { name: string; email: string; phone: string | null; address: string | null };
  sellerUser: { name: string; email: string; phone: string | null; shopName: string | null } | null;
  designModel: { id: number; image: string; type: "design" | "upload" };
  /** The ready size it is cut to; null when cut to measure (`customSize`) or, for an item made before sizes were asked for, none yet (`needsSize`). */
  size: SizeView | null;
  /** No size chosen yet (an item put in the cart before sizes were asked for): it cannot be placed until one is. */
  needsSize: boolean;
  /** Cut to the buyer's own measurements (the size 'ตามสัดส่วนของฉัน'). */
  customSize: boolean;
  /**
   * The measurements it is cut to: frozen on the order once placed; in the cart, the chosen
   * profile as it is now (null: none chosen, or the profile was deleted).
   */
  measurements: OrderMeasurements | null;
}

const money = (value: { toString(): string } | null) => (value === null ? null : Number(value.toString()));

/** A design the buyer made (type design, their own) is quoted per tailor; a shop's design comes with its tailor. */
export function needsTailorChoice(
  row: Pick<OrderRow, "buyerId"> & { design: Pick<OrderRow["design"], "type" | "ownerId"> },
): boolean {
  return row.design.type === "design" && row.design.ownerId === row.buyerId;
}

export function toOrderView(row: OrderRow): OrderView {
  // A stored picture when there is one, otherwise the preview drawn from the parts.
  const image = designImageUrl(row.design);
  return {
    id: row.id,
    name: row.name,
    quantity: row.quantity,
    unitPrice: money(row.unitPrice),
    totalPrice: money(row.totalPrice),
    ...shippingOf(row),
    status: row.status,
    image,
    deliveryAddress: row.deliveryAddress,
    orderedAt: row.orderedAt,
    cancelReason: row.status === "canceled" ? row.cancelReason : null,
    canceledBy: row.status === "canceled" && isCanceledBy(row.canceledBy) ? row.canceledBy : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.updatedAt.toISOString(),
    buyerId: row.buyerId,
    sellerId: row.sellerId,
    designId: row.designId,
    needsTailorChoice: needsTailorChoice(row),
    buyerUser: { name: row.buyer.name, email: row.buyer.email, phone: row.buyer.phone, address: row.buyer.address },
    sellerUser: row.seller
      ? { name: row.seller.name, email: row.seller.email, phone: row.seller.phone, shopName: row.seller.shopName }
      : null,
    designModel: { id: row.design.id, image, type: row.design.type },
    size: sizeView(row.sizeId),
    needsSize: row.sizeId === null,
    customSize: row.design.sizeId === CUSTOM_SIZE,
    measurements: measurementsOf(row),
  };
}

/** The price fields of issue 45, from the frozen fee (placed) or the chosen tailor's current one (cart). */
function shippingOf(row: OrderRow): Pick<OrderView, "shippingFee" | "itemsPrice" | "totalWithShipping"> {
  const total = money(row.totalPrice);
  if (row.status !== "cart" && row.shippingFee !== null) {
    const fee = money(row.shippingFee) ?? 0;
    return {
      shippingFee: fee,
      itemsPrice: total === null ? null : (Math.round(total * 100) - Math.round(fee * 100)) / 100,
      totalWithShipping: total,
    };
  }
  // A cart item (or one canceled from the cart, never placed): the fee is not frozen yet.
  const fee = row.status === "cart" && row.seller ? row.seller.shippingFee : null;
  return {
    shippingFee: fee,
    itemsPrice: total,
    totalWithShipping: total === null || fee === null ? total : withShipping(total, fee).totalPrice,
  };
}

function measurementsOf(row: OrderRow): OrderMeasurements | null {
  if (row.design.sizeId !== CUSTOM_SIZE) return null;
  if (row.status !== "cart") return readOrderMeasurements(row.measurements);
  const profile = row.design.measurementProfile ?? null;
  return profile ? frozenMeasurements(toProfileView(profile)) : null;
}

/** Page size of the order lists (a tailor's, a customer's). */
export const ORDERS_PAGE_SIZE = 10;
