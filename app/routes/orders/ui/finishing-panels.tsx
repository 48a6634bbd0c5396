import { formatThaiDateTime } from "~/lib/format";

/**
 * The end of an order (issue 46): the reported problem with the admin's decision, as both sides
 * read it. (The buyer's "ได้รับสินค้าแล้ว" or "มีปัญหากับคำสั่งซื้อ" is in buyer-panels.tsx: only
 * the customer's page draws it.)
 */

export interface ProblemData {
  reason: string;
  photoUrl: string | null;
  reportedAt: Date | string;
  closedAt: Date | string | null;
  decisionLabel: string | null;
  decisionNote: string | null;
}

/** A problem the buyer reported: what, when, the photo, and the admin's decision once closed. */
export function ProblemNote({ problem }: { problem: ProblemData }) {
  return (
    <section
      aria-labelledby="problem-heading"
      data-testid="problem-note"
      className="rounded-2xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200"
    >
      <h2 id="problem-heading" className="font-semibold">
        {problem.closedAt ? "ปัญหาที่ลูกค้าแจ้ง: พิจารณาแล้ว" : "ลูกค้าแจ้งปัญหา: ผู้ดูแลระบบกำลังตรวจสอบ"}
      </h2>
      <p className="mt-1 break-words">
        {problem.reason} <span className="text-amber-800">({formatThaiDateTime(problem.reportedAt)})</span>
      </p>
      {problem.photoUrl ? (
        <a
          href={problem.photoUrl}
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-11 items-center font-semibold underline"
        >
          ดูรูปภาพที่แนบ
        </a>
      ) : null}
      {problem.closedAt ? (
        <p data-testid="problem-decision" className="mt-1 font-semibold break-words">
          ผลการพิจารณา: {problem.decisionLabel}
          {problem.decisionNote ? ` (${problem.decisionNote})` : ""}
        </p>
      ) : null}
    </section>
  );
}
