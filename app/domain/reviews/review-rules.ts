/**
 * Reviews of tailors (issue 22), pure: the messages and the 30-day edit window (the lengths and
 * the rating's format are in `./review-limits`, which pages load),
 * shared by the server, the pages and tests.
 */

import { COMMENT_MAX, HIDE_REASON_MAX, REPLY_MAX } from "./review-limits";

export const REVIEW_EDIT_DAYS = 30;
/** A tailor's own reviews page, and the latest shown beside a shop. */
export const REVIEWS_PAGE_SIZE = 10;
export const LATEST_REVIEWS = 2;

export const REVIEW_MESSAGES = {
  ratingRequired: "กรุณาให้คะแนน 1 ถึง 5 ดาว",
  commentTooLong: `ความคิดเห็นต้องไม่เกิน ${COMMENT_MAX.toLocaleString("th-TH")} ตัวอักษร`,
  replyRequired: "กรุณาพิมพ์คำตอบ",
  replyTooLong: `คำตอบต้องไม่เกิน ${REPLY_MAX.toLocaleString("th-TH")} ตัวอักษร`,
  reasonRequired: "กรุณาระบุเหตุผลที่ซ่อนรีวิว",
  reasonTooLong: `เหตุผลต้องไม่เกิน ${HIDE_REASON_MAX} ตัวอักษร`,
  notYours: "รีวิวได้เฉพาะผู้สั่งซื้อคำสั่งซื้อนี้",
  notCompleted: "รีวิวช่างตัดได้เมื่อคำสั่งซื้อตัดเย็บเสร็จแล้วเท่านั้น",
  already: "คุณรีวิวคำสั่งซื้อนี้แล้ว แก้ไขรีวิวเดิมได้แทน",
  notFound: "ไม่พบรีวิวนี้",
  editClosed: `แก้ไขรีวิวได้ภายใน ${REVIEW_EDIT_DAYS} วันหลังเขียนเท่านั้น`,
  hiddenNoEdit: "รีวิวนี้ถูกซ่อนโดยผู้ดูแลระบบ จึงแก้ไขไม่ได้",
  notTheTailor: "ตอบรีวิวได้เฉพาะช่างตัดของคำสั่งซื้อนี้",
  alreadyAnswered: "คุณตอบรีวิวนี้แล้ว",
  alreadyHidden: "รีวิวนี้ถูกซ่อนอยู่แล้ว",
  saved: "บันทึกรีวิวเรียบร้อยแล้ว ขอบคุณสำหรับความคิดเห็น",
  updated: "แก้ไขรีวิวเรียบร้อยแล้ว",
  answered: "ตอบรีวิวเรียบร้อยแล้ว",
  hidden: "ซ่อนรีวิวเรียบร้อยแล้ว",
  failed: "ไม่สามารถบันทึกรีวิวได้",
  shopNotFound: "ไม่พบร้านค้านี้",
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Until when its author may change a review written at `createdAt`. */
export function editableUntil(createdAt: Date | string): Date {
  return new Date(new Date(createdAt).getTime() + REVIEW_EDIT_DAYS * DAY_MS);
}

export function canEditReview(review: { createdAt: Date | string; hiddenAt: Date | string | null }, now = new Date()) {
  return review.hiddenAt === null && now.getTime() <= editableUntil(review.createdAt).getTime();
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
const CONTROL_CHARACTERS = /[\u0000-\u0009\u000B-\u001F\u007F]/g;

/** Plain text as people type it: control characters (but line breaks) dropped, ends trimmed. */
export function plainText(value: string): string {
  return value.replace(/\r\n?/g, "\n").replace(CONTROL_CHARACTERS, "").trim();
}

/** The name a review is shown under: the first name and the first letter of the rest ("มาลี ใ."). */
export function reviewerName(name: string): string {
  const [first, ...rest] = name.trim().split(/\s+/);
  const initial = rest.join(" ").charAt(0);
  return initial ? `${first} ${initial}.` : (first ?? "");
}
