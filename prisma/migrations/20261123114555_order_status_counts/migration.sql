-- CreateTable
CREATE TABLE "OrderStatusCount" (
    "status" "OrderStatus" NOT NULL,
    "orders" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "OrderStatusCount_pkey" PRIMARY KEY ("status")
);

-- Start from the orders already there: one row per status, zero included.
INSERT INTO "OrderStatusCount" ("status", "orders")
SELECT s.status, (SELECT count(*) FROM "Order" o WHERE o."status" = s.status)
FROM unnest(enum_range(NULL::"OrderStatus")) AS s(status);

-- Adds each statement's net change per status. One function for the three statement triggers
-- below (transition tables need one trigger per event). Statuses are upserted in their enum
-- order, so two transactions lock the counter rows in the same order and cannot deadlock on them;
-- an update that changes no status (price, tailor, address) touches no counter row at all.
CREATE FUNCTION "order_status_count_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  statuses "OrderStatus"[];
  amounts integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(d.status ORDER BY d.status), array_agg(d.n ORDER BY d.status) INTO statuses, amounts
    FROM (SELECT "status" AS status, count(*)::integer AS n FROM new_rows GROUP BY "status") AS d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(d.status ORDER BY d.status), array_agg(d.n ORDER BY d.status) INTO statuses, amounts
    FROM (SELECT "status" AS status, -count(*)::integer AS n FROM old_rows GROUP BY "status") AS d;
  ELSE
    SELECT array_agg(d.status ORDER BY d.status), array_agg(d.n ORDER BY d.status) INTO statuses, amounts
    FROM (
      SELECT c.status, sum(c.n)::integer AS n
      FROM (SELECT "status" AS status, 1 AS n FROM new_rows UNION ALL SELECT "status", -1 FROM old_rows) AS c
      GROUP BY c.status
      HAVING sum(c.n) <> 0
    ) AS d;
  END IF;
  IF statuses IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO "OrderStatusCount" AS counter ("status", "orders")
  SELECT d.status, d.n FROM unnest(statuses, amounts) WITH ORDINALITY AS d(status, n, position) ORDER BY d.position
  ON CONFLICT ("status") DO UPDATE SET "orders" = counter."orders" + excluded."orders";
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Order_status_count_insert" AFTER INSERT ON "Order"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_status_count_sync"();
CREATE TRIGGER "Order_status_count_update" AFTER UPDATE ON "Order"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_status_count_sync"();
CREATE TRIGGER "Order_status_count_delete" AFTER DELETE ON "Order"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_status_count_sync"();

-- TRUNCATE has no transition table: every count is zero afterwards.
CREATE FUNCTION "order_status_count_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "OrderStatusCount" SET "orders" = 0;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Order_status_count_truncate" AFTER TRUNCATE ON "Order"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_status_count_reset"();
