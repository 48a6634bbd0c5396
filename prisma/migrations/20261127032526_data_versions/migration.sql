-- What the public sees of the tailors (the silk shops, a shop's page and reviews, the tailor choice,
-- GET /api/public/merchants) is read on every visit and changes a few times a day. Each app process
-- keeps what it read while this version stays the same (app/data/data-versions.server.ts); the
-- database raises it in the transaction of every change that shows there, so nothing stale is kept.

-- CreateTable
CREATE TABLE "DataVersion" (
    "area" TEXT NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,
    "raisedIn" BIGINT,

    CONSTRAINT "DataVersion_pkey" PRIMARY KEY ("area")
);

INSERT INTO "DataVersion" ("area") VALUES ('shops');

-- Raises an area's version once per transaction, however many of its rows the transaction changed.
-- Called at commit (deferred constraint triggers): the version row is locked only while the
-- transaction commits, after all its statements, so a transaction holding it waits for nothing
-- and two transactions cannot deadlock over it.
CREATE FUNCTION "data_version_raise"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "DataVersion" SET "version" = "version" + 1, "raisedIn" = txid_current()
  WHERE "area" = TG_ARGV[0] AND "raisedIn" IS DISTINCT FROM txid_current();
  RETURN NULL;
END $$;

-- Tailors (their contact details, whether their shop is open) and anyone's name (the author of a review).
-- A customer signing up or editing their address raises nothing.
CREATE CONSTRAINT TRIGGER "User_shops_version_insert" AFTER INSERT ON "User"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW."roles" @> ARRAY['merchant']::"Role"[])
  EXECUTE FUNCTION "data_version_raise"('shops');
CREATE CONSTRAINT TRIGGER "User_shops_version_update" AFTER UPDATE ON "User"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (
    OLD."name" IS DISTINCT FROM NEW."name"
    OR ((OLD."roles" @> ARRAY['merchant']::"Role"[] OR NEW."roles" @> ARRAY['merchant']::"Role"[])
      AND (OLD."shopName", OLD."shopDetail", OLD."phone", OLD."email", OLD."address", OLD."lineId",
           OLD."shopImageId", OLD."roles", OLD."status")
        IS DISTINCT FROM (NEW."shopName", NEW."shopDetail", NEW."phone", NEW."email", NEW."address", NEW."lineId",
           NEW."shopImageId", NEW."roles", NEW."status"))
  )
  EXECUTE FUNCTION "data_version_raise"('shops');
CREATE CONSTRAINT TRIGGER "User_shops_version_delete" AFTER DELETE ON "User"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."roles" @> ARRAY['merchant']::"Role"[])
  EXECUTE FUNCTION "data_version_raise"('shops');

-- Designs on sale (approved and priced). A customer's design for the cart raises nothing, nor does
-- an order adding to a design's counts.
CREATE CONSTRAINT TRIGGER "Design_shops_version_insert" AFTER INSERT ON "Design"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW."status" = 'approved' AND NEW."price" > 0)
  EXECUTE FUNCTION "data_version_raise"('shops');
CREATE CONSTRAINT TRIGGER "Design_shops_version_update" AFTER UPDATE ON "Design"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (
    ((OLD."status" = 'approved' AND OLD."price" > 0) OR (NEW."status" = 'approved' AND NEW."price" > 0))
    AND (OLD."status", OLD."price", OLD."ownerId", OLD."imageId", OLD."baseId", OLD."createdAt")
      IS DISTINCT FROM (NEW."status", NEW."price", NEW."ownerId", NEW."imageId", NEW."baseId", NEW."createdAt")
  )
  EXECUTE FUNCTION "data_version_raise"('shops');
CREATE CONSTRAINT TRIGGER "Design_shops_version_delete" AFTER DELETE ON "Design"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."status" = 'approved' AND OLD."price" > 0)
  EXECUTE FUNCTION "data_version_raise"('shops');

-- Part prices (the tailor choice ranks and quotes by them: a price saved again unchanged raises
-- nothing) and reviews (every change).
CREATE CONSTRAINT TRIGGER "PartPrice_shops_version" AFTER INSERT OR DELETE ON "PartPrice"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION "data_version_raise"('shops');
CREATE CONSTRAINT TRIGGER "PartPrice_shops_version_update" AFTER UPDATE ON "PartPrice"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."merchantId", OLD."patternSid", OLD."price") IS DISTINCT FROM (NEW."merchantId", NEW."patternSid", NEW."price"))
  EXECUTE FUNCTION "data_version_raise"('shops');
CREATE CONSTRAINT TRIGGER "Review_shops_version" AFTER INSERT OR DELETE ON "Review"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION "data_version_raise"('shops');
CREATE CONSTRAINT TRIGGER "Review_shops_version_update" AFTER UPDATE ON "Review"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION "data_version_raise"('shops');

-- TRUNCATE has no row triggers (and no deferred ones): raised at once.
CREATE TRIGGER "User_shops_version_truncate" AFTER TRUNCATE ON "User"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_raise"('shops');
CREATE TRIGGER "Design_shops_version_truncate" AFTER TRUNCATE ON "Design"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_raise"('shops');
CREATE TRIGGER "PartPrice_shops_version_truncate" AFTER TRUNCATE ON "PartPrice"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_raise"('shops');
CREATE TRIGGER "Review_shops_version_truncate" AFTER TRUNCATE ON "Review"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_raise"('shops');
