import { site } from "~/content/site";
import { type OrderStatusName, statusLabel } from "~/domain/orders/state-machine";

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

export function orderNotificationText(input: {
  orderId: number;
  toStatus: NotifiedStatus;
  audience: Audience;
  baseUrl: string;
}): string {
  const { orderId, toStatus, audience, baseUrl } = input;
  return [
    `${site.shortName}: คำสั่งซื้อ #${orderId}`,
    HEADLINES[toStatus][audience],
    `สถานะ: ${statusLabel(toStatus)}`,
    `ดูรายละเอียด: ${baseUrl}${orderPagePath(orderId, audience)}`,
  ].join("\n");
}
