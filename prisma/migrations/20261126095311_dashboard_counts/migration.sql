-- CreateTable
CREATE TABLE "ShopTotal" (
    "key" TEXT NOT NULL,
    "n" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ShopTotal_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "Order_orderedAt_createdAt_id_idx" ON "Order"("orderedAt" DESC, "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "OrderPersonStat_side_completed_idx" ON "OrderPersonStat"("side", "completed" DESC);
-- Start from the rows already there.
INSERT INTO "ShopTotal" ("key", "n") VALUES
  ('designs', (SELECT count(*) FROM "Design")),
  ('users', (SELECT count(*) FROM "User"));

-- One statement's rows at a time (transition tables), so a bulk insert or delete costs one update,
-- and a statement that inserts or deletes nothing writes nothing.
-- The key is the trigger's argument. The statements are EXECUTEd: each trigger brings its own
-- transition table, and a plan kept from another trigger's would read the wrong one.
CREATE FUNCTION "shop_total_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE 'UPDATE "ShopTotal" AS t SET "n" = t."n" + c.n FROM (SELECT count(*) AS n FROM new_rows) AS c
    WHERE t."key" = $1 AND c.n <> 0' USING TG_ARGV[0];
  RETURN NULL;
END;
$$;

CREATE FUNCTION "shop_total_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE 'UPDATE "ShopTotal" AS t SET "n" = t."n" - c.n FROM (SELECT count(*) AS n FROM old_rows) AS c
    WHERE t."key" = $1 AND c.n <> 0' USING TG_ARGV[0];
  RETURN NULL;
END;
$$;

-- TRUNCATE passes no rows: the count is zero afterwards.
CREATE FUNCTION "shop_total_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ShopTotal" SET "n" = 0 WHERE "key" = TG_ARGV[0];
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Design_total_insert" AFTER INSERT ON "Design"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "shop_total_insert"('designs');
CREATE TRIGGER "Design_total_delete" AFTER DELETE ON "Design"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "shop_total_delete"('designs');
CREATE TRIGGER "Design_total_truncate" AFTER TRUNCATE ON "Design"
  FOR EACH STATEMENT EXECUTE FUNCTION "shop_total_reset"('designs');
CREATE TRIGGER "User_total_insert" AFTER INSERT ON "User"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "shop_total_insert"('users');
CREATE TRIGGER "User_total_delete" AFTER DELETE ON "User"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "shop_total_delete"('users');
CREATE TRIGGER "User_total_truncate" AFTER TRUNCATE ON "User"
  FOR EACH STATEMENT EXECUTE FUNCTION "shop_total_reset"('users');
