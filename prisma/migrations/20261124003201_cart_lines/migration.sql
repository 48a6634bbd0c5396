-- One cart line per buyer, design and tailor (decision 35). "cartLine" names the line while the
-- order is a cart item with a tailor and is null otherwise; a unique index on it lets adding to
-- the cart be one upsert, so parallel adds grow one line instead of making several.
ALTER TABLE "Order" ADD COLUMN     "cartLine" TEXT;

-- Kept by the database on every insert and update (a status change, a tailor chosen), so no
-- code path can forget it.
CREATE FUNCTION "order_cart_line"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."cartLine" := CASE
    WHEN NEW."status" = 'cart' AND NEW."sellerId" IS NOT NULL
      THEN NEW."buyerId" || ':' || NEW."designId" || ':' || NEW."sellerId"
  END;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "order_cart_line" BEFORE INSERT OR UPDATE ON "Order"
  FOR EACH ROW EXECUTE FUNCTION "order_cart_line"();

-- Lines that parallel adds split before this migration are merged into their oldest row
-- (quantity added up to the cart's limit of 999, total recomputed); the others are removed.
WITH lines AS (
  SELECT "id",
         first_value("id") OVER w AS "keep",
         sum("quantity") OVER (PARTITION BY "buyerId", "designId", "sellerId") AS "together"
  FROM "Order"
  WHERE "status" = 'cart' AND "sellerId" IS NOT NULL
  WINDOW w AS (PARTITION BY "buyerId", "designId", "sellerId" ORDER BY "createdAt", "id")
), merged AS (
  UPDATE "Order" o
  SET "quantity" = LEAST(l."together", 999),
      "totalPrice" = o."unitPrice" * LEAST(l."together", 999)
  FROM lines l
  WHERE o."id" = l."id" AND l."id" = l."keep" AND l."together" <> o."quantity"
)
DELETE FROM "Order" o USING lines l WHERE o."id" = l."id" AND l."id" <> l."keep";

UPDATE "Order" SET "cartLine" = "buyerId" || ':' || "designId" || ':' || "sellerId"
WHERE "status" = 'cart' AND "sellerId" IS NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "Order_cartLine_key" ON "Order"("cartLine");
