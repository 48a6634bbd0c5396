import { db } from "~/data/db.server";
import type { NotificationKind } from "~/data/generated/enums";
import { DomainError } from "~/domain/errors";
import { shownText } from "./notification-texts";

/** A person's notifications (issue 48): their list, the unread count, and marking them read. */

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const NOTIFICATION_MESSAGES = {
  notFound: "ไม่พบการแจ้งเตือนนี้",
  badIds: "กรุณาระบุการแจ้งเตือนที่อ่านแล้ว (ids) หรือ all: true",
  allRead: "อ่านการแจ้งเตือนทั้งหมดแล้ว",
} as const;

export interface NotificationView {
  id: number;
  kind: NotificationKind;
  orderId: number | null;
  text: string;
  href: string;
  createdAt: Date;
  readAt: Date | null;
}

/** How many of the person's notifications are unread (the header's bell). */
export function unreadNotificationCount(userId: number): Promise<number> {
  return db().notification.count({ where: { userId, readAt: null } });
}

/** One page of the person's notifications, newest first, and the unread count. */
export async function listNotifications(
  userId: number,
  page = 1,
): Promise<{ unread: number; items: NotificationView[]; page: number; pageCount: number }> {
  // Both counts in one statement, on the (userId, readAt) index.
  const [{ unread, total }] = await db().$queryRaw<[{ unread: number; total: number }]>`
    SELECT count(*) FILTER (WHERE "readAt" IS NULL)::int AS unread, count(*)::int AS total
    FROM "Notification" WHERE "userId" = ${userId}`;
  const pageCount = Math.max(1, Math.ceil(total / NOTIFICATIONS_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await db().notification.findMany({
    where: { userId },
    orderBy: { id: "desc" },
    skip: (current - 1) * NOTIFICATIONS_PAGE_SIZE,
    take: NOTIFICATIONS_PAGE_SIZE,
    select: { id: true, kind: true, orderId: true, text: true, href: true, count: true, createdAt: true, readAt: true },
  });
  return {
    unread,
    page: current,
    pageCount,
    items: rows.map(({ count, ...row }) => ({ ...row, text: shownText(row.kind, row.text, count) })),
  };
}

/** Marks some (their own only: others' ids change nothing) or all of a person's notifications read. */
export async function markNotificationsRead(userId: number, which: { ids: number[] } | { all: true }): Promise<number> {
  const { count } = await db().notification.updateMany({
    where: { userId, readAt: null, ...("ids" in which ? { id: { in: which.ids } } : {}) },
    data: { readAt: new Date() },
  });
  return count;
}

/** Opening a notification: marked read, and where it leads (404 for another person's). */
export async function openNotification(userId: number, id: number): Promise<string> {
  const found = await db().notification.findFirst({ where: { id, userId }, select: { href: true, readAt: true } });
  if (!found) throw new DomainError("not_found", NOTIFICATION_MESSAGES.notFound);
  if (!found.readAt) await db().notification.updateMany({ where: { id, readAt: null }, data: { readAt: new Date() } });
  return found.href;
}

/** The person has opened the order's page: what it told them of that order is read. */
export async function markOrderNotificationsRead(userId: number, orderId: number): Promise<void> {
  await db().notification.updateMany({ where: { userId, orderId, readAt: null }, data: { readAt: new Date() } });
}
