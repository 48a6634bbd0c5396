-- DropIndex
DROP INDEX "Order_sellerId_status_createdAt_idx";

-- CreateIndex
CREATE INDEX "Order_seller_statistics_idx" ON "Order"("sellerId", "status", "createdAt", "orderedAt", "totalPrice", "designId", "id");
