-- CreateTable
CREATE TABLE "AuditEntry" (
    "id" SERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorId" INTEGER,
    "actorName" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetId" INTEGER,
    "targetLabel" TEXT NOT NULL,
    "changes" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "AuditEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AuditEntry_at_id_idx" ON "AuditEntry"("at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "AuditEntry_action_at_idx" ON "AuditEntry"("action", "at" DESC);

-- CreateIndex
CREATE INDEX "AuditEntry_actorId_at_idx" ON "AuditEntry"("actorId", "at" DESC);

-- CreateIndex
CREATE INDEX "AuditEntry_targetType_targetId_idx" ON "AuditEntry"("targetType", "targetId");

-- Written by hand: the audit log is append-only. Nothing the shop runs (a bug, a script, an admin
-- page) can change or remove an entry; only a database owner dropping this trigger could.
CREATE FUNCTION "audit_entry_is_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit entries cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER "AuditEntry_no_update_or_delete"
  BEFORE UPDATE OR DELETE ON "AuditEntry"
  FOR EACH ROW EXECUTE FUNCTION "audit_entry_is_append_only"();

CREATE TRIGGER "AuditEntry_no_truncate"
  BEFORE TRUNCATE ON "AuditEntry"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_entry_is_append_only"();
