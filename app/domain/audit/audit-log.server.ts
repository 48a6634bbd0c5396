import { db } from "~/data/db.server";
import type { Prisma } from "~/data/generated/client";
import { startOfBangkokDay } from "~/domain/statistics/periods";
import { parseThaiDay } from "~/lib/thai-date-input";
import {
  type AuditAction,
  type AuditChanges,
  type AuditTargetType,
  CLOSED_ACCOUNT,
  isAuditAction,
  withoutPersonalValues,
} from "./actions";

/**
 * The admin audit log (decision 51). `recordAudit` takes the transaction of the change itself, so
 * an entry exists exactly when the change was committed. The table refuses UPDATE, DELETE and
 * TRUNCATE (a trigger in its migration): entries are only ever added.
 *
 * An entry names people by id only, and keeps what was done, not a person's values (decision 89):
 * what it shows of a person is read when it is shown (`withNames`), so once their account is
 * closed the log says "ผู้ใช้ที่ลบบัญชีแล้ว" and holds nothing of them.
 */

export interface AuditRecord {
  /** Who did it: a person (by id; `name` is not kept), or the shop itself (id null, its name kept). */
  actor: { id: number | null; name: string };
  action: AuditAction;
  target: { type: AuditTargetType; id: number | null; label: string };
  /** The changed fields only; a person's own fields are kept without their values (withoutPersonalValues). */
  changes?: AuditChanges;
}

export async function recordAudit(tx: Prisma.TransactionClient, record: AuditRecord): Promise<void> {
  await tx.auditEntry.create({
    data: {
      actorId: record.actor.id,
      // A person is named by id (their name is read when the entry is shown); the shop itself by name.
      actorName: record.actor.id === null ? record.actor.name : "",
      action: record.action,
      targetType: record.target.type,
      targetId: record.target.id,
      targetLabel: record.target.label,
      changes: withoutPersonalValues(record.changes ?? {}) as Prisma.InputJsonValue,
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
  /** Bangkok calendar days, "YYYY-MM-DD", both included (typed as "28/11/2569": app/lib/thai-date-input.ts). */
  from: string | null;
  to: string | null;
}

const TARGET_TYPES: readonly AuditTargetType[] = ["user", "design", "order", "pricing"];

export function auditFiltersOf(params: URLSearchParams): AuditFilters {
  const id = (name: string) => {
    const value = Number(params.get(name) ?? "");
    return Number.isSafeInteger(value) && value >= 1 && value <= 2_147_483_647 ? value : null;
  };
  // Typed as day/month/Buddhist-era year (the page's fields), or ISO (older links).
  const day = (name: string) => parseThaiDay(params.get(name));
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
    entries: await withNames(entries),
    total,
    page: current,
    pageCount,
  };
}

/** The admins who appear in the log, for the actor filter (named as they are now). */
export async function auditActors(): Promise<{ id: number; name: string }[]> {
  const rows = await db().auditEntry.findMany({
    where: { actorId: { not: null } },
    distinct: ["actorId"],
    select: { actorId: true },
    orderBy: { actorId: "asc" },
    take: 200,
  });
  const names = await namesOf(rows.map((row) => row.actorId!));
  return rows.map((row) => ({ id: row.actorId!, name: names.get(row.actorId!) ?? CLOSED_ACCOUNT }));
}

/** The names of these people now (an erased account's name is CLOSED_ACCOUNT; a deleted one has none). */
async function namesOf(ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const people = await db().user.findMany({
    where: { id: { in: [...new Set(ids)] } },
    select: { id: true, name: true },
  });
  return new Map(people.map((person) => [person.id, person.name]));
}

/** Targets that are a person: a user, or a tailor's prices. */
const PERSON_TARGETS: ReadonlySet<string> = new Set(["user", "pricing"]);

/**
 * Entries as they are shown: the actor named as they are now (or as a closed account), and a
 * target that is a person with their name beside its label.
 */
async function withNames(entries: readonly AuditEntryRecord[]) {
  const people = entries.flatMap((entry) => [
    ...(entry.actorId !== null ? [entry.actorId] : []),
    ...(entry.targetId !== null && PERSON_TARGETS.has(entry.targetType) ? [entry.targetId] : []),
  ]);
  const names = await namesOf(people);
  return entries.map((entry) => ({
    ...entry,
    actorName: entry.actorId === null ? entry.actorName : (names.get(entry.actorId) ?? CLOSED_ACCOUNT),
    targetLabel:
      entry.targetId !== null && PERSON_TARGETS.has(entry.targetType)
        ? `${entry.targetLabel} · ${names.get(entry.targetId) ?? CLOSED_ACCOUNT}`
        : entry.targetLabel,
    changes: entry.changes as AuditChanges,
  }));
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
    yield* await withNames(batch);
    const last = batch[batch.length - 1]!;
    after = { at: last.at, id: last.id };
    if (batch.length < batchSize) return;
  }
}
