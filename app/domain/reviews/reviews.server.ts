import { keptWhileUnchanged } from "~/data/data-versions.server";
import { db, Prisma } from "~/data/db.server";
import { shopTotal } from "~/data/shop-totals.server";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { DomainError } from "~/domain/errors";
import { notify } from "~/domain/notifications/notify.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { type Page, pageWindow } from "~/lib/paging";
import {
  canEditReview,
  editableUntil,
  REVIEW_EDIT_DAYS,
  REVIEW_MESSAGES,
  REVIEWS_PAGE_SIZE,
  reviewerName,
} from "./review-rules";

/**
 * Reviews of tailors (issue 22): a completed order's buyer rates its tailor once (editable for 30
 * days), the tailor answers once, an admin hides one with a reason. Each write is one statement
 * guarded by the database: the order id is unique (a second review is a conflict), the answer and
 * the hiding are conditional updates (`where reply is null`, `where hiddenAt is null`).
 */

/** A review as pages and JSON calls show it. `hidden` only reaches its author, the tailor and admins. */
export interface ReviewView {
  id: number;
  orderId: number;
  rating: number;
  comment: string | null;
  /** The author as the public sees them: first name and an initial. */
  author: string;
  reply: string | null;
  repliedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  editableUntil: Date;
  hidden: { at: Date; reason: string | null } | null;
}

/** What a review's view reads (`toReviewView`): also the order page's one statement (orders/queries.server.ts). */
export const reviewSelect = {
  id: true,
  orderId: true,
  rating: true,
  comment: true,
  reply: true,
  repliedAt: true,
  hiddenAt: true,
  hiddenReason: true,
  createdAt: true,
  updatedAt: true,
  author: { select: { name: true } },
} satisfies Prisma.ReviewSelect;

type ReviewRow = Prisma.ReviewGetPayload<{ select: typeof reviewSelect }>;

/**
 * A review as anyone reads it on the public pages and `GET /api/merchants/{id}/reviews`: what the
 * review says, who wrote it (first name and initial) and when. Never the order it belongs to:
 * order ids are numbered in turn, so beside each review they would tell anyone a tailor's (and
 * the shop's) sales. Nor the edit window or the hiding, which only its author, the tailor and
 * admins read.
 */
export type PublicReview = Pick<
  ReviewView,
  "id" | "rating" | "comment" | "author" | "reply" | "repliedAt" | "createdAt" | "updatedAt"
>;

function toPublicReview(row: ReviewRow): PublicReview {
  const { id, rating, comment, author, reply, repliedAt, createdAt, updatedAt } = toReviewView(row);
  return { id, rating, comment, author, reply, repliedAt, createdAt, updatedAt };
}

export function toReviewView(row: ReviewRow): ReviewView {
  return {
    id: row.id,
    orderId: row.orderId,
    rating: row.rating,
    comment: row.comment,
    author: reviewerName(row.author.name),
    reply: row.reply,
    repliedAt: row.repliedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    editableUntil: editableUntil(row.createdAt),
    hidden: row.hiddenAt ? { at: row.hiddenAt, reason: row.hiddenReason } : null,
  };
}

/** The review of an order, for those who may see the order (the caller has checked). */
export async function reviewOfOrder(orderId: number): Promise<ReviewView | null> {
  const row = await db().review.findUnique({ where: { orderId }, select: reviewSelect });
  return row ? toReviewView(row) : null;
}

export interface ReviewInput {
  rating: number;
  comment: string;
}

/** The order as a review needs it: its buyer may review it once it is completed. */
async function reviewableOrder(orderId: number, buyerId: number) {
  const order = await db().order.findUnique({
    where: { id: orderId },
    select: { buyerId: true, sellerId: true, status: true },
  });
  if (!order) throw new DomainError("not_found", ORDER_MESSAGES.notFound);
  if (order.buyerId !== buyerId) throw new DomainError("forbidden", REVIEW_MESSAGES.notYours);
  if (order.status !== "completed" || order.sellerId === null)
    throw new DomainError("conflict", REVIEW_MESSAGES.notCompleted);
  return { sellerId: order.sellerId };
}

