-- CreateIndex
CREATE INDEX "Order_sellerId_id_idx" ON "Order"("sellerId", "id");
