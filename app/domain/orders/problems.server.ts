import { isUniqueViolation } from "~/data/database-errors.server";
import { db } from "~/data/db.server";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { lockShippedOrder } from "~/domain/delivery/receipt.server";
import { DomainError } from "~/domain/errors";
import { prepareSlipPhoto, type ReceivedPhoto } from "~/domain/images/store.server";
import { notify } from "~/domain/notifications/notify.server";
import { FINISHING_NEWS, finishingNewsText } from "~/domain/notifications/order-messages";
import { queueOrderMessage } from "~/domain/notifications/outbox.server";
import { type Page, pageWindow } from "~/lib/paging";
import { ORDER_MESSAGES } from "./messages";
import { PROBLEM_DECISION_LABELS, PROBLEM_MESSAGES, type ProblemDecisionName } from "./problems";

/**
 * Problems buyers report about a shipped order (issue 46), and the admin's decision that closes
 * each. The report, its photo (a private image, as a transfer slip is) and its order event are one
 * transaction; so are the decision, its event and its audit entry.
 */

export const problemPaths = {
  /** A problem's photo: the buyer, the tailor and admins only. */
  photo: (orderId: number) => `/api/orders/${orderId}/problem/photo`,
};

export interface ProblemView {
  reason: string;
  photoUrl: string | null;
  reportedAt: Date;
  closedAt: Date | null;
  decision: ProblemDecisionName | null;
  /** The decision in Thai (null while open). */
  decisionLabel: string | null;
  decisionNote: string | null;
}

/** What a problem's view reads (`toProblemView`): also the order page's one statement (queries.server.ts). */
export const problemSelect = {
  orderId: true,
  reason: true,
  photoId: true,
  reportedAt: true,
  closedAt: true,
  decision: true,
  decisionNote: true,
} as const;

export function toProblemView(row: {
  orderId: number;
  reason: string;
  photoId: number | null;
  reportedAt: Date;
  closedAt: Date | null;
  decision: ProblemDecisionName | null;
  decisionNote: string | null;
}): ProblemView {
  return {
    reason: row.reason,
    photoUrl: row.photoId ? problemPaths.photo(row.orderId) : null,
    reportedAt: row.reportedAt,
    closedAt: row.closedAt,
    decision: row.decision,
    decisionLabel: row.decision ? PROBLEM_DECISION_LABELS[row.decision] : null,
    decisionNote: row.decisionNote,
  };
}

/** Whether this order's buyer may report a problem now (the page's form; the report checks again under locks). */
export async function assertCanReport(orderId: number, buyerId: number): Promise<void> {
  const order = await db().order.findUnique({
    where: { id: orderId },
    select: {
      buyerId: true,
      status: true,
      delivery: { select: { receivedAt: true } },
      problem: { select: { id: true } },
    },
  });
  if (!order) throw new DomainError("not_found", ORDER_MESSAGES.notFound);
  if (order.buyerId !== buyerId) throw new DomainError("forbidden", ORDER_MESSAGES.forbidden);
  if (order.status === "canceled") throw new DomainError("conflict", PROBLEM_MESSAGES.canceled);
  if (order.problem) throw new DomainError("conflict", PROBLEM_MESSAGES.alreadyReported);
  if (!order.delivery || (order.status !== "accepted" && order.status !== "completed"))
    throw new DomainError("conflict", PROBLEM_MESSAGES.notShipped);
  if (order.delivery.receivedAt) throw new DomainError("conflict", PROBLEM_MESSAGES.alreadyReceived);
}

/**
 * The buyer reports a problem with a shipped order not yet received: its reason (checked words,
 * problems.ts) and, when given, a photo checked and re-encoded as a transfer slip is (content, size,
 * upright, no EXIF). One per order; it holds the automatic receipt until an admin closes it.
 */
export async function reportProblem(input: {
  orderId: number;
  buyerId: number;
  reason: string;
  photo: ReceivedPhoto | null;
}): Promise<ProblemView> {
  const { orderId, buyerId, reason } = input;
  // The order is checked before the photo is worked on, and again under the locks.
  await assertCanReport(orderId, buyerId);
  const picture = input.photo ? await prepareSlipPhoto(input.photo) : null;
  try {
    return await db().$transaction(async (tx) => {
      const { order, check } = await lockShippedOrder(tx, orderId, PROBLEM_MESSAGES);
      if (order.buyerId !== buyerId) throw new DomainError("forbidden", ORDER_MESSAGES.forbidden);
      check();
      const photo = picture
        ? await tx.storedImage.create({
            data: {
              contentType: picture.contentType,
              bytes: picture.bytes,
              width: picture.width,
              height: picture.height,
              sha256: picture.sha256,
              private: true,
            },
            select: { id: true },
          })
        : null;
      const row = await tx.orderProblem.create({
        data: { orderId, reason, photoId: photo?.id ?? null },
        select: problemSelect,
      });
      const event = await tx.orderEvent.create({
        data: { orderId, kind: "problem", note: reason, actorId: buyerId, actorRole: "user" },
        select: { id: true },
      });
      await queueOrderMessage(tx, {
        eventId: event.id,
        orderId,
        audiences: ["tailor"],
        text: (audience, baseUrl) =>
          finishingNewsText({ orderId, headline: FINISHING_NEWS.problem.tailor, note: reason, audience, baseUrl }),
      });
      await notify(tx, { kind: "problem", orderId, actorId: buyerId, reason });
      return toProblemView(row);
    });
  } catch (error) {
    // Two reports at once: the order's one problem is the first.
    if (isUniqueViolation(error)) throw new DomainError("conflict", PROBLEM_MESSAGES.alreadyReported);
    throw error;
  }
}

