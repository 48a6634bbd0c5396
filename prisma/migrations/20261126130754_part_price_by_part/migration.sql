-- CreateIndex
CREATE INDEX "PartPrice_patternSid_merchantId_price_idx" ON "PartPrice"("patternSid", "merchantId", "price");
