-- Audit entries name people by id and keep what was done, never a person's values (decision 89).
-- Entries written before this were given names, e-mails, phones and addresses; they are redacted
-- here, the one change the append-only rule allows, and only in this migration: the trigger that
-- refuses every UPDATE is set aside for this statement and put back in the same transaction.
ALTER TABLE "AuditEntry" DISABLE TRIGGER "AuditEntry_no_update_or_delete";

UPDATE "AuditEntry" SET
  "actorName" = CASE WHEN "actorId" IS NULL THEN "actorName" ELSE '' END,
  "targetLabel" = CASE
    WHEN "targetId" IS NULL THEN "targetLabel"
    WHEN "targetType" = 'user' THEN 'ผู้ใช้ #' || "targetId"
    WHEN "targetType" = 'pricing' THEN 'ราคาของช่าง #' || "targetId"
    WHEN "targetType" = 'design' THEN 'แบบเสื้อ #' || "targetId"
    ELSE "targetLabel"
  END,
  "changes" = COALESCE(
    (SELECT jsonb_object_agg(
        field,
        CASE WHEN field IN ('name', 'email', 'phone', 'address', 'dob', 'gender', 'lineId', 'facebookName',
                            'shopName', 'shopDetail', 'promptpayId', 'promptpayName', 'password')
             THEN '{}'::jsonb ELSE change END)
       FROM jsonb_each("changes") AS each_change(field, change)),
    '{}'::jsonb);

ALTER TABLE "AuditEntry" ENABLE TRIGGER "AuditEntry_no_update_or_delete";