/** The photo of an order's problem, for its buyer, its tailor or an admin (private, never cached by others). */
export async function problemPhoto(orderId: number, viewer: { id: number; roles: readonly string[] }) {
  const order = await db().order.findUnique({
    where: { id: orderId },
    select: {
      buyerId: true,
      sellerId: true,
      problem: { select: { photo: { select: { contentType: true, bytes: true } } } },
    },
  });
  if (!order) throw new DomainError("not_found", ORDER_MESSAGES.notFound);
  const allowed = order.buyerId === viewer.id || order.sellerId === viewer.id || viewer.roles.includes("admin");
  if (!allowed) throw new DomainError("forbidden", ORDER_MESSAGES.forbidden);
  if (!order.problem?.photo) throw new DomainError("not_found", PROBLEM_MESSAGES.noPhoto);
  return order.problem.photo;
}

export interface OpenProblemRow extends ProblemView {
  id: number;
  orderId: number;
  buyerName: string;
  tailorName: string | null;
}

export const PROBLEMS_PAGE_SIZE = 20;

/** The open problems, oldest first (the one waiting longest on top), a page at a time. */
export async function listOpenProblems(page: number): Promise<Page<OpenProblemRow>> {
  const where = { closedAt: null };
  const total = await db().orderProblem.count({ where });
  const { page: current, pageCount, skip, take } = pageWindow(total, page, PROBLEMS_PAGE_SIZE);
  const rows = await db().orderProblem.findMany({
    where,
    orderBy: [{ reportedAt: "asc" }, { id: "asc" }],
    skip,
    take,
    select: {
      ...problemSelect,
      id: true,
      order: {
        select: { buyer: { select: { name: true } }, seller: { select: { name: true, shopName: true } } },
      },
    },
  });
  return {
    items: rows.map((row) => ({
      ...toProblemView(row),
      id: row.id,
      orderId: row.orderId,
      buyerName: row.order.buyer.name,
      tailorName: row.order.seller ? (row.order.seller.shopName ?? row.order.seller.name) : null,
    })),
    page: current,
    pageCount,
    total,
  };
}

/**
 * An admin closes an open problem with a decision (refund due, remake, nothing more) and a note:
 * one conditional update (a second close finds it closed: 409), the order's event, LINE messages to
 * both sides and the audit entry, in one transaction.
 */
export async function closeProblem(input: {
  problemId: number;
  admin: { id: number; name: string };
  decision: ProblemDecisionName;
  note: string;
}): Promise<void> {
  const { problemId, admin, decision } = input;
  const note = input.note || null;
  await db().$transaction(async (tx) => {
    const problem = await tx.orderProblem.findUnique({ where: { id: problemId }, select: { orderId: true } });
    if (!problem) throw new DomainError("not_found", PROBLEM_MESSAGES.notFound);
    const { count } = await tx.orderProblem.updateMany({
      where: { id: problemId, closedAt: null },
      data: { closedAt: new Date(), decision, decisionNote: note },
    });
    if (count !== 1) throw new DomainError("conflict", PROBLEM_MESSAGES.alreadyClosed);
    const { orderId } = problem;
    const label = PROBLEM_DECISION_LABELS[decision];
    const said = note ? `${label}: ${note}` : label;
    const event = await tx.orderEvent.create({
      data: { orderId, kind: "problem_closed", note: said, actorId: admin.id, actorRole: "admin" },
      select: { id: true },
    });
    await queueOrderMessage(tx, {
      eventId: event.id,
      orderId,
      audiences: ["customer", "tailor"],
      text: (audience, baseUrl) =>
        finishingNewsText({
          orderId,
          headline: FINISHING_NEWS.problemClosed[audience],
          note: `ผลการพิจารณา: ${said}`,
          audience,
          baseUrl,
        }),
    });
    await notify(tx, { kind: "problem_closed", orderId, actorId: admin.id, said });
    await recordAudit(tx, {
      actor: admin,
      action: "order.problem_close",
      target: { type: "order", id: orderId, label: `คำสั่งซื้อ #${orderId}` },
      changes: { decision: { to: label }, ...(note ? { note: { to: note } } : {}) },
    });
  });
}
