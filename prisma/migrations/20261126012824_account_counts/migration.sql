-- CreateTable
CREATE TABLE "AccountCount" (
    "role" "Role" NOT NULL,
    "active" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "AccountCount_pkey" PRIMARY KEY ("role")
);

-- CreateIndex
CREATE INDEX "User_roles_idx" ON "User" USING GIN ("roles");

-- Start from the accounts already there: one row per role, zero included.
INSERT INTO "AccountCount" ("role", "active")
SELECT r.role, (SELECT count(*) FROM "User" u WHERE u."status" = 'active' AND r.role = ANY (u."roles"))
FROM unnest(enum_range(NULL::"Role")) AS r(role);

-- Each row's change: minus what the old row counted for, plus what the new one does. Roles are
-- visited in their enum order, so two transactions lock the counter rows in the same order and
-- cannot deadlock on them; a change that moves no count (a name, a password) touches no row.
CREATE FUNCTION "account_count_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counted_role "Role";
  change integer;
BEGIN
  FOREACH counted_role IN ARRAY enum_range(NULL::"Role") LOOP
    change := 0;
    IF TG_OP <> 'INSERT' AND OLD."status" = 'active' AND counted_role = ANY (OLD."roles") THEN
      change := change - 1;
    END IF;
    IF TG_OP <> 'DELETE' AND NEW."status" = 'active' AND counted_role = ANY (NEW."roles") THEN
      change := change + 1;
    END IF;
    IF change <> 0 THEN
      UPDATE "AccountCount" SET "active" = "active" + change WHERE "role" = counted_role;
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "User_account_count" AFTER INSERT OR DELETE OR UPDATE OF "roles", "status" ON "User"
  FOR EACH ROW EXECUTE FUNCTION "account_count_sync"();

-- TRUNCATE passes no rows: every count is zero afterwards.
CREATE FUNCTION "account_count_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "AccountCount" SET "active" = 0;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "User_account_count_truncate" AFTER TRUNCATE ON "User"
  FOR EACH STATEMENT EXECUTE FUNCTION "account_count_reset"();
