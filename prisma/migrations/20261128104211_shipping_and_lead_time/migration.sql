-- Shipping and lead time (issue 45). Each tailor charges a shipping fee per order (whole baht, 0 to
-- 1,000) and says how many days the tailoring takes (1 to 90). Existing tailors start at 50 baht
-- and 7 days: 50 baht is about what a registered parcel of one shirt costs with Thailand Post or a
-- private carrier, and a week is what the demo tailors' sewing took; both are shown on the pricing
-- page, where a tailor changes them in one save.
ALTER TABLE "User" ADD COLUMN     "leadTimeDays" INTEGER NOT NULL DEFAULT 7,
ADD COLUMN     "shippingFee" INTEGER NOT NULL DEFAULT 50;

-- The domain checks the bounds with a Thai message; the database refuses anything else all the same.
ALTER TABLE "User" ADD CONSTRAINT "User_shippingFee_range" CHECK ("shippingFee" BETWEEN 0 AND 1000),
ADD CONSTRAINT "User_leadTimeDays_range" CHECK ("leadTimeDays" BETWEEN 1 AND 90);

-- The fee an order is sent for, frozen when it is placed (its totalPrice then includes it). Orders
-- placed before were priced and paid without one: 0, and their totals stay as they are. Cart items
-- keep null until placed.
ALTER TABLE "Order" ADD COLUMN     "shippingFee" DECIMAL(10,2);
UPDATE "Order" SET "shippingFee" = 0 WHERE "orderedAt" IS NOT NULL;

-- The tailor choice and GET /api/public/merchants now show the fee, the lead time and whether the
-- tailor takes PromptPay: a change of those raises the "shops" version too (migration data_versions),
-- so no process keeps showing the old values.
DROP TRIGGER "User_shops_version_update" ON "User";
CREATE CONSTRAINT TRIGGER "User_shops_version_update" AFTER UPDATE ON "User"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (
    OLD."name" IS DISTINCT FROM NEW."name"
    OR ((OLD."roles" @> ARRAY['merchant']::"Role"[] OR NEW."roles" @> ARRAY['merchant']::"Role"[])
      AND (OLD."shopName", OLD."shopDetail", OLD."phone", OLD."email", OLD."address", OLD."lineId",
           OLD."shopImageId", OLD."roles", OLD."status", OLD."shippingFee", OLD."leadTimeDays",
           OLD."promptpayId" IS NULL)
        IS DISTINCT FROM (NEW."shopName", NEW."shopDetail", NEW."phone", NEW."email", NEW."address", NEW."lineId",
           NEW."shopImageId", NEW."roles", NEW."status", NEW."shippingFee", NEW."leadTimeDays",
           NEW."promptpayId" IS NULL))
  )
  EXECUTE FUNCTION "data_version_raise"('shops');
