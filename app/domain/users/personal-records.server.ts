import { db, Prisma } from "~/data/db.server";
import { isoMoment, jsonRows } from "~/data/json-columns.server";
import {
  formatBoth,
  MEASUREMENT_INFO,
  MEASUREMENTS,
  type Measurements,
  UNIT_WORDS,
  type Unit,
} from "~/domain/measurements/measurements";
import { listProfiles } from "~/domain/measurements/profiles.server";
import { notificationRecords, orderMessageRecords } from "~/domain/messages/personal-records.server";
import { problemPaths } from "~/domain/orders/problems.server";
import { paymentPaths } from "~/domain/payments/payments.server";
import { bankName } from "~/domain/payments/slip-qr";
import type { PersonalRecordKind } from "~/domain/personal-record";

/**
 * What a person leaves in the shop beside their account and their orders: measurements, transfer
 * slips, problem reports, reviews and the replies a tailor wrote to them, order messages and
 * notifications (decision 107). One list, read by the three jobs that must agree on it: the
 * download and the page (`./personal-data.server`) and erasure (`./close-account.server`). A new
 * kind of personal record (`~/domain/personal-record`) is one entry here, and all three take it;
 * the privacy notice (app/routes/shop/privacy.tsx) says it in words. Order messages and
 * notifications (issue 48) joined this way, from their own module.
 */

const measurements: PersonalRecordKind = {
  key: "measurements",
  title: "สัดส่วนร่างกาย",
  note: "คำสั่งซื้อที่ตัดตามสัดส่วนเก็บสำเนาสัดส่วนของคุณไว้กับคำสั่งซื้อนั้นด้วย (อยู่ในไฟล์ที่ดาวน์โหลด)",
  all: (userId) => listProfiles(userId),
  countSql: (userId) => Prisma.sql`(SELECT count(*) FROM "MeasurementProfile" WHERE "userId" = ${userId})::int`,
  newestSql: (userId, take) =>
    jsonRows(
      Prisma.sql`SELECT "id", "name", "unit"::text AS "unit", ${Prisma.join(
        MEASUREMENTS.map((name) => Prisma.sql`${Prisma.raw(`"${name}"`)}::float8 AS ${Prisma.raw(`"${name}"`)}`),
      )}, ${isoMoment(Prisma.sql`"updatedAt"`)} AS "updatedAt", ${isoMoment(Prisma.sql`"createdAt"`)} AS "createdAt"
      FROM "MeasurementProfile" WHERE "userId" = ${userId}
      ORDER BY "updatedAt" DESC, "createdAt", "id" LIMIT ${take}`,
      Prisma.sql`"updatedAt" DESC, "createdAt", "id"`,
    ),
  lines: (rows) =>
    (rows as ({ name: string; unit: Unit; updatedAt: string } & Measurements)[]).map((profile) => ({
      at: new Date(profile.updatedAt),
      text: `${profile.name} (${UNIT_WORDS[profile.unit]}) · ${MEASUREMENTS.map(
        (name) => `${MEASUREMENT_INFO[name].label} ${formatBoth(profile[name], profile.unit)}`,
      ).join(" · ")}`,
    })),
  async erase(tx, userId) {
    await tx.measurementProfile.deleteMany({ where: { userId } });
  },
};

/** A buyer's slips: the payment of each of their orders that has one. */
const ownSlip = (userId: number) => ({ order: { buyerId: userId }, slipImageId: { not: null } });

