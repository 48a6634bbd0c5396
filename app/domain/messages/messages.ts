import { z } from "zod";

/** An order's conversation (issue 48), what browser and server share: limits, Thai words, the form's schema. */

export const MESSAGE_MAX_CHARS = 2000;

/** At most this many messages a person sends in MESSAGE_LIMIT_SECONDS, whatever the orders. */
export const MESSAGE_LIMIT_POINTS = 10;
export const MESSAGE_LIMIT_SECONDS = 60;

export type MessageAuthorRole = "user" | "merchant" | "admin";

export const MESSAGE_MESSAGES = {
  empty: "กรุณาพิมพ์ข้อความ",
  tooLong: `ข้อความต้องยาวไม่เกิน ${MESSAGE_MAX_CHARS.toLocaleString("th-TH")} ตัวอักษร`,
  notYours: "คุณไม่มีสิทธิ์ดูหรือส่งข้อความของคำสั่งซื้อนี้",
  notPlaced: "ส่งข้อความถึงช่างตัดได้เมื่อสั่งตัดแล้ว",
  noImage: "ข้อความนี้ไม่มีรูป",
  sent: "ส่งข้อความแล้ว",
  failed: "ส่งข้อความไม่สำเร็จ",
  photoTooBig: "รูปต้องมีขนาดไม่เกิน 20 MB",
  rateLimited: (seconds: number) => `ส่งข้อความบ่อยเกินไป กรุณารอ ${seconds} วินาทีแล้วลองใหม่`,
  erasedText: "ข้อความนี้ถูกลบพร้อมบัญชีผู้ใช้",
} as const;

/** How a message's author is named in the thread: their name and the side they write for. */
export const AUTHOR_ROLE_LABELS: Record<MessageAuthorRole, string> = {
  user: "ลูกค้า",
  merchant: "ช่างตัด",
  admin: "ร้าน",
};

/** Who writes for the shop: an admin's messages carry this name, not the admin's own. */
export const SHOP_AUTHOR_NAME = "ผู้ดูแลร้าน";

/**
 * The text of a message as it is kept: line breaks as \n, outer blank space trimmed; 1 to 2,000
 * characters (counted as people count them: one per code point, a browser's \r\n as one).
 */
export const messageTextSchema = /* @__PURE__ */ (() =>
  z
    .string({ error: MESSAGE_MESSAGES.empty })
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(
      z
        .string()
        .min(1, MESSAGE_MESSAGES.empty)
        .refine((value) => [...value].length <= MESSAGE_MAX_CHARS, MESSAGE_MESSAGES.tooLong),
    ))();

/** A message as the thread and the JSON call show it. */
export interface MessageView {
  id: number;
  author: { id: number | null; name: string; role: MessageAuthorRole };
  text: string;
  imageUrl: string | null;
  createdAt: Date;
  /** Written by the person reading (shown on their side). */
  mine: boolean;
}

export function messageImagePath(orderId: number, messageId: number): string {
  return `/api/orders/${orderId}/messages/${messageId}/image`;
}

export function threadPath(orderId: number): string {
  return `/orders/${orderId}/messages`;
}