/** The buyer's first review of a completed order (a second is a conflict, however they race). */
export async function writeReview(orderId: number, buyerId: number, input: ReviewInput): Promise<ReviewView> {
  const { sellerId } = await reviewableOrder(orderId, buyerId);
  try {
    const row = await db().$transaction(async (tx) => {
      const created = await tx.review.create({
        data: {
          orderId,
          authorId: buyerId,
          merchantId: sellerId,
          rating: input.rating,
          comment: input.comment || null,
        },
        select: reviewSelect,
      });
      await notify(tx, { kind: "review_received", orderId, actorId: buyerId, rating: input.rating });
      return created;
    });
    return toReviewView(row);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      throw new DomainError("conflict", REVIEW_MESSAGES.already);
    throw error;
  }
}

/** Its author changes a review, within 30 days of writing it and while it is shown. */
export async function editReview(
  orderId: number,
  buyerId: number,
  input: ReviewInput,
  now = new Date(),
): Promise<ReviewView> {
  await reviewableOrder(orderId, buyerId);
  const review = await db().review.findUnique({ where: { orderId }, select: { createdAt: true, hiddenAt: true } });
  if (!review) throw new DomainError("not_found", REVIEW_MESSAGES.notFound);
  if (review.hiddenAt) throw new DomainError("conflict", REVIEW_MESSAGES.hiddenNoEdit);
  if (!canEditReview(review, now)) throw new DomainError("conflict", REVIEW_MESSAGES.editClosed);
  const { count } = await db().review.updateMany({
    where: {
      orderId,
      authorId: buyerId,
      hiddenAt: null,
      createdAt: { gte: new Date(now.getTime() - REVIEW_EDIT_DAYS * 86_400_000) },
    },
    data: { rating: input.rating, comment: input.comment || null },
  });
  if (count !== 1) throw new DomainError("conflict", REVIEW_MESSAGES.editClosed);
  return (await reviewOfOrder(orderId))!;
}

/** The order's tailor answers its review, once. */
export async function replyToReview(orderId: number, merchantId: number, reply: string): Promise<ReviewView> {
  const review = await db().review.findUnique({ where: { orderId }, select: { merchantId: true, reply: true } });
  if (!review) throw new DomainError("not_found", REVIEW_MESSAGES.notFound);
  if (review.merchantId !== merchantId) throw new DomainError("forbidden", REVIEW_MESSAGES.notTheTailor);
  await db().$transaction(async (tx) => {
    const { count } = await tx.review.updateMany({
      where: { orderId, merchantId, reply: null },
      data: { reply, repliedAt: new Date() },
    });
    if (count !== 1) throw new DomainError("conflict", REVIEW_MESSAGES.alreadyAnswered);
    await notify(tx, { kind: "review_answered", orderId, actorId: merchantId });
  });
  return (await reviewOfOrder(orderId))!;
}

/** An admin hides a review with a reason: recorded in the audit log in the same transaction. */
export async function hideReview(reviewId: number, admin: { id: number; name: string }, reason: string): Promise<void> {
  await db().$transaction(async (tx) => {
    const review = await tx.review.findUnique({ where: { id: reviewId }, select: { orderId: true } });
    if (!review) throw new DomainError("not_found", REVIEW_MESSAGES.notFound);
    const { count } = await tx.review.updateMany({
      where: { id: reviewId, hiddenAt: null },
      data: { hiddenAt: new Date(), hiddenReason: reason },
    });
    if (count !== 1) throw new DomainError("conflict", REVIEW_MESSAGES.alreadyHidden);
    await recordAudit(tx, {
      actor: admin,
      action: "review.hide",
      target: { type: "review", id: reviewId, label: `รีวิวของคำสั่งซื้อ #${review.orderId}` },
      changes: { hidden: { from: null, to: reason } },
    });
  });
}

