-- A shop of one's own (issue 46). A tailor writes their shop's name, a description (up to 500
-- characters) and a photo (shopName, shopDetail, shopImageId: already there), and chooses whether
-- their address is shown to the public. The address on an account is where the tailor's own
-- parcels go; until now the silk shops showed it to everyone without saying so. It is hidden
-- unless the tailor chooses to show it, existing tailors included: they can show it again on
-- /merchant/shop, where the form says what it does.
ALTER TABLE "User" ADD COLUMN     "showAddress" BOOLEAN NOT NULL DEFAULT false;

-- The description's bound, as the domain checks it with a Thai message (app/domain/merchants/shop-profile.ts).
-- NOT VALID: a description written before the bound stays as it was; every new write is checked.
ALTER TABLE "User" ADD CONSTRAINT "User_shopDetail_length" CHECK (char_length("shopDetail") <= 500) NOT VALID;

-- What the public sees of a shop now depends on showAddress too: a change of it raises the "shops"
-- version (migration data_versions) like the other shop fields, so no process keeps a page that
-- shows (or hides) the address as it was.
DROP TRIGGER "User_shops_version_update" ON "User";
CREATE CONSTRAINT TRIGGER "User_shops_version_update" AFTER UPDATE ON "User"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (
    OLD."name" IS DISTINCT FROM NEW."name"
    OR ((OLD."roles" @> ARRAY['merchant']::"Role"[] OR NEW."roles" @> ARRAY['merchant']::"Role"[])
      AND (OLD."shopName", OLD."shopDetail", OLD."phone", OLD."email", OLD."address", OLD."lineId",
           OLD."shopImageId", OLD."roles", OLD."status", OLD."shippingFee", OLD."leadTimeDays",
           OLD."promptpayId" IS NULL, OLD."showAddress")
        IS DISTINCT FROM (NEW."shopName", NEW."shopDetail", NEW."phone", NEW."email", NEW."address", NEW."lineId",
           NEW."shopImageId", NEW."roles", NEW."status", NEW."shippingFee", NEW."leadTimeDays",
           NEW."promptpayId" IS NULL, NEW."showAddress"))
  )
  EXECUTE FUNCTION "data_version_raise"('shops');
