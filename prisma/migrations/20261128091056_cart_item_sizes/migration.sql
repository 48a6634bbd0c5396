-- The size an item is cut to belongs to the item: a tailor's shop design is bought by many
-- customers, each in their own size. Items and orders made before take their design's size (the
-- size the tailor's work sheet showed them); items whose design has none stay without one, and
-- the cart asks for it before they can be placed.
ALTER TABLE "Order" ADD COLUMN     "sizeId" TEXT;

-- One cart line per buyer, design, tailor and size (decision 35, now with the size): two sizes of
-- the same shop design are two lines; the same size added again still grows its line.
CREATE OR REPLACE FUNCTION "order_cart_line"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."cartLine" := CASE
    WHEN NEW."status" = 'cart' AND NEW."sellerId" IS NOT NULL
      THEN NEW."buyerId" || ':' || NEW."designId" || ':' || NEW."sellerId" || ':' || COALESCE(NEW."sizeId", '')
  END;
  RETURN NEW;
END;
$$;

-- The trigger names each line again as the rows are written (no "updatedAt" moves: a cart page
-- already open stays valid). Adding the size can only split lines, never merge two.
UPDATE "Order" o SET "sizeId" = d."sizeId" FROM "Design" d WHERE d."id" = o."designId" AND d."sizeId" IS NOT NULL;
UPDATE "Order" SET "cartLine" = NULL WHERE "status" = 'cart' AND "sellerId" IS NOT NULL;
