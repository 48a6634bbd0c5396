import { db } from "~/data/db.server";
import type { Prisma } from "~/data/generated/client";
import { startOfBangkokDay } from "~/domain/statistics/periods";
import { type AuditAction, type AuditChanges, type AuditTargetType, isAuditAction } from "./actions";

/**
 * The admin audit log (decision 51). `recordAudit` takes the transaction of the change itself, so
 * an entry exists exactly when the change was committed. The table refuses UPDATE, DELETE and
 * TRUNCATE (a trigger in its migration): entries are only ever added.
 */

export interface AuditRecord {
  actor: { id: number; name: string };
  action: AuditAction;
  target: { type: AuditTargetType; id: number | null; label: string };
  /** The changed fields only; never a password or its hash. */
  changes?: AuditChanges;
}

export async function recordAudit(tx: Prisma.TransactionClient, record: AuditRecord): Promise<void> {
  await tx.auditEntry.create({
    data: {
      actorId: record.actor.id,
      actorName: record.actor.name,
      action: record.action,
      targetType: record.target.type,
      targetId: record.target.id,
      targetLabel: record.target.label,
      changes: (record.changes ?? {}) as Prisma.InputJsonValue,
    },
  });
}

export const AUDIT_PAGE_SIZE = 50;

/** The page's filters, read from its address (anything unreadable is no filter). */
export interface AuditFilters {
  action: AuditAction | null;
  actorId: number | null;
  targetType: AuditTargetType | null;
  targetId: number | null;
  /** Bangkok calendar days, "YYYY-MM-DD", both included. */
  from: string | null;
  to: string | null;
}

const TARGET_TYPES: readonly AuditTargetType[] = ["user", "design", "order", "pricing"];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function auditFiltersOf(params: URLSearchParams): AuditFilters {
  const id = (name: string) => {
    const value = Number(params.get(name) ?? "");
    return Number.isSafeInteger(value) && value >= 1 && value <= 2_147_483_647 ? value : null;
  };
  const day = (name: string) => {
    const value = params.get(name) ?? "";
    return DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : null;
  };
  const action = params.get("action");
  const targetType = params.get("targetType");
  return {
    action: isAuditAction(action) ? action : null,
    actorId: id("actorId"),
    targetType: TARGET_TYPES.includes(targetType as AuditTargetType) ? (targetType as AuditTargetType) : null,
    targetId: id("targetId"),
    from: day("from"),
    to: day("to"),
  };
}

function whereOf(filters: AuditFilters): Prisma.AuditEntryWhereInput {
  const at: Prisma.DateTimeFilter = {};
  if (filters.from) at.gte = startOfBangkokDay(filters.from);
  if (filters.to) at.lt = new Date(startOfBangkokDay(filters.to).getTime() + 24 * 60 * 60 * 1000);
  return {
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.actorId ? { actorId: filters.actorId } : {}),
    ...(filters.targetType ? { targetType: filters.targetType } : {}),
    ...(filters.targetId ? { targetId: filters.targetId } : {}),
    ...(filters.from || filters.to ? { at } : {}),
  };
}

/** A stored entry as the database gives it back. */
type AuditEntryRecord = Prisma.AuditEntryGetPayload<object>;

export type AuditEntryRow = Awaited<ReturnType<typeof listAuditEntries>>["entries"][number];

/** One page of entries, newest first, with the count of all that match. */
export async function listAuditEntries(filters: AuditFilters, page: number) {
  const where = whereOf(filters);
  const total = await db().auditEntry.count({ where });
  const pageCount = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const entries = await db().auditEntry.findMany({
    where,
    orderBy: [{ at: "desc" }, { id: "desc" }],
    skip: (current - 1) * AUDIT_PAGE_SIZE,
    take: AUDIT_PAGE_SIZE,
  });
  return {
    entries: entries.map((entry) => ({ ...entry, changes: entry.changes as AuditChanges })),
    total,
    page: current,
    pageCount,
  };
}

/** The admins who appear in the log, for the actor filter. */
export async function auditActors(): Promise<{ id: number; name: string }[]> {
  const rows = await db().auditEntry.findMany({
    where: { actorId: { not: null } },
    distinct: ["actorId"],
    select: { actorId: true, actorName: true },
    orderBy: [{ actorId: "asc" }, { at: "desc" }],
    take: 200,
  });
  return rows.map((row) => ({ id: row.actorId!, name: row.actorName }));
}

/** Every matching entry, newest first, a batch at a time (the CSV export: never the whole log in memory). */
export async function* auditEntriesInBatches(filters: AuditFilters, batchSize = 1000) {
  const where = whereOf(filters);
  let after: { at: Date; id: number } | null = null;
  for (;;) {
    const batch: AuditEntryRecord[] = await db().auditEntry.findMany({
      where: after
        ? { AND: [where, { OR: [{ at: { lt: after.at } }, { at: after.at, id: { lt: after.id } }] }] }
        : where,
      orderBy: [{ at: "desc" }, { id: "desc" }],
      take: batchSize,
    });
    if (batch.length === 0) return;
    for (const entry of batch) yield { ...entry, changes: entry.changes as AuditChanges };
    const last = batch[batch.length - 1]!;
    after = { at: last.at, id: last.id };
    if (batch.length < batchSize) return;
  }
}
