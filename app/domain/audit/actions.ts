/**
 * What the audit log records (decision 51): the admin actions, people's own account closing
 * (PDPA, decision 52) and "forgot password" (each link asked for, each password set with one),
 * their Thai names for the page and the CSV, and the Thai names of the fields an entry's changes
 * name. Pure: shared by the server and the page.
 */

export const AUDIT_ACTIONS = [
  "user.create",
  "user.update",
  "user.password_reset",
  "user.delete",
  "design.approve",
  "design.reject",
  "order.status_override",
  "order.problem_close",
  "pricing.update_on_behalf",
  "account.delete",
  "account.erase",
  "account.password_reset_request",
  "account.password_reset",
  "review.hide",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "user.create": "เพิ่มผู้ใช้",
  "user.update": "แก้ไขผู้ใช้",
  "user.password_reset": "ตั้งรหัสผ่านใหม่",
  "user.delete": "ลบผู้ใช้",
  "design.approve": "อนุมัติแบบเสื้อ",
  "design.reject": "ไม่อนุมัติแบบเสื้อ",
  "order.status_override": "เปลี่ยนสถานะคำสั่งซื้อ",
  "order.problem_close": "ปิดเรื่องปัญหาคำสั่งซื้อ",
  "pricing.update_on_behalf": "แก้ราคาแทนช่าง",
  "account.delete": "เจ้าของบัญชีขอลบบัญชี (ลบแล้ว)",
  "account.erase": "เจ้าของบัญชีขอลบบัญชี (ลบข้อมูลส่วนตัว เก็บคำสั่งซื้อ)",
  "account.password_reset_request": "ขอลิงก์ตั้งรหัสผ่านใหม่ (ลืมรหัสผ่าน)",
  "account.password_reset": "เจ้าของบัญชีตั้งรหัสผ่านใหม่ด้วยลิงก์",
  "review.hide": "ซ่อนรีวิว",
};

export type AuditTargetType = "user" | "design" | "order" | "pricing" | "review";

export const AUDIT_TARGET_LABELS: Record<AuditTargetType, string> = {
  user: "ผู้ใช้",
  design: "แบบเสื้อ",
  order: "คำสั่งซื้อ",
  pricing: "ราคาลวดลายของช่าง",
  review: "รีวิว",
};

/** Field names as the admin reads them; a part's price is named by its sid. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  name: "ชื่อ",
  email: "อีเมล",
  phone: "เบอร์โทร",
  address: "ที่อยู่",
  roles: "บทบาท",
  status: "สถานะ",
  password: "รหัสผ่าน",
  shopName: "ชื่อร้าน",
  shopDetail: "คำอธิบายร้าน",
  shopPhoto: "รูปร้าน",
  showAddress: "แสดงที่อยู่ต่อสาธารณะ",
  // Why an admin canceled an order (issue 46): about the order, not personal, kept with its words.
  reason: "เหตุผล",
  // An admin's decision on a problem a buyer reported (issue 46), and its note: about the order.
  decision: "ผลการพิจารณา",
  note: "หมายเหตุ",
  sentBy: "ส่งลิงก์ทาง",
  sessionsEnded: "ออกจากระบบทุกเครื่อง",
};

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/**
 * { field: { from, to } }: what an entry says changed. A personal field (PERSONAL_FIELDS) is
 * recorded as `{}`: that it changed, never its values, so nothing about a person outlives their
 * account in a log nobody may change (decision 89).
 */
export type AuditChanges = Record<string, { from?: unknown; to?: unknown }>;

/** A person's own data: its values never go into the log, only that they changed. */
export const PERSONAL_FIELDS: ReadonlySet<string> = new Set([
  "name",
  "email",
  "phone",
  "address",
  "dob",
  "gender",
  "lineId",
  "facebookName",
  "shopName",
  "shopDetail",
  "shopPhoto",
  "showAddress",
  "promptpayId",
  "promptpayName",
  "password",
]);

/** The changes as the log keeps them: personal fields named, without their values. */
export function withoutPersonalValues(changes: AuditChanges): AuditChanges {
  return Object.fromEntries(
    Object.entries(changes).map(([field, change]) => [field, PERSONAL_FIELDS.has(field) ? {} : change]),
  );
}

/** How the log names a person it refers to: their name now, or the words for an account closed. */
export const CLOSED_ACCOUNT = "ผู้ใช้ที่ลบบัญชีแล้ว";

/** The fields whose values differ between two snapshots, as changes (equal arrays count as equal). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null)) {
      changes[field] = { from: before[field] ?? null, to: after[field] ?? null };
    }
  }
  return changes;
}

/** One line a person can read: "ชื่อ: ก → ข; สถานะ: active → inactive". */
export function describeChanges(changes: AuditChanges): string {
  const show = (value: unknown) =>
    value === null || value === undefined ? "-" : Array.isArray(value) ? value.join(", ") : String(value);
  return Object.entries(changes)
    .map(([field, { from, to }]) => {
      const label = AUDIT_FIELD_LABELS[field] ?? field;
      // A personal field: that it changed, not to what.
      if (from === undefined && to === undefined) return label;
      if (from === undefined) return `${label}: ${show(to)}`;
      if (to === undefined) return `${label}: ${show(from)}`;
      return `${label}: ${show(from)} → ${show(to)}`;
    })
    .join("; ");
}

/** A new record's fields, as changes ({ to } only). */
export function createdFields(after: Record<string, unknown>): AuditChanges {
  return Object.fromEntries(Object.entries(after).map(([field, to]) => [field, { to: to ?? null }]));
}

/** A removed record's fields, as changes ({ from } only). */
export function removedFields(before: Record<string, unknown>): AuditChanges {
  return Object.fromEntries(Object.entries(before).map(([field, from]) => [field, { from: from ?? null }]));
}
