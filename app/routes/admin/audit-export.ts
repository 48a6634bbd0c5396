import { requireUser } from "~/auth/guards.server";
import { AUDIT_ACTION_LABELS, AUDIT_TARGET_LABELS, type AuditTargetType, isAuditAction } from "~/domain/audit/actions";
import { auditEntriesInBatches, auditFiltersOf } from "~/domain/audit/audit-log.server";
import { describeEntryChanges } from "~/domain/audit/value-labels";
import { bangkokDate } from "~/domain/statistics/periods";
import { CSV_BOM, csvRow } from "~/lib/csv";
import { formatThaiDateTime } from "~/lib/format";
import { logger } from "~/lib/logger.server";
import type { Route } from "./+types/audit-export";

/**
 * GET /admin/manage/audit/export: the audit log with the page's filters, as CSV (app/lib/csv.ts).
 * Streamed a batch at a time, newest first, so a log of any size never sits in memory whole.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, { roles: "admin" });
  const filters = auditFiltersOf(new URL(request.url).searchParams);
  const encoder = new TextEncoder();
  const entries = auditEntriesInBatches(filters);
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(
          encoder.encode(
            CSV_BOM +
              csvRow([
                "รหัส",
                "เวลา",
                "เวลา (ISO)",
                "ผู้ดูแลระบบ",
                "รหัสผู้ดูแล",
                "การกระทำ",
                "ประเภท",
                "รหัสเรื่อง",
                "เรื่อง",
                "การเปลี่ยนแปลง",
              ]),
          ),
        );
        return;
      }
      try {
        // A few hundred rows per pull keep the stream moving without one write per row.
        let chunk = "";
        for (let rows = 0; rows < 200; rows++) {
          const next = await entries.next();
          if (next.done) {
            if (chunk) controller.enqueue(encoder.encode(chunk));
            controller.close();
            return;
          }
          const entry = next.value;
          chunk += csvRow([
            entry.id,
            formatThaiDateTime(entry.at),
            entry.at.toISOString(),
            entry.actorName,
            entry.actorId,
            isAuditAction(entry.action) ? AUDIT_ACTION_LABELS[entry.action] : entry.action,
            AUDIT_TARGET_LABELS[entry.targetType as AuditTargetType] ?? entry.targetType,
            entry.targetId,
            entry.targetLabel,
            describeEntryChanges(entry.targetType, entry.changes),
          ]);
        }
        controller.enqueue(encoder.encode(chunk));
      } catch (error) {
        // The answer has started: it can only stop short. The log says why.
        logger().error({ err: error }, "The audit log export failed part way");
        controller.error(error);
      }
    },
    async cancel() {
      await entries.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="audit-log-${bangkokDate(new Date())}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
