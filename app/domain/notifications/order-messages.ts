import { site } from "~/content/site";
import { CANCELED_BY_WORDS, type CanceledBy, SYSTEM_CANCEL_REASON } from "~/domain/orders/cancel-reasons";
import { type OrderStatusName, statusLabel } from "~/domain/orders/state-machine";
import { type PaymentStatusName, paymentEventTitle } from "~/domain/payments/payment-states";

/** The LINE messages about an order (pure): short Thai text, the order number, the new status, a link. */

export type Audience = "customer" | "tailor";

/** Statuses that tell someone something (the cart is nobody's news). */
export const NOTIFIED_STATUSES = [
  "ordered",
  "accepted",
  "completed",
  "canceled",
] as const satisfies readonly OrderStatusName[];
export type NotifiedStatus = (typeof NOTIFIED_STATUSES)[number];

export function isNotifiedStatus(status: OrderStatusName): status is NotifiedStatus {
  return (NOTIFIED_STATUSES as readonly string[]).includes(status);
}

export const HEADLINES: Record<NotifiedStatus, Record<Audience, string>> = {
  ordered: { customer: "สั่งตัดเสื้อเรียบร้อยแล้ว รอช่างรับงาน", tailor: "มีคำสั่งซื้อใหม่รอคุณรับงาน" },
  accepted: { customer: "ช่างรับงานแล้ว กำลังตัดเย็บ", tailor: "คุณรับงานนี้แล้ว" },
  completed: { customer: "เสื้อของคุณตัดเย็บเสร็จแล้ว", tailor: "งานนี้ตัดเย็บเสร็จแล้ว" },
  canceled: { customer: "คำสั่งซื้อถูกยกเลิก", tailor: "คำสั่งซื้อถูกยกเลิก" },
};

/** The order page of each side: /user/product/{id} for the customer, /merchant/order/{id} for the tailor. */
export function orderPagePath(orderId: number, audience: Audience): string {
  return audience === "customer" ? `/user/product/${orderId}` : `/merchant/order/${orderId}`;
}

/** Who ended an order and why, as both sides read it (decision 102): "ลูกค้ายกเลิก · เหตุผล: …". */
export interface CancelNews {
  by: CanceledBy;
  reason: string | null;
}

export function cancelNewsLine({ by, reason }: CancelNews): string {
  const why = reason ?? (by === "system" ? SYSTEM_CANCEL_REASON : null);
  return why ? `${CANCELED_BY_WORDS[by]} · เหตุผล: ${why}` : CANCELED_BY_WORDS[by];
}

export function orderNotificationText(input: {
  orderId: number;
  toStatus: NotifiedStatus;
  audience: Audience;
  baseUrl: string;
  /** For a canceled order: who canceled it and the reason they gave. */
  canceled?: CancelNews;
}): string {
  const { orderId, toStatus, audience, baseUrl, canceled } = input;
  return [
    `${site.shortName}: คำสั่งซื้อ #${orderId}`,
    HEADLINES[toStatus][audience],
    `สถานะ: ${statusLabel(toStatus)}`,
    ...(toStatus === "canceled" && canceled ? [cancelNewsLine(canceled)] : []),
    `ดูรายละเอียด: ${baseUrl}${orderPagePath(orderId, audience)}`,
  ].join("\n");
}

/** What each side is told of a payment step (the one who took it is not told). */
const PAYMENT_NEWS: Record<PaymentStatusName, Partial<Record<Audience, string>>> = {
  slip_sent: { tailor: "ลูกค้าส่งสลิปโอนเงินแล้ว กรุณาตรวจสอบและยืนยันการรับเงิน" },
  unpaid: { customer: "ช่างตัดขอให้ส่งสลิปโอนเงินใหม่" },
  deposit_paid: { customer: "ช่างตัดได้รับเงินมัดจำแล้ว ส่วนที่เหลือชำระก่อนจัดส่ง" },
  paid: { customer: "ช่างตัดยืนยันได้รับเงินของคุณแล้ว" },
  refund_due: {
    customer: "คำสั่งซื้อที่ชำระเงินแล้วถูกยกเลิก ช่างตัดจะคืนเงินให้คุณ",
    tailor: "คำสั่งซื้อที่ลูกค้าชำระเงินแล้วถูกยกเลิก กรุณาคืนเงินให้ลูกค้า",
  },
  refunded: { customer: "ช่างตัดคืนเงินให้คุณแล้ว" },
};

export function paymentNewsText(input: {
  orderId: number;
  to: PaymentStatusName;
  note: string | null;
  audience: Audience;
  baseUrl: string;
}): string {
  const { orderId, to, note, audience, baseUrl } = input;
  return [
    `${site.shortName}: คำสั่งซื้อ #${orderId}`,
    PAYMENT_NEWS[to][audience] ?? paymentEventTitle(to, null),
    ...(note ? [`หมายเหตุ: ${note}`] : []),
    `ดูรายละเอียด: ${baseUrl}${orderPagePath(orderId, audience)}`,
  ].join("\n");
}

/** The buyer is told how the shirt comes: pickup, or the carrier, its number and where to follow it. */
export function deliveryNewsText(input: {
  orderId: number;
  delivery: string;
  trackingUrl: string | null;
  baseUrl: string;
}): string {
  return [
    `${site.shortName}: คำสั่งซื้อ #${input.orderId}`,
    `การจัดส่ง: ${input.delivery}`,
    ...(input.trackingUrl ? [`ติดตามพัสดุ: ${input.trackingUrl}`] : []),
    `ดูรายละเอียด: ${input.baseUrl}${orderPagePath(input.orderId, "customer")}`,
  ].join("\n");
}

/** What each side is told of the finishing steps (issue 46): receipt, its reminder, a problem and its decision. */
export const FINISHING_NEWS = {
  received: { tailor: "ลูกค้ายืนยันได้รับสินค้าแล้ว" },
  autoReceived: {
    customer: "ร้านยืนยันการรับสินค้าให้อัตโนมัติแล้ว (ครบกำหนดหลังจัดส่ง)",
    tailor: "ร้านยืนยันการรับสินค้าให้ลูกค้าอัตโนมัติแล้ว (ครบกำหนดหลังจัดส่ง)",
  },
  reminder: { customer: "ได้รับเสื้อแล้วหรือยัง? กรุณากด “ได้รับสินค้าแล้ว” หรือแจ้งปัญหาในหน้าคำสั่งซื้อ" },
  problem: { tailor: "ลูกค้าแจ้งปัญหากับคำสั่งซื้อ ผู้ดูแลระบบจะตรวจสอบ" },
  problemClosed: {
    customer: "ผู้ดูแลระบบพิจารณาปัญหาที่คุณแจ้งแล้ว",
    tailor: "ผู้ดูแลระบบพิจารณาปัญหาที่ลูกค้าแจ้งแล้ว",
  },
} as const satisfies Record<string, Partial<Record<Audience, string>>>;

/** One finishing step's LINE message: the order, the headline for this side, what it said, the link. */
export function finishingNewsText(input: {
  orderId: number;
  headline: string;
  note: string | null;
  audience: Audience;
  baseUrl: string;
}): string {
  const { orderId, headline, note, audience, baseUrl } = input;
  return [
    `${site.shortName}: คำสั่งซื้อ #${orderId}`,
    headline,
    ...(note ? [note] : []),
    `ดูรายละเอียด: ${baseUrl}${orderPagePath(orderId, audience)}`,
  ].join("\n");
}
