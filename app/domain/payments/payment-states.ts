import type { OrderStatusName, StatusTone } from "~/domain/orders/state-machine";

/**
 * An order's payment (DESIGN.md section 8, issue 21), beside its status: pure rules shared by the
 * server, the pages and tests.
 *
 *   unpaid → slip_sent (the buyer sends a transfer slip; again while it waits, to replace it)
 *   slip_sent → paid (the tailor confirms) | unpaid (the tailor asks again, with a reason)
 *   unpaid | slip_sent → paid (the tailor took cash or another way, no slip)
 *   paid → refund_due (the order is canceled: in the same transaction as the cancel)
 *   refund_due → refunded (the tailor has given the money back)
 *
 * With a deposit (issue 49) the first slip pays the deposit and the second the balance:
 *
 *   slip_sent → deposit_paid (the tailor confirms the deposit) and deposit_paid → slip_sent (the
 *   balance's slip) → paid | deposit_paid (asked again); deposit_paid → paid (the balance in cash,
 *   or collected on delivery); deposit_paid → refund_due (canceled after the deposit: it is owed back)
 *
 * A slip confirmed on an order canceled meanwhile is money to give back: it goes to refund_due.
 */

export const PAYMENT_STATUSES = ["unpaid", "slip_sent", "deposit_paid", "paid", "refund_due", "refunded"] as const;
export type PaymentStatusName = (typeof PAYMENT_STATUSES)[number];

export function isPaymentStatus(value: unknown): value is PaymentStatusName {
  return typeof value === "string" && (PAYMENT_STATUSES as readonly string[]).includes(value);
}

export const PAYMENT_INFO: Record<PaymentStatusName, { label: string; tone: StatusTone }> = {
  unpaid: { label: "รอชำระเงิน", tone: "yellow" },
  slip_sent: { label: "ส่งสลิปแล้ว รอช่างตรวจสอบ", tone: "blue" },
  deposit_paid: { label: "ชำระมัดจำแล้ว รอชำระส่วนที่เหลือ", tone: "blue" },
  paid: { label: "ชำระเงินแล้ว", tone: "green" },
  refund_due: { label: "รอคืนเงิน", tone: "red" },
  refunded: { label: "คืนเงินแล้ว", tone: "stone" },
};

export function paymentLabel(status: PaymentStatusName): string {
  return PAYMENT_INFO[status].label;
}

/** The order statuses in which the buyer pays: once the tailor has taken the order. */
export const PAYABLE_ORDER_STATUSES: readonly OrderStatusName[] = ["accepted", "completed"];

/** The payment states in which the buyer may send (or replace) a slip: something is still owed. */
export const SLIP_FROM: readonly PaymentStatusName[] = ["unpaid", "slip_sent", "deposit_paid"];

/** The buyer may send (or replace) a slip: the order is taken, and not all is settled yet. */
export function canSendSlip(orderStatus: OrderStatusName, payment: PaymentStatusName): boolean {
  return PAYABLE_ORDER_STATUSES.includes(orderStatus) && SLIP_FROM.includes(payment);
}

/**
 * The tailor's steps on a payment, each from the states it may start in, and its button. What the
 * server says after one is in ./payment-answers.server.ts.
 */
export type PaymentAction = "confirm" | "reject" | "cash" | "refunded";

export const PAYMENT_ACTIONS: Record<PaymentAction, { from: readonly PaymentStatusName[]; button: string }> = {
  confirm: {
    from: ["slip_sent"],
    button: "ยืนยันได้รับเงินแล้ว",
  },
  reject: {
    from: ["slip_sent"],
    button: "ขอสลิปใหม่",
  },
  cash: {
    from: ["unpaid", "slip_sent", "deposit_paid"],
    button: "รับเงินสด/ช่องทางอื่นแล้ว",
  },
  refunded: {
    from: ["refund_due"],
    button: "คืนเงินให้ลูกค้าแล้ว",
  },
};

export function isPaymentAction(value: unknown): value is PaymentAction {
  return typeof value === "string" && Object.hasOwn(PAYMENT_ACTIONS, value);
}

/**
 * The steps the tailor is offered now. Cash is for an order still running (a canceled order
 * owes nothing); the rest follow the payment alone.
 */
export function paymentActionsFor(orderStatus: OrderStatusName, payment: PaymentStatusName): PaymentAction[] {
  return (Object.keys(PAYMENT_ACTIONS) as PaymentAction[]).filter((action) => {
    if (!PAYMENT_ACTIONS[action].from.includes(payment)) return false;
    if (action === "cash") return PAYABLE_ORDER_STATUSES.includes(orderStatus);
    return true;
  });
}

/**
 * Where a step leads: a confirmation on an order canceled meanwhile is money owed back. With a
 * deposit not yet confirmed (`depositOpen`), confirming a slip confirms the deposit; asking again
 * after the deposit goes back to waiting for the balance.
 */
export function paymentTarget(
  action: PaymentAction,
  orderStatus: OrderStatusName,
  deposit: { asked: boolean; paid: boolean } = { asked: false, paid: false },
): PaymentStatusName {
  if (action === "reject") return deposit.paid ? "deposit_paid" : "unpaid";
  if (action === "refunded") return "refunded";
  if (orderStatus === "canceled") return "refund_due";
  if (action === "confirm" && deposit.asked && !deposit.paid) return "deposit_paid";
  return "paid";
}

/** The deposit of a total at a percent, rounded up to the whole baht (null: none asked). */
export function depositOf(total: number, percent: number): number | null {
  if (percent <= 0) return null;
  return Math.min(total, Math.ceil((total * percent) / 100));
}

export const REJECT_REASON_MAX = 200;

/** Words a page draws or a form's rules say in the browser; the server's answers are in ./payment-answers.server.ts. */
export const PAYMENT_MESSAGES = {
  reasonRequired: "กรุณาระบุเหตุผลที่ขอสลิปใหม่",
  reasonTooLong: `เหตุผลต้องไม่เกิน ${REJECT_REASON_MAX} ตัวอักษร`,
  noPromptPay: "ช่างตัดยังไม่ได้ตั้งค่าบัญชีพร้อมเพย์ กรุณาติดต่อช่างตัดเพื่อชำระเงิน",
} as const;

/** What a payment step reads as on the order's timeline. */
export function paymentEventTitle(to: PaymentStatusName, from: PaymentStatusName | null): string {
  switch (to) {
    case "slip_sent":
      return from === "slip_sent" ? "ส่งสลิปโอนเงินใหม่" : "ส่งสลิปโอนเงินแล้ว";
    case "unpaid":
      return "ช่างขอสลิปใหม่";
    case "deposit_paid":
      return "ชำระมัดจำแล้ว รอชำระส่วนที่เหลือ";
    case "paid":
      return from === "deposit_paid" ? "ช่างได้รับเงินส่วนที่เหลือแล้ว" : "ช่างยืนยันได้รับเงินแล้ว";
    case "refund_due":
      return "รอคืนเงินให้ลูกค้า";
    case "refunded":
      return "ช่างคืนเงินให้ลูกค้าแล้ว";
  }
}