const slips: PersonalRecordKind = {
  key: "slips",
  title: "สลิปโอนเงิน",
  note: "รูปสลิปที่คุณส่งให้ช่างตัด ซึ่งมักมีชื่อและเลขบัญชีบางส่วนของผู้โอน ธนาคาร จำนวนเงิน วันเวลา และเลขอ้างอิงการโอน",
  async all(userId) {
    const rows = await db().orderPayment.findMany({
      where: ownSlip(userId),
      orderBy: { orderId: "asc" },
      select: {
        orderId: true,
        slipSentAt: true,
        status: true,
        slipBankCode: true,
        slipReference: true,
        depositSlipImageId: true,
      },
    });
    return rows.map(({ depositSlipImageId, ...row }) => ({
      ...row,
      url: paymentPaths.slip(row.orderId),
      // The confirmed deposit's slip, when the balance's has taken the current slip's place.
      depositSlipUrl: depositSlipImageId ? paymentPaths.depositSlip(row.orderId) : null,
    }));
  },
  countSql: (userId) => Prisma.sql`(SELECT count(*) FROM "OrderPayment" p JOIN "Order" o ON o.id = p."orderId"
    WHERE o."buyerId" = ${userId} AND p."slipImageId" IS NOT NULL)::int`,
  newestSql: (userId, take) =>
    jsonRows(
      Prisma.sql`SELECT p."orderId", ${isoMoment(Prisma.sql`p."slipSentAt"`)} AS "slipSentAt",
        ${isoMoment(Prisma.sql`p."updatedAt"`)} AS "updatedAt", p."slipBankCode", p."slipReference"
      FROM "OrderPayment" p JOIN "Order" o ON o.id = p."orderId"
      WHERE o."buyerId" = ${userId} AND p."slipImageId" IS NOT NULL
      ORDER BY p."orderId" DESC LIMIT ${take}`,
      Prisma.sql`"orderId" DESC`,
    ),
  lines: (rows) =>
    (
      rows as {
        orderId: number;
        slipSentAt: string | null;
        updatedAt: string;
        slipBankCode: string | null;
        slipReference: string | null;
      }[]
    ).map((row) => ({
      at: new Date(row.slipSentAt ?? row.updatedAt),
      text: `สลิปของคำสั่งซื้อ #${row.orderId}${row.slipReference ? ` · ${bankName(row.slipBankCode) ?? "ธนาคาร"} เลขอ้างอิง ${row.slipReference}` : ""}`,
      href: paymentPaths.slip(row.orderId),
    })),
  async erase(tx, userId) {
    // The pictures go (the payment's state stays for the tailor): they are rows, no file holds them.
    // The QR's bank code and reference stay with the payment (and UsedSlip): a bank's transaction
    // number, kept so the same slip can never pay twice (issue 49).
    const ofTheirOrders = { some: { order: { buyerId: userId } } };
    await tx.storedImage.deleteMany({
      where: { OR: [{ payments: ofTheirOrders }, { depositPayments: ofTheirOrders }] },
    });
  },
};

/** What an erased buyer's problem report says instead of their words (the admin's decision stays). */
export const ERASED_PROBLEM_REASON = "ข้อความนี้ถูกลบพร้อมบัญชีผู้ใช้";

/** A buyer's reports of a problem with a shipped order (issue 46): their words and their photo. */
const problems: PersonalRecordKind = {
  key: "problemReports",
  title: "ปัญหาที่คุณแจ้ง",
  note: "เหตุผลและรูปที่คุณแนบเมื่อแจ้งปัญหากับคำสั่งซื้อ",
  async all(userId) {
    const rows = await db().orderProblem.findMany({
      where: { order: { buyerId: userId } },
      orderBy: { id: "asc" },
      select: { orderId: true, reason: true, photoId: true, reportedAt: true, closedAt: true, decision: true },
    });
    return rows.map(({ photoId, ...row }) => ({ ...row, photoUrl: photoId ? problemPaths.photo(row.orderId) : null }));
  },
  countSql: (userId) => Prisma.sql`(SELECT count(*) FROM "OrderProblem" p JOIN "Order" o ON o.id = p."orderId"
    WHERE o."buyerId" = ${userId})::int`,
  newestSql: (userId, take) =>
    jsonRows(
      Prisma.sql`SELECT pr."id", pr."orderId", pr."reason", pr."photoId", ${isoMoment(Prisma.sql`pr."reportedAt"`)} AS "reportedAt"
      FROM "OrderProblem" pr JOIN "Order" o ON o.id = pr."orderId"
      WHERE o."buyerId" = ${userId} ORDER BY pr."id" DESC LIMIT ${take}`,
      Prisma.sql`"id" DESC`,
    ),
  lines: (rows) =>
    (rows as { orderId: number; reason: string; photoId: number | null; reportedAt: string }[]).map((row) => ({
      at: new Date(row.reportedAt),
      text: `คำสั่งซื้อ #${row.orderId} · “${row.reason}”${row.photoId ? " · มีรูปแนบ" : ""}`,
      ...(row.photoId ? { href: problemPaths.photo(row.orderId) } : {}),
    })),
  async erase(tx, userId) {
    // The photo and the words go; that a problem was reported and the admin's decision stay.
    await tx.storedImage.deleteMany({ where: { problems: { some: { order: { buyerId: userId } } } } });
    await tx.orderProblem.updateMany({
      where: { order: { buyerId: userId } },
      data: { reason: ERASED_PROBLEM_REASON },
    });
  },
};

