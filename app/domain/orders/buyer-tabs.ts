import type { DeliveryMethodName } from "~/domain/delivery/carriers";
import type { PaymentStatusName } from "~/domain/payments/payment-states";
import type { OrderStatusName, StatusTone } from "./state-machine";

/**
 * Where a customer's order stands, as the orders page's tabs and each row's words say it (issue
 * 45): pure, shared by the page, `GET /api/user/my_orders?tab=` (their SQL filters in
 * queries.server.ts follow these rules) and tests. Every placed order is in exactly one tab.
 *
 * The payment comes before the status: an order taken by the tailor (accepted, or completed)
 * whose money is still owed is "to pay" however far the sewing is, so a sewn shirt nobody paid
 * for never hides under "done".
 *
 *   to_pay      accepted or completed, payment unpaid (nothing sent, or the tailor asked for a
 *               new slip), or only its deposit paid (deposit_paid: the balance is owed, issue 49)
 *   to_confirm  ordered (the tailor has not accepted yet), or accepted/completed with a slip the
 *               tailor has not checked (slip_sent)
 *   to_receive  accepted, and the money settled (paid, by slip or cash) or no payment record:
 *               being sewn, or sent and not yet marked done; or completed, money settled, and
 *               shipped (the delivery recorded) but not yet received (issue 46)
 *   done        completed, money settled, and received (or never shipped through the shop)
 *   canceled    canceled (whatever the money: a refund owed or made is said in the row's words)
 */

export const BUYER_TABS = ["to_pay", "to_confirm", "to_receive", "done", "canceled"] as const;
export type BuyerTab = (typeof BUYER_TABS)[number];

export function isBuyerTab(value: unknown): value is BuyerTab {
  return typeof value === "string" && (BUYER_TABS as readonly string[]).includes(value);
}

export const BUYER_TAB_INFO: Record<BuyerTab, { label: string; empty: string }> = {
  to_pay: { label: "ที่ต้องชำระ", empty: "ไม่มีคำสั่งซื้อที่ต้องชำระเงิน" },
  to_confirm: { label: "รอร้านยืนยัน", empty: "ไม่มีคำสั่งซื้อที่รอร้านยืนยัน" },
  to_receive: { label: "ที่ต้องได้รับ", empty: "ไม่มีคำสั่งซื้อที่รอรับสินค้า" },
  done: { label: "สำเร็จ", empty: "ยังไม่มีคำสั่งซื้อที่สำเร็จ" },
  canceled: { label: "ยกเลิก", empty: "ไม่มีคำสั่งซื้อที่ยกเลิก" },
};

/** The order statuses in which the buyer owes the tailor (the order is taken). */
export const TAKEN_STATUSES = ["accepted", "completed"] as const satisfies readonly OrderStatusName[];
/** The payment states in which the buyer still has to pay. */
export const PAYMENT_DUE = ["unpaid", "deposit_paid"] as const satisfies readonly PaymentStatusName[];
/** The payment states in which a slip waits for the tailor's check. */
export const SLIP_WAITING = ["slip_sent"] as const satisfies readonly PaymentStatusName[];
/** Both: the money is not settled yet, so the order is in neither "to receive" nor "done". */
export const PAYMENT_OPEN = [...PAYMENT_DUE, ...SLIP_WAITING] as const;

const has = <T extends string>(list: readonly T[], value: string | null | undefined): boolean =>
  value != null && (list as readonly string[]).includes(value);

/**
 * The tab an order is in (null for a cart item, which is not an order yet). `awaitingReceipt`: its
 * delivery is recorded and its receipt not confirmed yet (issue 46).
 */
export function buyerTabOf(
  status: OrderStatusName,
  payment: PaymentStatusName | null,
  awaitingReceipt = false,
): BuyerTab | null {
  if (status === "cart") return null;
  if (status === "canceled") return "canceled";
  if (status === "ordered") return "to_confirm";
  if (has(TAKEN_STATUSES, status) && has(PAYMENT_DUE, payment)) return "to_pay";
  if (has(TAKEN_STATUSES, status) && has(SLIP_WAITING, payment)) return "to_confirm";
  return status === "accepted" || awaitingReceipt ? "to_receive" : "done";
}

export interface OrderStage {
  /** What the customer (or tailor) reads: รอชำระเงิน, ส่งสลิปแล้ว รอร้านตรวจ, กำลังตัดเย็บ, จัดส่งแล้ว… */
  label: string;
  tone: StatusTone;
}

/** The stage an order is at, in words: its status, its payment and its delivery read together. */
export function orderStage(
  status: OrderStatusName,
  payment: { status: PaymentStatusName; rejectReason?: string | null } | null,
  delivery: { method: DeliveryMethodName; receivedAt?: Date | string | null } | null,
): OrderStage {
  switch (status) {
    case "cart":
      return { label: "อยู่ในตะกร้า", tone: "stone" };
    case "ordered":
      return { label: "รอร้านรับงาน", tone: "yellow" };
    case "canceled":
      if (payment?.status === "refund_due") return { label: "ยกเลิกแล้ว รอร้านคืนเงิน", tone: "red" };
      if (payment?.status === "refunded") return { label: "ยกเลิกแล้ว คืนเงินแล้ว", tone: "red" };
      return { label: "ยกเลิกแล้ว", tone: "red" };
  }
  if (payment?.status === "unpaid")
    return { label: payment.rejectReason ? "ร้านขอสลิปใหม่ รอชำระเงิน" : "รอชำระเงิน", tone: "yellow" };
  if (payment?.status === "slip_sent") return { label: "ส่งสลิปแล้ว รอร้านตรวจ", tone: "blue" };
  if (payment?.status === "deposit_paid") return { label: "ชำระมัดจำแล้ว รอชำระส่วนที่เหลือ", tone: "blue" };
  // Its buyer (or the shop, after the window) confirmed receipt (issue 46).
  if (delivery?.receivedAt) return { label: "ได้รับสินค้าแล้ว", tone: "green" };
  if (delivery?.method === "carrier") return { label: "จัดส่งแล้ว", tone: status === "completed" ? "green" : "blue" };
  if (status === "accepted")
    return delivery?.method === "pickup"
      ? { label: "กำลังตัดเย็บ นัดรับที่ร้าน", tone: "blue" }
      : { label: "กำลังตัดเย็บ", tone: "blue" };
  return delivery?.method === "pickup"
    ? { label: "ตัดเย็บเสร็จแล้ว รอรับที่ร้าน", tone: "green" }
    : { label: "ตัดเย็บเสร็จแล้ว", tone: "green" };
}

/** The tailor's filter of orders whose slip waits for them (`?slip=waiting`). */
export const SLIP_FILTER = "waiting";
export const SLIP_WAITING_LABEL = "สลิปรอตรวจ";

export const TAB_MESSAGES = {
  badTab: `แท็บที่ใช้กรองไม่ถูกต้อง (ใช้ได้: ${BUYER_TABS.join(", ")})`,
  badSlip: `ตัวกรองสลิปไม่ถูกต้อง (ใช้ได้: ${SLIP_FILTER})`,
} as const;
