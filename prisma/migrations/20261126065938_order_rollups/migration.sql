-- CreateEnum
CREATE TYPE "OrderSide" AS ENUM ('buyer', 'seller');

-- AlterTable
ALTER TABLE "Design" ADD COLUMN     "orderCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "totalRevenue" DECIMAL(14,2) NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "OrderDayStat" (
    "day" DATE NOT NULL,
    "status" "OrderStatus" NOT NULL,
    "orders" INTEGER NOT NULL DEFAULT 0,
    "revenue" DECIMAL(14,2) NOT NULL DEFAULT 0,

    CONSTRAINT "OrderDayStat_pkey" PRIMARY KEY ("day","status")
);

-- CreateTable
CREATE TABLE "OrderPersonStat" (
    "personId" INTEGER NOT NULL,
    "side" "OrderSide" NOT NULL,
    "ordered" INTEGER NOT NULL DEFAULT 0,
    "accepted" INTEGER NOT NULL DEFAULT 0,
    "completed" INTEGER NOT NULL DEFAULT 0,
    "canceled" INTEGER NOT NULL DEFAULT 0,
    "total" DECIMAL(14,2) NOT NULL DEFAULT 0,

    CONSTRAINT "OrderPersonStat_pkey" PRIMARY KEY ("personId","side")
);

-- CreateIndex
CREATE INDEX "Design_orderCount_totalRevenue_id_idx" ON "Design"("orderCount" DESC, "totalRevenue" DESC, "id");

-- What the orders a statement changed count for (placed: any status but cart), by their Bangkok
-- day (of the order date, else the day it was made), their people and their design: minus what the
-- old rows counted for, plus what the new rows do, summed per key, so a change that moves no figure
-- (an address, a payment) writes nothing and a bulk statement costs three statements, not three per
-- row. Keys are written in order (days, then people, then designs), so two transactions lock the
-- rows in one order. One function for the three statement triggers below (transition tables need a
-- trigger per event): it reads the rows it has through EXECUTE.
CREATE FUNCTION "order_rollup_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text;
  columns text := '"status", "buyerId", "sellerId", "designId", COALESCE("totalPrice", 0) AS total, '
    || '(COALESCE("orderedAt", "createdAt") + interval ''7 hours'')::date AS day';
BEGIN
  IF TG_OP = 'INSERT' THEN
    source := 'SELECT 1 AS sign, ' || columns || ' FROM new_rows WHERE "status" <> ''cart''';
  ELSIF TG_OP = 'DELETE' THEN
    source := 'SELECT -1 AS sign, ' || columns || ' FROM old_rows WHERE "status" <> ''cart''';
  ELSE
    source := 'SELECT 1 AS sign, ' || columns || ' FROM new_rows WHERE "status" <> ''cart'' '
      || 'UNION ALL SELECT -1, ' || columns || ' FROM old_rows WHERE "status" <> ''cart''';
  END IF;

  EXECUTE 'WITH c AS (' || source || ')
    INSERT INTO "OrderDayStat" AS stat ("day", "status", "orders", "revenue")
    SELECT c.day, c.status, sum(c.sign)::integer, sum(c.sign * c.total)
    FROM c GROUP BY c.day, c.status
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.total) <> 0
    ORDER BY c.day, c.status
    ON CONFLICT ("day", "status") DO UPDATE
      SET "orders" = stat."orders" + excluded."orders", "revenue" = stat."revenue" + excluded."revenue"';

  EXECUTE 'WITH c AS (' || source || '),
    p AS (
      SELECT "buyerId" AS person, ''buyer''::"OrderSide" AS side, status, sign, total FROM c
      UNION ALL
      SELECT "sellerId", ''seller'', status, sign, total FROM c WHERE "sellerId" IS NOT NULL
    ),
    d AS (
      SELECT person, side,
             COALESCE(sum(sign) FILTER (WHERE status = ''ordered''), 0)::integer AS ordered,
             COALESCE(sum(sign) FILTER (WHERE status = ''accepted''), 0)::integer AS accepted,
             COALESCE(sum(sign) FILTER (WHERE status = ''completed''), 0)::integer AS completed,
             COALESCE(sum(sign) FILTER (WHERE status = ''canceled''), 0)::integer AS canceled,
             COALESCE(sum(sign * total) FILTER (WHERE status = ''completed''), 0) AS total
      FROM p GROUP BY person, side
    )
    INSERT INTO "OrderPersonStat" AS stat ("personId", "side", "ordered", "accepted", "completed", "canceled", "total")
    SELECT person, side, ordered, accepted, completed, canceled, total FROM d
    WHERE ordered <> 0 OR accepted <> 0 OR completed <> 0 OR canceled <> 0 OR total <> 0
    ORDER BY person, side
    ON CONFLICT ("personId", "side") DO UPDATE
      SET "ordered" = stat."ordered" + excluded."ordered",
          "accepted" = stat."accepted" + excluded."accepted",
          "completed" = stat."completed" + excluded."completed",
          "canceled" = stat."canceled" + excluded."canceled",
          "total" = stat."total" + excluded."total"';

  EXECUTE 'WITH c AS (' || source || '),
    x AS (
      SELECT "designId" AS design,
             COALESCE(sum(sign) FILTER (WHERE status <> ''canceled''), 0)::integer AS n,
             COALESCE(sum(sign * total) FILTER (WHERE status = ''completed''), 0) AS amount
      FROM c GROUP BY "designId"
    )
    UPDATE "Design" AS d
    SET "orderCount" = d."orderCount" + x.n, "totalRevenue" = d."totalRevenue" + x.amount
    FROM x WHERE d."id" = x.design AND (x.n <> 0 OR x.amount <> 0)';
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Order_rollup_insert" AFTER INSERT ON "Order"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_rollup_sync"();
CREATE TRIGGER "Order_rollup_update" AFTER UPDATE ON "Order"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_rollup_sync"();
CREATE TRIGGER "Order_rollup_delete" AFTER DELETE ON "Order"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_rollup_sync"();

