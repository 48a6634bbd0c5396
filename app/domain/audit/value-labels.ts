import { ROLE_LABELS, STATUS_LABELS as USER_STATUS_LABELS } from "~/domain/admin/user-labels";
import { STATUS_INFO } from "~/domain/orders/state-machine";
import { type AuditChanges, type AuditTargetType, describeChanges } from "./actions";

/**
 * The values an entry records, in the words the admin pages use: an order's, an account's or a
 * design's status, an account's roles, yes and no. The log keeps the codes ("ordered",
 * "inactive"); the page and the CSV read them in Thai. Pure.
 */

const DESIGN_STATUS_LABELS: Record<string, string> = {
  pending: "รอผู้ดูแลอนุมัติ",
  approved: "อนุมัติแล้ว",
  rejected: "ไม่ผ่านการอนุมัติ",
};

const ORDER_STATUS_LABELS: Record<string, string> = Object.fromEntries(
  Object.entries(STATUS_INFO).map(([status, info]) => [status, info.adminLabel]),
);

function statusLabels(targetType: string): Record<string, string> {
  if (targetType === "order") return ORDER_STATUS_LABELS;
  if (targetType === "design") return DESIGN_STATUS_LABELS;
  return USER_STATUS_LABELS;
}

/** One recorded value as a person reads it (a code without a Thai name stays as it is). */
export function auditValueLabel(targetType: string, field: string, value: unknown): unknown {
  if (typeof value === "boolean") return value ? "ใช่" : "ไม่";
  if (field === "roles" && Array.isArray(value))
    return value.map((role) => ROLE_LABELS[role as keyof typeof ROLE_LABELS] ?? role);
  if (field === "status" && typeof value === "string") return statusLabels(targetType)[value] ?? value;
  return value;
}

/**
 * An entry's changes in one line, its values in Thai: "สถานะ: รอช่างรับงาน → ยกเลิก". `kind` is
 * the entry's target type, or its action's first word ("order.status_override": order), which
 * names the same thing; "account" and anything else read as an account's.
 */
export function describeEntryChanges(kind: AuditTargetType | string, changes: AuditChanges): string {
  const targetType = kind === "order" || kind === "design" ? kind : "user";
  const read = (field: string, value: unknown) =>
    value === undefined ? undefined : auditValueLabel(targetType, field, value);
  return describeChanges(
    Object.fromEntries(
      Object.entries(changes).map(([field, change]) => [
        field,
        {
          ...("from" in change ? { from: read(field, change.from) } : {}),
          ...("to" in change ? { to: read(field, change.to) } : {}),
        },
      ]),
    ),
  );
}
