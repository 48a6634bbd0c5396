import { site } from "~/content/site";
import { db, Prisma } from "~/data/db.server";
import { isoMoment, jsonRows } from "~/data/json-columns.server";
import type { PersonalRecordKind, PersonalRecordLine } from "~/domain/personal-record";
import { MESSAGE_MESSAGES, messageImagePath } from "./messages";

/**
 * A person's order messages and notifications as personal data (issue 48): every row for the
 * download, the newest for /profile/data, a count, and their erasure with the account. Each is a
 * personal-record kind (app/domain/users/personal-records.server.ts: key, title, all, countSql,
 * newestSql and lines, erase), so the page, the download and erasure take them as they take the others.
 *
 * Erasure: the person's messages lose their words and photos (the row stays, so the other side's
 * answers still read in order, under "ผู้ใช้ที่ลบบัญชีแล้ว", the erased account's name); their
 * notifications go; the other side's notifications of their messages keep only the order's number.
 */

type Tx = Prisma.TransactionClient;
type Line = PersonalRecordLine;

export const orderMessageRecords: PersonalRecordKind = {
  key: "orderMessages",
  title: "ข้อความในคำสั่งซื้อ",
  note: "ข้อความและรูปที่คุณส่งถึงช่างตัดหรือลูกค้าในคำสั่งซื้อ",
  async all(userId: number): Promise<unknown[]> {
    const rows = await db().orderMessage.findMany({
      where: { authorId: userId },
      orderBy: { id: "asc" },
      select: { id: true, orderId: true, authorRole: true, text: true, imageId: true, createdAt: true },
    });
    return rows.map(({ imageId, ...row }) => ({
      ...row,
      imageUrl: imageId ? messageImagePath(row.orderId, row.id) : null,
    }));
  },
  countSql: (userId: number) => Prisma.sql`(SELECT count(*) FROM "OrderMessage" WHERE "authorId" = ${userId})::int`,
  newestSql: (userId: number, take: number) =>
    jsonRows(
      Prisma.sql`SELECT "id", "orderId", "text", "imageId", ${isoMoment(Prisma.sql`"createdAt"`)} AS "createdAt"
      FROM "OrderMessage" WHERE "authorId" = ${userId} ORDER BY "id" DESC LIMIT ${take}`,
      Prisma.sql`"id" DESC`,
    ),
  lines: (rows: unknown[]): Line[] =>
    (rows as { orderId: number; text: string; imageId: number | null; createdAt: string }[]).map((row) => ({
      at: new Date(row.createdAt),
      text: `คำสั่งซื้อ #${row.orderId} · “${row.text}”${row.imageId ? " · มีรูปแนบ" : ""}`,
    })),
  async erase(tx: Tx, userId: number): Promise<void> {
    await tx.storedImage.deleteMany({ where: { messages: { some: { authorId: userId } } } });
    await tx.orderMessage.updateMany({
      where: { authorId: userId },
      data: { text: MESSAGE_MESSAGES.erasedText, imageId: null },
    });
    // The other side's "new message from …" named them and quoted them: only the order stays.
    await tx.$executeRaw`
      UPDATE "Notification" SET "text" = 'ข้อความใหม่ในคำสั่งซื้อ #' || "orderId"
      WHERE "kind" = 'message' AND "userId" <> ${userId}
        AND "orderId" IN (SELECT "id" FROM "Order" WHERE "buyerId" = ${userId} OR "sellerId" = ${userId})`;
    // So did the LINE pushes of them ("<shop>: ข้อความใหม่จาก<name> ใน<order> “…”", then the link).
    await tx.$executeRaw`
      UPDATE "OutboxMessage"
      SET "text" = ${site.shortName}::text || ': ข้อความใหม่ในคำสั่งซื้อ #' || split_part("batchKey", ':', 3)
        || E'\\n' || split_part("text", E'\\n', 2)
      WHERE "recipientId" <> ${userId} AND "batchKey" LIKE 'message:%'
        AND split_part("batchKey", ':', 3) IN
          (SELECT "id"::text FROM "Order" WHERE "buyerId" = ${userId} OR "sellerId" = ${userId})`;
  },
};

export const notificationRecords: PersonalRecordKind = {
  key: "notifications",
  title: "การแจ้งเตือน",
  async all(userId: number): Promise<unknown[]> {
    return db().notification.findMany({
      where: { userId },
      orderBy: { id: "asc" },
      select: { id: true, kind: true, orderId: true, text: true, count: true, createdAt: true, readAt: true },
    });
  },
  countSql: (userId: number) => Prisma.sql`(SELECT count(*) FROM "Notification" WHERE "userId" = ${userId})::int`,
  newestSql: (userId: number, take: number) =>
    jsonRows(
      Prisma.sql`SELECT "id", "text", ${isoMoment(Prisma.sql`"createdAt"`)} AS "createdAt"
      FROM "Notification" WHERE "userId" = ${userId} ORDER BY "id" DESC LIMIT ${take}`,
      Prisma.sql`"id" DESC`,
    ),
  lines: (rows: unknown[]): Line[] =>
    (rows as { text: string; createdAt: string }[]).map((row) => ({ at: new Date(row.createdAt), text: row.text })),
  async erase(tx: Tx, userId: number): Promise<void> {
    await tx.notification.deleteMany({ where: { userId } });
  },
};