-- Every figure again from the orders themselves: for the orders already here, after a bulk load
-- made with the trigger off (the benchmark's data set), and after TRUNCATE (no rows to follow).
CREATE FUNCTION "order_rollup_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "OrderDayStat";
  INSERT INTO "OrderDayStat" ("day", "status", "orders", "revenue")
  SELECT (COALESCE("orderedAt", "createdAt") + interval '7 hours')::date, "status", count(*), COALESCE(sum("totalPrice"), 0)
  FROM "Order" WHERE "status" <> 'cart' GROUP BY 1, 2;
  DELETE FROM "OrderPersonStat";
  INSERT INTO "OrderPersonStat" ("personId", "side", "ordered", "accepted", "completed", "canceled", "total")
  SELECT p.person, p.side,
         count(*) FILTER (WHERE p.status = 'ordered'), count(*) FILTER (WHERE p.status = 'accepted'),
         count(*) FILTER (WHERE p.status = 'completed'), count(*) FILTER (WHERE p.status = 'canceled'),
         COALESCE(sum(p.total) FILTER (WHERE p.status = 'completed'), 0)
  FROM (
    SELECT "buyerId" AS person, 'buyer'::"OrderSide" AS side, "status", "totalPrice" AS total FROM "Order" WHERE "status" <> 'cart'
    UNION ALL
    SELECT "sellerId", 'seller', "status", "totalPrice" FROM "Order" WHERE "status" <> 'cart' AND "sellerId" IS NOT NULL
  ) AS p
  GROUP BY p.person, p.side;
  UPDATE "Design" AS d SET "orderCount" = COALESCE(c.n, 0), "totalRevenue" = COALESCE(c.amount, 0)
  FROM "Design" AS x
  LEFT JOIN (
    SELECT "designId", count(*) FILTER (WHERE "status" <> 'canceled') AS n,
           sum("totalPrice") FILTER (WHERE "status" = 'completed') AS amount
    FROM "Order" WHERE "status" <> 'cart' GROUP BY "designId"
  ) AS c ON c."designId" = x."id"
  WHERE d."id" = x."id" AND (d."orderCount" <> COALESCE(c.n, 0) OR d."totalRevenue" <> COALESCE(c.amount, 0));
$$;

SELECT "order_rollup_rebuild"();

CREATE FUNCTION "order_rollup_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "order_rollup_rebuild"();
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Order_rollup_truncate" AFTER TRUNCATE ON "Order"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_rollup_reset"();
