-- CreateEnum
CREATE TYPE "EventActor" AS ENUM ('user', 'merchant', 'admin', 'system');

-- CreateEnum
CREATE TYPE "OrderEventKind" AS ENUM ('status', 'payment', 'delivery');

-- CreateEnum
CREATE TYPE "PaymentStatus" AS ENUM ('unpaid', 'slip_sent', 'paid', 'refund_due', 'refunded');

-- CreateEnum
CREATE TYPE "PaymentMethod" AS ENUM ('promptpay', 'cash');

-- CreateEnum
CREATE TYPE "DeliveryMethod" AS ENUM ('pickup', 'carrier');

-- CreateEnum
CREATE TYPE "Carrier" AS ENUM ('thailand_post', 'kerry', 'flash', 'jt', 'other');

-- AlterTable
ALTER TABLE "OrderEvent" ADD COLUMN     "kind" "OrderEventKind" NOT NULL DEFAULT 'status',
ADD COLUMN     "note" TEXT,
ADD COLUMN     "paymentFrom" "PaymentStatus",
ADD COLUMN     "paymentTo" "PaymentStatus",
ALTER COLUMN "toStatus" DROP NOT NULL,
-- Kept, not dropped: every earlier event keeps who moved it (user, merchant and admin read the same).
ALTER COLUMN "actorRole" TYPE "EventActor" USING "actorRole"::text::"EventActor";

-- AlterTable
ALTER TABLE "StoredImage" ADD COLUMN     "private" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "OrderPayment" (
    "orderId" INTEGER NOT NULL,
    "status" "PaymentStatus" NOT NULL DEFAULT 'unpaid',
    "amount" DECIMAL(12,2) NOT NULL,
    "method" "PaymentMethod",
    "slipImageId" INTEGER,
    "slipSentAt" TIMESTAMP(3),
    "rejectReason" TEXT,
    "paidAt" TIMESTAMP(3),
    "refundedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OrderPayment_pkey" PRIMARY KEY ("orderId")
);

-- CreateTable
CREATE TABLE "OrderDelivery" (
    "orderId" INTEGER NOT NULL,
    "method" "DeliveryMethod" NOT NULL,
    "carrier" "Carrier",
    "trackingNumber" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OrderDelivery_pkey" PRIMARY KEY ("orderId")
);

-- CreateIndex
CREATE INDEX "OrderPayment_status_idx" ON "OrderPayment"("status");

-- CreateIndex
CREATE INDEX "Order_status_orderedAt_idx" ON "Order"("status", "orderedAt");

-- AddForeignKey
ALTER TABLE "OrderPayment" ADD CONSTRAINT "OrderPayment_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderPayment" ADD CONSTRAINT "OrderPayment_slipImageId_fkey" FOREIGN KEY ("slipImageId") REFERENCES "StoredImage"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderDelivery" ADD CONSTRAINT "OrderDelivery_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Orders a tailor has already taken owe their money: each gets its payment record, unpaid, for
-- its total (a canceled order never paid through the shop, so it has none).
INSERT INTO "OrderPayment" ("orderId", "status", "amount", "updatedAt")
SELECT "id", 'unpaid', "totalPrice", CURRENT_TIMESTAMP
FROM "Order"
WHERE "status" IN ('accepted', 'completed') AND "totalPrice" IS NOT NULL;
