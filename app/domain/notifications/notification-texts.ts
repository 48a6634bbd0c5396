import type { NotificationKind } from "~/data/generated/enums";

/** What the shop's notifications say (issue 48), pure: one Thai sentence per kind, with the order's number. */

export type { NotificationKind };

/** Who ended an order, as the other side reads it. */
const ENDED_BY: Record<string, string> = {
  user: "ลูกค้า",
  merchant: "ช่างตัด",
  admin: "ผู้ดูแลร้าน",
  system: "ร้าน",
};

export interface NotificationFacts {
  orderId?: number;
  designId?: number;
  /** The canceller (order_canceled), the author (message). */
  by?: string;
  /** A reason, a tracking line, a message's first words, a rating. */
  detail?: string | null;
  /** For refund_due: which side reads it. */
  audience?: "customer" | "tailor";
}

const withDetail = (head: string, label: string, detail: string | null | undefined) =>
  detail ? `${head} ${label}${detail}` : head;

export function notificationText(kind: NotificationKind, facts: NotificationFacts): string {
  const order = `คำสั่งซื้อ #${facts.orderId}`;
  switch (kind) {
    case "message":
      return withDetail(`ข้อความใหม่จาก${facts.by ?? ""} ใน${order}`, "", facts.detail ? `“${facts.detail}”` : null);
    case "order_placed":
      return `มี${order} ใหม่ รอคุณรับงาน`;
    case "order_accepted":
      return `ช่างตัดรับงาน${order} แล้ว`;
    case "order_declined":
      return withDetail(`ช่างตัดไม่รับงาน${order}`, "เหตุผล: ", facts.detail);
    case "order_canceled":
      return withDetail(`${order} ถูกยกเลิกโดย${ENDED_BY[facts.by ?? ""] ?? "ร้าน"}`, "เหตุผล: ", facts.detail);
    case "order_expired":
      return `${order} ถูกยกเลิกอัตโนมัติ เพราะช่างตัดไม่ได้ตอบรับภายในเวลาที่กำหนด`;
    case "order_completed":
      return `เสื้อของ${order} ตัดเย็บเสร็จแล้ว`;
    case "slip_sent":
      return `ลูกค้าส่งสลิปโอนเงินของ${order} แล้ว กรุณาตรวจสอบ`;
    case "payment_confirmed":
      return `ช่างตัดยืนยันได้รับเงินของ${order} แล้ว`;
    case "payment_rejected":
      return withDetail(`ช่างตัดขอให้ส่งสลิปของ${order} ใหม่`, "เหตุผล: ", facts.detail);
    case "refund_due":
      return facts.audience === "tailor"
        ? `${order} ที่ลูกค้าชำระเงินแล้วถูกยกเลิก กรุณาคืนเงินให้ลูกค้า`
        : `${order} ที่ชำระเงินแล้วถูกยกเลิก ช่างตัดจะคืนเงินให้คุณ`;
    case "refunded":
      return `ช่างตัดคืนเงินของ${order} ให้คุณแล้ว`;
    case "shipped":
      return withDetail(`ช่างตัดส่งเสื้อของ${order} แล้ว`, "", facts.detail);
    case "review_received":
      return withDetail(`ลูกค้ารีวิว${order} แล้ว`, "", facts.detail);
    case "review_answered":
      return `ช่างตัดตอบรีวิวของคุณใน${order} แล้ว`;
    case "design_approved":
      return `แบบเสื้อ #${facts.designId} ได้รับการอนุมัติแล้ว แสดงในร้านของคุณ`;
    case "design_rejected":
      return withDetail(`แบบเสื้อ #${facts.designId} ไม่ได้รับการอนุมัติ`, "เหตุผล: ", facts.detail);
    case "receipt_confirmed":
      return facts.by === "system"
        ? `ร้านยืนยันการรับสินค้าของ${order} แทนลูกค้า เพราะเลยเวลาที่กำหนด`
        : `ลูกค้ายืนยันได้รับเสื้อของ${order} แล้ว`;
    case "receipt_reminder":
      return `ได้รับเสื้อของ${order} แล้วหรือยัง กรุณายืนยันการรับสินค้า หรือแจ้งปัญหา`;
    case "problem_reported":
      return withDetail(`ลูกค้าแจ้งปัญหากับ${order}`, "", facts.detail);
    case "problem_closed":
      return withDetail(`ผู้ดูแลร้านพิจารณาปัญหาของ${order} แล้ว`, "ผลการพิจารณา: ", facts.detail);
  }
}

/** The first words of a message, for a notification and a LINE push (one line, at most 60 characters). */
export function preview(text: string, max = 60): string {
  const line = text.replace(/\s+/g, " ").trim();
  const chars = [...line];
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join("")}…`;
}

/** The Thai text of a notification as a list shows it: a burst of messages says how many. */
export function shownText(kind: NotificationKind, text: string, count: number): string {
  return kind === "message" && count > 1 ? `${text} (${count} ข้อความ)` : text;
}
