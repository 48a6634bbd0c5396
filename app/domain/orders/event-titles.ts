import { type PaymentStatusName, paymentEventTitle } from "~/domain/payments/payment-states";
import { type OrderStatusName, statusLabel } from "./state-machine";

/** What one order event reads as on the timeline: a status, a payment step, a delivery. Pure. */
export function orderEventTitle(event: {
  kind: "status" | "payment" | "delivery";
  toStatus: OrderStatusName | null;
  paymentFrom: PaymentStatusName | null;
  paymentTo: PaymentStatusName | null;
}): string {
  if (event.kind === "payment" && event.paymentTo) return paymentEventTitle(event.paymentTo, event.paymentFrom);
  if (event.kind === "delivery") return "ช่างแจ้งการจัดส่ง";
  return event.toStatus ? statusLabel(event.toStatus) : "";
}

/** Who took a step, in Thai (the shop itself for an expired order). */
export const ACTOR_WORDS: Record<"user" | "merchant" | "admin" | "system", string> = {
  user: "ลูกค้า",
  merchant: "ช่างตัด",
  admin: "ผู้ดูแลระบบ",
  system: "ระบบร้านค้า",
};
