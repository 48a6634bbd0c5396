import ThaiBahtText from "thai-baht-text";
import { db } from "~/data/db.server";
import { DomainError } from "~/domain/errors";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { PAYMENT_ANSWERS } from "./payment-answers.server";

/**
 * The papers of an order (issue 49): the buyer's receipt (ใบเสร็จรับเงิน) once the order is paid,
 * and the tailor's parcel label (ใบปะหน้าพัสดุ) once the order is taken. Each is read here whole,
 * for its own page; the pages are plain HTML that print without JavaScript.
 */

export const PAPER_MESSAGES = {
  receiptNotYet: "ใบเสร็จรับเงินจะออกได้เมื่อช่างตัดยืนยันการชำระเงินครบแล้ว",
  labelNotYet: "พิมพ์ใบปะหน้าพัสดุได้เมื่อรับงานแล้ว และคำสั่งซื้อยังไม่ถูกยกเลิก",
} as const;

const money = (value: { toString(): string } | null) => (value === null ? null : Number(value.toString()));

export interface ReceiptView {
  orderId: number;
  paidAt: Date;
  method: "promptpay" | "cash" | null;
  seller: { name: string; address: string | null; phone: string | null; promptpayName: string | null };
  buyer: { name: string; address: string | null; phone: string | null };
  item: { name: string; quantity: number; unitPrice: number | null; amount: number };
  shippingFee: number;
  total: number;
  /** The total in Thai words, as a receipt writes it ("เจ็ดร้อยห้าสิบบาทถ้วน"). */
  totalWords: string;
}

/** An order's receipt, for its buyer (or an admin): 404 for anyone else, 409 until it is paid. */
export async function receiptFor(orderId: number, viewer: { id: number; roles: readonly string[] }) {
  const order = await db().order.findUnique({
    where: { id: orderId },
    select: {
      id: true,
      buyerId: true,
      name: true,
      quantity: true,
      unitPrice: true,
      totalPrice: true,
      shippingFee: true,
      deliveryAddress: true,
      buyer: { select: { name: true, phone: true, address: true } },
      seller: { select: { name: true, shopName: true, address: true, phone: true, promptpayName: true } },
      payment: { select: { status: true, amount: true, paidAt: true, method: true } },
    },
  });
  // Someone else's order is not there for them (its number says nothing about it).
  if (!order || (order.buyerId !== viewer.id && !viewer.roles.includes("admin")))
    throw new DomainError("not_found", ORDER_MESSAGES.notFound);
  const payment = order.payment;
  if (payment?.status !== "paid" || !payment.paidAt || !order.seller)
    throw new DomainError("conflict", PAPER_MESSAGES.receiptNotYet);
  const total = money(payment.amount)!;
  const shippingFee = money(order.shippingFee) ?? 0;
  return {
    orderId: order.id,
    paidAt: payment.paidAt,
    method: payment.method,
    seller: {
      name: order.seller.shopName ?? order.seller.name,
      address: order.seller.address,
      phone: order.seller.phone,
      promptpayName: order.seller.promptpayName,
    },
    buyer: { name: order.buyer.name, address: order.deliveryAddress ?? order.buyer.address, phone: order.buyer.phone },
    item: {
      name: order.name,
      quantity: order.quantity,
      unitPrice: money(order.unitPrice),
      amount: (Math.round(total * 100) - Math.round(shippingFee * 100)) / 100,
    },
    shippingFee,
    total,
    totalWords: ThaiBahtText(total),
  } satisfies ReceiptView;
}

export interface LabelView {
  orderId: number;
  /** What the barcode carries: the order number, as the shop writes it on every paper. */
  code: string;
  sender: { name: string; address: string | null; phone: string | null };
  recipient: { name: string; address: string | null; phone: string | null };
  item: { name: string; quantity: number };
  /** What the carrier collects from the buyer (cash on delivery); null when nothing is due. */
  cashOnDelivery: number | null;
}

/** The order number as the label's barcode and text carry it: ORDER-000123. */
export function labelCode(orderId: number): string {
  return `ORDER-${String(orderId).padStart(6, "0")}`;
}

/** The balance the carrier collects: a deposit order whose tailor allows cash on delivery, once the deposit is in. */
function cashToCollect(payment: {
  status: string;
  amount: { toString(): string };
  depositAmount: { toString(): string } | null;
  cashOnDelivery: boolean;
}): number | null {
  if (!payment.cashOnDelivery || payment.depositAmount === null || payment.status !== "deposit_paid") return null;
  return (Math.round(money(payment.amount)! * 100) - Math.round(money(payment.depositAmount)! * 100)) / 100;
}

/** An order's parcel label, for its tailor (or an admin): 404 for anyone else, 409 before it is taken or once canceled. */
export async function labelFor(orderId: number, viewer: { id: number; roles: readonly string[] }): Promise<LabelView> {
  const order = await db().order.findUnique({
    where: { id: orderId },
    select: {
      id: true,
      sellerId: true,
      status: true,
      name: true,
      quantity: true,
      deliveryAddress: true,
      buyer: { select: { name: true, phone: true, address: true } },
      seller: { select: { name: true, shopName: true, address: true, phone: true } },
      payment: { select: { status: true, amount: true, depositAmount: true, cashOnDelivery: true } },
    },
  });
  if (!order?.seller || (order.sellerId !== viewer.id && !viewer.roles.includes("admin")))
    throw new DomainError("not_found", ORDER_MESSAGES.notFound);
  if (order.status !== "accepted" && order.status !== "completed")
    throw new DomainError("conflict", PAPER_MESSAGES.labelNotYet);
  if (!order.payment) throw new DomainError("conflict", PAYMENT_ANSWERS.notYet);
  return {
    orderId: order.id,
    code: labelCode(order.id),
    sender: {
      name: order.seller.shopName ?? order.seller.name,
      address: order.seller.address,
      phone: order.seller.phone,
    },
    recipient: {
      name: order.buyer.name,
      address: order.deliveryAddress ?? order.buyer.address,
      phone: order.buyer.phone,
    },
    item: { name: order.name, quantity: order.quantity },
    cashOnDelivery: cashToCollect(order.payment),
  };
}