const reviews: PersonalRecordKind = {
  key: "reviewsWritten",
  title: "รีวิวที่คุณเขียน",
  all: (userId) =>
    db().review.findMany({
      where: { authorId: userId },
      orderBy: { id: "asc" },
      select: {
        orderId: true,
        rating: true,
        comment: true,
        reply: true,
        hiddenAt: true,
        createdAt: true,
        updatedAt: true,
      },
    }),
  countSql: (userId) => Prisma.sql`(SELECT count(*) FROM "Review" WHERE "authorId" = ${userId})::int`,
  newestSql: (userId, take) =>
    jsonRows(
      Prisma.sql`SELECT "id", "orderId", "rating", "comment", ${isoMoment(Prisma.sql`"hiddenAt"`)} AS "hiddenAt",
        ${isoMoment(Prisma.sql`"createdAt"`)} AS "createdAt"
      FROM "Review" WHERE "authorId" = ${userId} ORDER BY "id" DESC LIMIT ${take}`,
      Prisma.sql`"id" DESC`,
    ),
  lines: (rows) =>
    (
      rows as { orderId: number; rating: number; comment: string | null; hiddenAt: string | null; createdAt: string }[]
    ).map((row) => ({
      at: new Date(row.createdAt),
      text: `คำสั่งซื้อ #${row.orderId} · ${row.rating} ดาว${row.comment ? ` · “${row.comment}”` : ""}${
        row.hiddenAt ? " · ซ่อนโดยผู้ดูแลระบบ" : ""
      }`,
    })),
  async erase(tx, userId) {
    // What they wrote of tailors is theirs: it goes with them (the tailors' averages follow).
    await tx.review.deleteMany({ where: { authorId: userId } });
  },
};

/** A tailor's answers to reviews of their shop: their words; the buyer's review is the buyer's. */
const replies: PersonalRecordKind = {
  key: "reviewReplies",
  title: "คำตอบรีวิวของร้านคุณ",
  all: (userId) =>
    db().review.findMany({
      where: { merchantId: userId, reply: { not: null } },
      orderBy: { id: "asc" },
      select: { orderId: true, reply: true, repliedAt: true },
    }),
  countSql: (userId) =>
    Prisma.sql`(SELECT count(*) FROM "Review" WHERE "merchantId" = ${userId} AND "reply" IS NOT NULL)::int`,
  newestSql: (userId, take) =>
    jsonRows(
      Prisma.sql`SELECT "id", "orderId", "reply", ${isoMoment(Prisma.sql`"repliedAt"`)} AS "repliedAt",
        ${isoMoment(Prisma.sql`"updatedAt"`)} AS "updatedAt"
      FROM "Review" WHERE "merchantId" = ${userId} AND "reply" IS NOT NULL ORDER BY "id" DESC LIMIT ${take}`,
      Prisma.sql`"id" DESC`,
    ),
  lines: (rows) =>
    (rows as { orderId: number; reply: string; repliedAt: string | null; updatedAt: string }[]).map((row) => ({
      at: new Date(row.repliedAt ?? row.updatedAt),
      text: `คำสั่งซื้อ #${row.orderId} · “${row.reply}”`,
    })),
  async erase(tx, userId) {
    await tx.review.updateMany({
      where: { merchantId: userId, reply: { not: null } },
      data: { reply: null, repliedAt: null },
    });
  },
};

/** Every kind, in the order the page and the download show them. */
export const PERSONAL_RECORDS: readonly PersonalRecordKind[] = [
  measurements,
  slips,
  problems,
  reviews,
  replies,
  // An order's messages and the notifications (issue 48).
  orderMessageRecords,
  notificationRecords,
];
