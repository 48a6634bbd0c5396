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
 * A slip confirmed on an order canceled meanwhile is money to give back: it goes to refund_due.
 */

export const PAYMENT_STATUSES = ["unpaid", "slip_sent", "paid", "refund_due", "refunded"] as const;
export type PaymentStatusName = (typeof PAYMENT_STATUSES)[number];

export function isPaymentStatus(value: unknown): value is PaymentStatusName {
  return typeof value === "string" && (PAYMENT_STATUSES as readonly string[]).includes(value);
}

export const PAYMENT_INFO: Record<PaymentStatusName, { label: string; tone: StatusTone }> = {
  unpaid: { label: "รอชำระเงิน", tone: "yellow" },
  slip_sent: { label: "ส่งสลิปแล้ว รอช่างตรวจสอบ", tone: "blue" },
  paid: { label: "ชำระเงินแล้ว", tone: "green" },
  refund_due: { label: "รอคืนเงิน", tone: "red" },
  refunded: { label: "คืนเงินแล้ว", tone: "stone" },
};

export function paymentLabel(status: PaymentStatusName): string {
  return PAYMENT_INFO[status].label;
}

/** The order statuses in which the buyer pays: once the tailor has taken the order. */
export const PAYABLE_ORDER_STATUSES: readonly OrderStatusName[] = ["accepted", "completed"];

/** The buyer may send (or replace) a slip: the order is taken, and nothing is settled yet. */
export function canSendSlip(orderStatus: OrderStatusName, payment: PaymentStatusName): boolean {
  return PAYABLE_ORDER_STATUSES.includes(orderStatus) && (payment === "unpaid" || payment === "slip_sent");
}

/** The tailor's steps on a payment, each from the states it may start in. */
export type PaymentAction = "confirm" | "reject" | "cash" | "refunded";

export const PAYMENT_ACTIONS: Record<
  PaymentAction,
  { from: readonly PaymentStatusName[]; button: string; success: string; failure: string }
> = {
  confirm: {
    from: ["slip_sent"],
    button: "ยืนยันได้รับเงินแล้ว",
    success: "ยืนยันการชำระเงินเรียบร้อยแล้ว",
    failure: "ไม่สามารถยืนยันการชำระเงินได้",
  },
  reject: {
    from: ["slip_sent"],
    button: "ขอสลิปใหม่",
    success: "แจ้งลูกค้าให้ส่งสลิปใหม่แล้ว",
    failure: "ไม่สามารถขอสลิปใหม่ได้",
  },
  cash: {
    from: ["unpaid", "slip_sent"],
    button: "รับเงินสด/ช่องทางอื่นแล้ว",
    success: "บันทึกการรับชำระเงินเรียบร้อยแล้ว",
    failure: "ไม่สามารถบันทึกการรับชำระเงินได้",
  },
  refunded: {
    from: ["refund_due"],
    button: "คืนเงินให้ลูกค้าแล้ว",
    success: "บันทึกการคืนเงินเรียบร้อยแล้ว",
    failure: "ไม่สามารถบันทึกการคืนเงินได้",
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

/** Where a step leads: a confirmation on an order canceled meanwhile is money owed back. */
export function paymentTarget(action: PaymentAction, orderStatus: OrderStatusName): PaymentStatusName {
  if (action === "reject") return "unpaid";
  if (action === "refunded") return "refunded";
  return orderStatus === "canceled" ? "refund_due" : "paid";
}

export const REJECT_REASON_MAX = 200;

export const PAYMENT_MESSAGES = {
  notFound: "ไม่พบข้อมูลการชำระเงินของคำสั่งซื้อนี้",
  notYet: "ชำระเงินได้หลังจากช่างรับงานแล้ว",
  cannotSendSlip: "คำสั่งซื้อนี้ไม่ต้องส่งสลิปแล้ว",
  slipRequired: "กรุณาเลือกรูปสลิปโอนเงิน",
  slipSent: "ส่งสลิปเรียบร้อยแล้ว รอช่างตัดตรวจสอบ",
  slipFailed: "ไม่สามารถส่งสลิปได้",
  slipUsedBefore: "สลิปนี้เคยใช้ชำระเงินไปแล้ว กรุณาส่งสลิปของการโอนครั้งนี้",
  reasonRequired: "กรุณาระบุเหตุผลที่ขอสลิปใหม่",
  reasonTooLong: `เหตุผลต้องไม่เกิน ${REJECT_REASON_MAX} ตัวอักษร`,
  unknownAction: "ไม่รู้จักคำสั่งนี้",
  changedMeanwhile: "สถานะการชำระเงินเปลี่ยนไปแล้ว กรุณาโหลดหน้าใหม่",
  noPromptPay: "ช่างตัดยังไม่ได้ตั้งค่าบัญชีพร้อมเพย์ กรุณาติดต่อช่างตัดเพื่อชำระเงิน",
} as const;

/** What a payment step reads as on the order's timeline. */
export function paymentEventTitle(to: PaymentStatusName, from: PaymentStatusName | null): string {
  switch (to) {
    case "slip_sent":
      return from === "slip_sent" ? "ส่งสลิปโอนเงินใหม่" : "ส่งสลิปโอนเงินแล้ว";
    case "unpaid":
      return "ช่างขอสลิปใหม่";
    case "paid":
      return "ช่างยืนยันได้รับเงินแล้ว";
    case "refund_due":
      return "รอคืนเงินให้ลูกค้า";
    case "refunded":
      return "ช่างคืนเงินให้ลูกค้าแล้ว";
  }
}
