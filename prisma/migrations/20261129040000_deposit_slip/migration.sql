-- A confirmed deposit's slip picture stays linked to its payment once the balance's slip takes the
-- current slip's place: served to the order's people, erased with the buyer's other slips.
ALTER TABLE "OrderPayment" ADD COLUMN "depositSlipImageId" INTEGER;

ALTER TABLE "OrderPayment" ADD CONSTRAINT "OrderPayment_depositSlipImageId_fkey" FOREIGN KEY ("depositSlipImageId") REFERENCES "StoredImage"("id") ON DELETE SET NULL ON UPDATE CASCADE;