export interface TailorRating {
  average: number;
  count: number;
}

/** The average and count of the shown reviews of each of these tailors (none: average 0, count 0). */
export async function ratingsOf(merchantIds: readonly number[]): Promise<Map<number, TailorRating>> {
  const ratings = new Map<number, TailorRating>(merchantIds.map((id) => [id, { average: 0, count: 0 }]));
  if (merchantIds.length === 0) return ratings;
  const groups = await db().review.groupBy({
    by: ["merchantId"],
    where: { merchantId: { in: [...merchantIds] }, hiddenAt: null },
    _avg: { rating: true },
    _count: { _all: true },
  });
  for (const group of groups) {
    ratings.set(group.merchantId, {
      average: Math.round((group._avg.rating ?? 0) * 10) / 10,
      count: group._count._all,
    });
  }
  return ratings;
}

/** The newest shown reviews of each of these tailors, `each` apiece (one statement, however many tailors). */
export async function latestReviewsOf(
  merchantIds: readonly number[],
  each: number,
): Promise<Map<number, PublicReview[]>> {
  const latest = new Map<number, PublicReview[]>(merchantIds.map((id) => [id, []]));
  if (merchantIds.length === 0) return latest;
  const picked = await db().$queryRaw<{ id: number }[]>`
    SELECT "id" FROM (
      SELECT "id", row_number() OVER (PARTITION BY "merchantId" ORDER BY "createdAt" DESC, "id" DESC) AS "rank"
      FROM "Review" WHERE "merchantId" IN (${Prisma.join([...merchantIds])}) AND "hiddenAt" IS NULL
    ) AS ranked WHERE "rank" <= ${each}`;
  const rows = await db().review.findMany({
    where: { id: { in: picked.map((row) => row.id) } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { ...reviewSelect, merchantId: true },
  });
  for (const row of rows) latest.get(row.merchantId)?.push(toPublicReview(row));
  return latest;
}

/**
 * A tailor's shown reviews, newest first, a page at a time, with the tailor's average. Kept while
 * what the public sees of the tailors is unchanged (app/data/data-versions.server.ts).
 */
export const listTailorReviews = keptWhileUnchanged("shops", readTailorReviews);

async function readTailorReviews(
  merchantId: number,
  page: number,
): Promise<{
  tailor: { id: number; name: string; shopName: string | null };
  rating: TailorRating;
  reviews: Page<PublicReview>;
}> {
  const tailor = await db().user.findFirst({
    where: { id: merchantId, roles: { has: "merchant" }, status: "active" },
    select: { id: true, name: true, shopName: true },
  });
  if (!tailor) throw new DomainError("not_found", REVIEW_MESSAGES.shopNotFound);
  const where = { merchantId, hiddenAt: null };
  const rating = (await ratingsOf([merchantId])).get(merchantId)!;
  const window = pageWindow(rating.count, page, REVIEWS_PAGE_SIZE);
  const rows = await db().review.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: window.skip,
    take: window.take,
    select: reviewSelect,
  });
  return {
    tailor,
    rating,
    reviews: { items: rows.map(toPublicReview), page: window.page, pageCount: window.pageCount, total: rating.count },
  };
}

/** Every review for the admin, newest first (hidden ones too, marked), a page at a time. */
export async function listReviewsForAdmin(page: number) {
  const total = await shopTotal("reviews");
  const window = pageWindow(total, page, 20);
  const rows = await db().review.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: window.skip,
    take: window.take,
    select: { ...reviewSelect, merchant: { select: { name: true, shopName: true } } },
  });
  return {
    items: rows.map((row) => ({ ...toReviewView(row), tailor: row.merchant.shopName ?? row.merchant.name })),
    page: window.page,
    pageCount: window.pageCount,
    total,
  };
}
