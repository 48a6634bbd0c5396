import { type PaymentStatusName, paymentEventTitle } from "~/domain/payments/payment-states";
import { type OrderStatusName, statusLabel } from "./state-machine";

/** What an order event records (the database's OrderEventKind). */
export type OrderEventKindName =
  | "status"
  | "payment"
  | "delivery"
  | "received"
  | "receipt_reminder"
  | "problem"
  | "problem_closed";

/** The finishing steps of issue 46, as the timeline reads them. */
const FINISHING_TITLES: Record<"receipt_reminder" | "problem" | "problem_closed", string> = {
  receipt_reminder: "ร้านเตือนให้ยืนยันการรับสินค้า",
  problem: "ลูกค้าแจ้งปัญหากับคำสั่งซื้อ",
  problem_closed: "ผู้ดูแลระบบปิดเรื่องปัญหา",
};

/** What one order event reads as on the timeline: a status, a payment step, a delivery, a receipt, a problem. Pure. */
export function orderEventTitle(event: {
  kind: OrderEventKindName;
  toStatus: OrderStatusName | null;
  paymentFrom: PaymentStatusName | null;
  paymentTo: PaymentStatusName | null;
  actorRole?: "user" | "merchant" | "admin" | "system" | null;
}): string {
  if (event.kind === "payment" && event.paymentTo) return paymentEventTitle(event.paymentTo, event.paymentFrom);
  if (event.kind === "delivery") return "ช่างแจ้งการจัดส่ง";
  if (event.kind === "received") return event.actorRole === "system" ? "ร้านยืนยันการรับสินค้าให้อัตโนมัติ" : "ลูกค้าได้รับสินค้าแล้ว";
  if (event.kind !== "status" && event.kind !== "payment") return FINISHING_TITLES[event.kind];
  return event.toStatus ? statusLabel(event.toStatus) : "";
}

/** Who took a step, in Thai (the shop itself for an expired order). */
export const ACTOR_WORDS: Record<"user" | "merchant" | "admin" | "system", string> = {
  user: "ลูกค้า",
  merchant: "ช่างตัด",
  admin: "ผู้ดูแลระบบ",
  system: "ระบบร้านค้า",
};
