-- Every order change added to the same few count rows (one per status; one per Bangkok day and
-- status), and a row written stays locked until its transaction ends: under load every placed or
-- accepted order waited in line for the one before it to commit. Each database connection now adds
-- to its own slot of a count (its backend's pid modulo 16: the same connection, the same slot); a
-- count is the sum of its slots, as its readers add them up.

-- AlterTable
ALTER TABLE "OrderDayStat" DROP CONSTRAINT "OrderDayStat_pkey",
ADD COLUMN     "slot" INTEGER NOT NULL DEFAULT 0,
ADD CONSTRAINT "OrderDayStat_pkey" PRIMARY KEY ("day", "status", "slot");

-- AlterTable
ALTER TABLE "OrderStatusCount" DROP CONSTRAINT "OrderStatusCount_pkey",
ADD COLUMN     "slot" INTEGER NOT NULL DEFAULT 0,
ADD CONSTRAINT "OrderStatusCount_pkey" PRIMARY KEY ("status", "slot");

CREATE OR REPLACE FUNCTION "order_status_count_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  INSERT INTO "OrderStatusCount" AS counter ("status", "slot", "orders")
  SELECT d.status, pg_backend_pid() % 16, d.n
  FROM unnest(statuses, amounts) WITH ORDINALITY AS d(status, n, position) ORDER BY d.position
  ON CONFLICT ("status", "slot") DO UPDATE SET "orders" = counter."orders" + excluded."orders";
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION "order_rollup_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    INSERT INTO "OrderDayStat" AS stat ("day", "status", "slot", "orders", "revenue")
    SELECT c.day, c.status, pg_backend_pid() % 16, sum(c.sign)::integer, sum(c.sign * c.total)
    FROM c GROUP BY c.day, c.status
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.total) <> 0
    ORDER BY c.day, c.status
    ON CONFLICT ("day", "status", "slot") DO UPDATE
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
