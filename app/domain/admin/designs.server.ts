import { db, type Prisma } from "~/data/db.server";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { DomainError } from "~/domain/errors";
import { designImageUrl } from "~/domain/images/urls";
import { notify } from "~/domain/notifications/notify.server";
import { type Page, pageWindow } from "~/lib/paging";
import { REJECT_REASON_MAX } from "./design-labels";
import { ADMIN_MESSAGES } from "./messages";

/**
 * The admin's approval of tailors' uploaded sample designs (spec section 4): a pending design
 * becomes approved (shown as the shop's popular design) or rejected (never shown).
 */

export const DESIGN_NOT_FOUND = "ไม่พบแบบเสื้อ";
export const DESIGN_NOT_PENDING = "แบบเสื้อนี้ได้รับการพิจารณาไปแล้ว";

export { DESIGN_TYPE_LABELS } from "./design-labels";

export interface PendingDesign {
  id: number;
  image: string;
  type: "design" | "upload";
  price: number | null;
  status: "pending";
  shopName: string | null;
  ownerId: number | null;
  createdAt: Date;
}

/** The JSON call's list (the spec's array, oldest first). */
const PENDING_LIMIT = 200;
/** Rows to a page of the admin's table. */
export const PENDING_PAGE_SIZE = 20;

const pendingSelect = {
  id: true,
  imageId: true,
  type: true,
  price: true,
  ownerId: true,
  createdAt: true,
  owner: { select: { name: true } },
} as const;
const firstComeFirst = [{ createdAt: "asc" as const }, { id: "asc" as const }];

function toPendingDesign(row: Prisma.DesignGetPayload<{ select: typeof pendingSelect }>): PendingDesign {
  return {
    id: row.id,
    image: designImageUrl(row),
    type: row.type,
    price: row.price === null ? null : Number(row.price),
    status: "pending" as const,
    // The spec's "shop name" column is the owner's name.
    shopName: row.owner?.name ?? null,
    ownerId: row.ownerId,
    createdAt: row.createdAt,
  };
}

/** Designs awaiting approval, oldest first (first come, first served). */
export async function listPendingDesigns(): Promise<PendingDesign[]> {
  const rows = await db().design.findMany({
    where: { status: "pending" },
    orderBy: firstComeFirst,
    take: PENDING_LIMIT,
    select: pendingSelect,
  });
  return rows.map(toPendingDesign);
}

/** One page of the designs awaiting approval, oldest first: the admin's table. */
export async function pendingDesignsPage(page: number): Promise<Page<PendingDesign>> {
  const total = await db().design.count({ where: { status: "pending" } });
  const window = pageWindow(total, page, PENDING_PAGE_SIZE);
  const rows = await db().design.findMany({
    where: { status: "pending" },
    orderBy: firstComeFirst,
    skip: window.skip,
    take: window.take,
    select: pendingSelect,
  });
  return { items: rows.map(toPendingDesign), page: window.page, pageCount: window.pageCount, total };
}

/** A design still awaiting approval (the table's dialogs), or null. */
export async function findPendingDesign(id: number): Promise<PendingDesign | null> {
  const row = await db().design.findFirst({ where: { id, status: "pending" }, select: pendingSelect });
  return row ? toPendingDesign(row) : null;
}

export type DesignDecision = "approve" | "reject";

/**
 * Why a design is not approved, as the admin typed it: trimmed, at most 500 characters, none when
 * left empty. Anything but text is bad input.
 */
export function rejectReasonOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") throw new DomainError("bad_input", ADMIN_MESSAGES.rejectReasonNotText);
  const reason = value.trim();
  if (reason.length > REJECT_REASON_MAX) throw new DomainError("bad_input", ADMIN_MESSAGES.rejectReasonTooLong);
  return reason || null;
}

/**
 * One conditional update: only a design still pending changes, so two admins cannot both decide.
 * A rejection keeps its reason (the tailor reads it beside the design); an approval clears any.
 */
export async function decideDesign(
  id: number,
  decision: DesignDecision,
  actor: { id: number; name: string },
  reason: string | null = null,
): Promise<{ id: number; status: "approved" | "rejected"; rejectReason: string | null }> {
  const status = decision === "approve" ? "approved" : "rejected";
  const rejectReason = decision === "reject" ? reason : null;
  return db().$transaction(async (tx) => {
    const { count } = await tx.design.updateMany({ where: { id, status: "pending" }, data: { status, rejectReason } });
    if (count === 0) {
      const exists = await tx.design.findUnique({ where: { id }, select: { id: true } });
      throw exists ? new DomainError("conflict", DESIGN_NOT_PENDING) : new DomainError("not_found", DESIGN_NOT_FOUND);
    }
    await recordAudit(tx, {
      actor,
      action: decision === "approve" ? "design.approve" : "design.reject",
      target: {
        type: "design",
        id,
        label: `แบบเสื้อ #${id}`,
      },
      changes: {
        status: { from: "pending", to: status },
        ...(rejectReason ? { rejectReason: { to: rejectReason } } : {}),
      },
    });
    await notify(tx, { kind: "design", designId: id, approved: status === "approved", reason: rejectReason });
    return { id, status, rejectReason };
  });
}
