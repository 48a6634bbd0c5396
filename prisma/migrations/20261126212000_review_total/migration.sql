-- The admin's review list counted every review on each page it showed: the count is kept
-- beside the other whole-table counts (migration dashboard_counts), by the same triggers.
INSERT INTO "ShopTotal" ("key", "n") VALUES ('reviews', (SELECT count(*) FROM "Review"))
  ON CONFLICT ("key") DO UPDATE SET "n" = EXCLUDED."n";

CREATE TRIGGER "Review_total_insert" AFTER INSERT ON "Review"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "shop_total_insert"('reviews');
CREATE TRIGGER "Review_total_delete" AFTER DELETE ON "Review"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "shop_total_delete"('reviews');
CREATE TRIGGER "Review_total_truncate" AFTER TRUNCATE ON "Review"
  FOR EACH STATEMENT EXECUTE FUNCTION "shop_total_reset"('reviews');
